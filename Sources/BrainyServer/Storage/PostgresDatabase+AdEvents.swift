import BrainyAPI
import BrainyKit
import Foundation
import Logging
import PostgresNIO

extension PostgresDatabase {
    /// Judges and stores a batch in a fixed number of statements, whatever its size (up to `AdsController.maxEvents`):
    /// the events already seen, the ads, the tokens and the rewards of the days concerned are read at once, the events
    /// judged in order in memory (a reward counting towards the next event's cap, a token redeemed once), then
    /// inserted and their tokens marked in one statement each. One statement per event (six round trips each) took a
    /// batch of 1,000 past the 4 s database deadline.
    func recordAdEvents(_ events: [(event: AdEvent, claims: AdTokenClaims?)], userId: String, policy: RewardPolicy,
                        now: Date) async throws -> [AdEventResult]? {
        try await transaction { connection in
            // Locks the account: its uploads are judged one at a time on every instance, so a token is redeemed
            // once and the daily cap counts every reward before it.
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(userId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            let ids = events.map(\.event.id)
            var seen: [String: PostgresRandomAccessRow] = [:]
            for row in try await connection.rows("SELECT * FROM ad_event WHERE id = ANY(\(ids))", logger: logger) {
                seen[try row.value("id")] = row
            }
            let adIds = Array(Set(events.map(\.event.adId)))
            var ads: [String: HouseAd] = [:]
            for row in try await connection.rows("SELECT * FROM house_ad WHERE id = ANY(\(adIds))", logger: logger) {
                let ad = try Self.houseAd(row)
                ads[ad.id] = ad
            }
            let nonces = Array(Set(events.compactMap(\.claims?.nonce)))
            var tokens: [String: IssuedAdToken] = [:]
            if !nonces.isEmpty {
                for row in try await connection.rows("SELECT * FROM ad_token WHERE nonce = ANY(\(nonces))",
                                                     logger: logger) {
                    let token = try Self.issuedToken(row)
                    tokens[token.claims.nonce] = token
                }
            }
            let days = Array(Set(events.map {
                policy.rewardDay(occurredAt: $0.event.occurredAt, issuedAt: $0.claims?.issueDate, now: now)
            }))
            var rewardsOn: [Date: Int] = [:]
            for row in try await connection.rows("""
                SELECT reward_day, count(*) AS rewards FROM ad_event
                WHERE account_id = \(userId) AND reward_day = ANY(\(days)) GROUP BY reward_day
                """, logger: logger) {
                rewardsOn[try row.value("reward_day", as: Date.self)] = try row.value("rewards", as: Int.self)
            }

            var results: [AdEventResult] = []
            var stored: [StoredAdEvent] = []
            var redeemed: [String] = []
            for (event, claims) in events {
                if let row = seen[event.id] {
                    guard try row.value("account_id", as: String.self) == userId else {
                        results.append(.refused(event.id, .idTaken))
                        continue
                    }
                    results.append(AdEventResult(
                        id: event.id, accepted: try row.value("accepted"),
                        reason: try row.value("reason", as: String?.self).flatMap { AdEventRefusal(rawValue: $0) },
                        rewardHints: try row.value("reward_hints")))
                    continue
                }
                let day = policy.rewardDay(occurredAt: event.occurredAt, issuedAt: claims?.issueDate, now: now)
                let issued = claims.flatMap { tokens[$0.nonce] }
                let result = policy.judge(event, claims: claims, userId: userId, ad: ads[event.adId], issued: issued,
                                          rewardsThatDay: rewardsOn[day, default: 0], now: now)
                let rewarded = result.accepted && event.kind == .completion
                if rewarded { rewardsOn[day, default: 0] += 1 }
                // A completion refused for the cap used its token up too: it cannot be claimed again another day.
                if rewarded || result.reason == .dailyCapReached, let claims {
                    redeemed.append(claims.nonce)
                    tokens[claims.nonce]?.redeemedAt = now
                }
                stored.append(StoredAdEvent(event: event, nonce: claims?.nonce, result: result,
                                            rewardDay: rewarded ? day : nil))
                results.append(result)
            }
            try await Self.insert(stored, userId: userId, receivedAt: now, on: connection, logger: logger)
            if !redeemed.isEmpty {
                try await connection.run("UPDATE ad_token SET redeemed_at = \(now) WHERE nonce = ANY(\(redeemed))",
                                         logger: logger)
            }
            return results
        }
    }

    /// An event judged in this batch, as it is stored.
    private struct StoredAdEvent {
        var event: AdEvent
        var nonce: String?
        var result: AdEventResult
        var rewardDay: Date?
    }

    /// One INSERT for the whole batch. Arrays cannot hold NULL here: an empty string or a false flag stands for it.
    private static func insert(_ stored: [StoredAdEvent], userId: String, receivedAt: Date,
                               on connection: PostgresConnection, logger: Logger) async throws {
        guard !stored.isEmpty else { return }
        try await connection.run("""
            INSERT INTO ad_event (id, account_id, ad_id, kind, token_nonce, occurred_at, received_at, accepted,
                                  reason, reward_hints, reward_day)
            SELECT id, \(userId), ad_id, kind, NULLIF(token_nonce, ''), occurred_at, \(receivedAt), accepted,
                   NULLIF(reason, ''), CASE WHEN has_hints THEN reward_hints END,
                   CASE WHEN rewarded THEN reward_day END
            FROM unnest(\(stored.map(\.event.id)), \(stored.map(\.event.adId)), \(stored.map(\.event.kind.rawValue)),
                        \(stored.map { $0.nonce ?? "" }), \(stored.map(\.event.occurredAt)),
                        \(stored.map(\.result.accepted)), \(stored.map { $0.result.reason?.rawValue ?? "" }),
                        \(stored.map { $0.result.rewardHints != nil }), \(stored.map { $0.result.rewardHints ?? 0 }),
                        \(stored.map { $0.rewardDay != nil }), \(stored.map { $0.rewardDay ?? receivedAt }))
                 AS e(id, ad_id, kind, token_nonce, occurred_at, accepted, reason, has_hints, reward_hints, rewarded,
                      reward_day)
            """, logger: logger)
    }

    func adReport() async throws -> AdReportResponse {
        let rows = try await rows("""
            SELECT a.*,
                   (SELECT count(*) FROM ad_token t WHERE t.ad_id = a.id) AS served,
                   coalesce(e.impressions, 0) AS impressions, coalesce(e.opens, 0) AS opens,
                   coalesce(e.completions, 0) AS completions, coalesce(e.granted, 0) AS granted,
                   coalesce(e.refused, 0) AS refused
            FROM house_ad a LEFT JOIN (
                SELECT ad_id,
                       count(*) FILTER (WHERE kind = 'impression' AND accepted) AS impressions,
                       count(*) FILTER (WHERE kind = 'open' AND accepted) AS opens,
                       count(*) FILTER (WHERE kind = 'completion') AS completions,
                       count(*) FILTER (WHERE kind = 'completion' AND accepted) AS granted,
                       count(*) FILTER (WHERE kind = 'completion' AND NOT accepted) AS refused
                FROM ad_event GROUP BY ad_id
            ) e ON e.ad_id = a.id
            ORDER BY a.id COLLATE "C"
            """)
        return AdReportResponse(ads: try rows.map { row in
            let ad = try Self.houseAd(row)
            return AdReportResponse.Entry(
                id: ad.id, sponsor: ad.sponsor, placement: ad.placement, lang: ad.lang, paused: ad.paused,
                served: try row.value("served"), impressions: try row.value("impressions"),
                opens: try row.value("opens"), completions: try row.value("completions"),
                rewardsGranted: try row.value("granted"), rewardsRefused: try row.value("refused"))
        })
    }
}
