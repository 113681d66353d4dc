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

    private static func rewardsGranted(accountId: String, day: Date, db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM ad_event WHERE accountId = ? AND rewardDay = ?",
                         arguments: [accountId, day]) ?? 0
    }

    func recordAdEvents(_ events: [(event: AdEvent, claims: AdTokenClaims?)], userId: String, policy: RewardPolicy,
                        now: Date) async throws -> [AdEventResult]? {
        try await writer.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE id = ?)", arguments: [userId])
                == true
            else { return nil }
            var results: [AdEventResult] = []
            for (event, claims) in events {
                if let seen = try Row.fetchOne(db, sql: "SELECT * FROM ad_event WHERE id = ?", arguments: [event.id]) {
                    guard seen["accountId"] as String == userId else {
                        results.append(.refused(event.id, .idTaken))
                        continue
                    }
                    results.append(AdEventResult(id: event.id, accepted: seen["accepted"],
                                                 reason: (seen["reason"] as String?).flatMap { AdEventRefusal(rawValue: $0) },
                                                 rewardHints: seen["rewardHints"]))
                    continue
                }
                let ad = try Row.fetchOne(db, sql: "SELECT * FROM house_ad WHERE id = ?", arguments: [event.adId])
                    .map(Self.houseAd)
                let issued = try claims.flatMap { claims in
                    try Row.fetchOne(db, sql: "SELECT * FROM ad_token WHERE nonce = ?", arguments: [claims.nonce])
                        .map(Self.issuedToken)
                }
                let day = policy.rewardDay(occurredAt: event.occurredAt, issuedAt: claims?.issueDate, now: now)
                let result = policy.judge(event, claims: claims, userId: userId, ad: ad, issued: issued,
                                          rewardsThatDay: try Self.rewardsGranted(accountId: userId, day: day, db: db),
                                          now: now)
                let rewarded = result.accepted && event.kind == .completion
                try db.execute(
                    sql: """
                        INSERT INTO ad_event (id, accountId, adId, kind, tokenNonce, occurredAt, receivedAt, accepted,
                                              reason, rewardHints, rewardDay)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [event.id, userId, event.adId, event.kind.rawValue, claims?.nonce, event.occurredAt, now,
                                result.accepted, result.reason?.rawValue, result.rewardHints, rewarded ? day : nil])
                // A completion refused for the cap used its token up too: it cannot be claimed again another day.
                if rewarded || result.reason == .dailyCapReached, let claims {
                    try db.execute(sql: "UPDATE ad_token SET redeemedAt = ? WHERE nonce = ?", arguments: [now, claims.nonce])
                }
                results.append(result)
            }
            return results
        }
    }

    static func issuedToken(_ row: Row) -> IssuedAdToken {
        IssuedAdToken(
            claims: AdTokenClaims(adId: row["adId"], userId: row["accountId"],
                                  placement: AdPlacement(rawValue: row["placement"]) ?? .quizEnd, nonce: row["nonce"],
                                  issuedAt: row["issuedAt"]),
            expiresAt: row["expiresAt"], redeemedAt: row["redeemedAt"])
    }

    func adReport() async throws -> AdReportResponse {
        try await writer.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT a.*,
                       (SELECT count(*) FROM ad_token t WHERE t.adId = a.id) AS served,
                       coalesce(e.impressions, 0) AS impressions, coalesce(e.opens, 0) AS opens,
                       coalesce(e.completions, 0) AS completions, coalesce(e.granted, 0) AS granted,
                       coalesce(e.refused, 0) AS refused
                FROM house_ad a LEFT JOIN (
                    SELECT adId,
                           sum(kind = 'impression' AND accepted) AS impressions,
                           sum(kind = 'open' AND accepted) AS opens,
                           sum(kind = 'completion') AS completions,
                           sum(kind = 'completion' AND accepted) AS granted,
                           sum(kind = 'completion' AND NOT accepted) AS refused
                    FROM ad_event GROUP BY adId
                ) e ON e.adId = a.id
                ORDER BY a.id
                """)
            return AdReportResponse(ads: rows.map { row in
                let ad = Self.houseAd(row)
                return AdReportResponse.Entry(
                    id: ad.id, sponsor: ad.sponsor, placement: ad.placement, lang: ad.lang, paused: ad.paused,
                    served: row["served"], impressions: row["impressions"], opens: row["opens"],
                    completions: row["completions"], rewardsGranted: row["granted"], rewardsRefused: row["refused"])
            })
        }
    }
}
