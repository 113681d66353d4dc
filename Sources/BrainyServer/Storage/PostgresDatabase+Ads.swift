import BrainyAPI
import BrainyKit
import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase: AdStore {
    static func houseAd(_ row: PostgresRandomAccessRow) throws -> HouseAd {
        HouseAd(id: try row.value("id"), sponsor: try row.value("sponsor"), text: try row.value("text"),
                link: try row.value("link"),
                placement: AdPlacement(rawValue: try row.value("placement")) ?? .quizEnd, lang: try row.value("lang"),
                weight: try row.value("weight"), durationSeconds: try row.value("duration_seconds"),
                rewardHints: try row.value("reward_hints"), paused: try row.value("paused"))
    }

    private static func insert(_ ad: HouseAd, at date: Date, on connection: PostgresConnection, logger: Logger)
        async throws -> Bool {
        try await !connection.rows("""
            INSERT INTO house_ad (id, sponsor, text, link, placement, lang, weight, duration_seconds, reward_hints,
                                  paused, created_at)
            VALUES (\(ad.id), \(ad.sponsor), \(ad.text), \(ad.link), \(ad.placement.rawValue), \(ad.lang), \(ad.weight),
                    \(ad.durationSeconds), \(ad.rewardHints), \(ad.paused), \(date))
            ON CONFLICT DO NOTHING RETURNING id
            """, logger: logger).isEmpty
    }

    func seedHouseAds(_ ads: [HouseAd], at date: Date) async throws {
        try await transaction { connection in
            try await Self.seedHouseAds(ads, at: date, on: connection, logger: logger)
        }
    }

    static func seedHouseAds(_ ads: [HouseAd], at date: Date, on connection: PostgresConnection, logger: Logger)
        async throws {
        for ad in ads { _ = try await insert(ad, at: date, on: connection, logger: logger) }
    }

    func houseAds() async throws -> [HouseAd] {
        try await rows("SELECT * FROM house_ad ORDER BY id COLLATE \"C\"").map(Self.houseAd)
    }

    func addHouseAd(_ ad: HouseAd, at date: Date) async throws -> Bool {
        try await transaction { connection in try await Self.insert(ad, at: date, on: connection, logger: logger) }
    }

    func setPaused(_ paused: Bool, adId: String) async throws -> HouseAd? {
        try await rows("UPDATE house_ad SET paused = \(paused) WHERE id = \(adId) RETURNING *").first.map(Self.houseAd)
    }

    func servableAds(_ placement: AdPlacement) async throws -> [HouseAd] {
        try await rows("""
            SELECT * FROM house_ad WHERE placement = \(placement.rawValue) AND NOT paused ORDER BY id COLLATE "C"
            """).map(Self.houseAd)
    }

    func recordIssued(_ tokens: [IssuedAdToken]) async throws -> Bool {
        try await transaction { connection in
            for userId in Set(tokens.map(\.claims.userId)) {
                guard try await !connection.rows("SELECT id FROM account WHERE id = \(userId)", logger: logger)
                    .isEmpty
                else { return false }
            }
            for token in tokens {
                let claims = token.claims
                try await connection.run("""
                    INSERT INTO ad_token (nonce, ad_id, account_id, placement, issued_at, expires_at)
                    VALUES (\(claims.nonce), \(claims.adId), \(claims.userId), \(claims.placement.rawValue),
                            \(claims.issuedAt), \(token.expiresAt))
                    """, logger: logger)
            }
            return true
        }
    }

    func quizzesFinished(accountId: String, in day: DateInterval) async throws -> Int {
        try await rows("""
            SELECT count(*) AS quizzes FROM quiz
            WHERE account_id = \(accountId) AND finished_at >= \(day.start) AND finished_at < \(day.end)
            """).first?.value("quizzes") ?? 0
    }

    func rewardsGranted(accountId: String, day: Date) async throws -> Int {
        try await rows("""
            SELECT count(*) AS rewards FROM ad_event WHERE account_id = \(accountId) AND reward_day = \(day)
            """).first?.value("rewards") ?? 0
    }

    static func issuedToken(_ row: PostgresRandomAccessRow) throws -> IssuedAdToken {
        IssuedAdToken(
            claims: AdTokenClaims(adId: try row.value("ad_id"), userId: try row.value("account_id"),
                                  placement: AdPlacement(rawValue: try row.value("placement")) ?? .quizEnd,
                                  nonce: try row.value("nonce"), issuedAt: try row.value("issued_at")),
            expiresAt: try row.value("expires_at"), redeemedAt: try row.value("redeemed_at"))
    }
}
