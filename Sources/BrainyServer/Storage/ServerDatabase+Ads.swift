import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: AdStore {
    static func houseAd(_ row: Row) -> HouseAd {
        HouseAd(id: row["id"], sponsor: row["sponsor"], text: row["text"], link: row["link"],
                placement: AdPlacement(rawValue: row["placement"]) ?? .quizEnd, lang: row["lang"],
                weight: row["weight"], durationSeconds: row["durationSeconds"], rewardHints: row["rewardHints"],
                paused: row["paused"])
    }

    static func insert(_ ad: HouseAd, at date: Date, db: Database) throws -> Bool {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO house_ad (id, sponsor, text, link, placement, lang, weight, durationSeconds,
                                                rewardHints, paused, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [ad.id, ad.sponsor, ad.text, ad.link, ad.placement.rawValue, ad.lang, ad.weight,
                        ad.durationSeconds, ad.rewardHints, ad.paused, date])
        return db.changesCount == 1
    }

    func seedHouseAds(_ ads: [HouseAd], at date: Date) async throws {
        try await writer.write { db in
            for ad in ads { _ = try Self.insert(ad, at: date, db: db) }
        }
    }

    func houseAds() async throws -> [HouseAd] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM house_ad ORDER BY id").map(Self.houseAd)
        }
    }

    func addHouseAd(_ ad: HouseAd, at date: Date) async throws -> Bool {
        try await writer.write { db in try Self.insert(ad, at: date, db: db) }
    }

    func setPaused(_ paused: Bool, adId: String) async throws -> HouseAd? {
        try await writer.write { db in
            try db.execute(sql: "UPDATE house_ad SET paused = ? WHERE id = ?", arguments: [paused, adId])
            return try Row.fetchOne(db, sql: "SELECT * FROM house_ad WHERE id = ?", arguments: [adId])
                .map(Self.houseAd)
        }
    }

    func servableAds(_ placement: AdPlacement) async throws -> [HouseAd] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM house_ad WHERE placement = ? AND NOT paused ORDER BY id",
                             arguments: [placement.rawValue]).map(Self.houseAd)
        }
    }

    func recordIssued(_ tokens: [IssuedAdToken]) async throws -> Bool {
        try await writer.write { db in
            for userId in Set(tokens.map(\.claims.userId)) {
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)",
                                        arguments: [userId]) == true
                else { return false }
            }
            for token in tokens {
                let claims = token.claims
                try db.execute(
                    sql: """
                        INSERT INTO ad_token (nonce, adId, accountId, placement, issuedAt, expiresAt)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [claims.nonce, claims.adId, claims.userId, claims.placement.rawValue, claims.issuedAt,
                                token.expiresAt])
            }
            return true
        }
    }

    func quizzesFinished(accountId: String, in day: DateInterval) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM quiz WHERE accountId = ? AND finishedAt >= ? AND finishedAt < ?",
                             arguments: [accountId, day.start, day.end]) ?? 0
        }
    }

    func rewardsGranted(accountId: String, day: Date) async throws -> Int {
        try await writer.read { db in try Self.rewardsGranted(accountId: accountId, day: day, db: db) }
    }

    static func rewardsGranted(accountId: String, day: Date, db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM ad_event WHERE accountId = ? AND rewardDay = ?",
                         arguments: [accountId, day]) ?? 0
    }

    static func issuedToken(_ row: Row) -> IssuedAdToken {
        IssuedAdToken(
            claims: AdTokenClaims(adId: row["adId"], userId: row["accountId"],
                                  placement: AdPlacement(rawValue: row["placement"]) ?? .quizEnd, nonce: row["nonce"],
                                  issuedAt: row["issuedAt"]),
            expiresAt: row["expiresAt"], redeemedAt: row["redeemedAt"])
    }
}
