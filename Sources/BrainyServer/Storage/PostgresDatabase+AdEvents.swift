import BrainyAPI
import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase {
    func recordAdEvents(_ events: [(event: AdEvent, claims: AdTokenClaims?)], userId: String, policy: RewardPolicy,
                        now: Date) async throws -> [AdEventResult]? {
        try await transaction { connection in
            // Locks the account: its uploads are judged one at a time on every instance, so a token is redeemed
            // once and the daily cap counts every reward before it.
            guard try await !connection.rows("SELECT id FROM account WHERE id = \(userId) FOR NO KEY UPDATE",
                                             logger: logger).isEmpty
            else { return nil }
            var results: [AdEventResult] = []
            for (event, claims) in events {
                if let seen = try await connection.rows("SELECT * FROM ad_event WHERE id = \(event.id)",
                                                        logger: logger).first {
                    guard try seen.value("account_id", as: String.self) == userId else {
                        results.append(.refused(event.id, .idTaken))
                        continue
                    }
                    results.append(AdEventResult(
                        id: event.id, accepted: try seen.value("accepted"),
                        reason: try seen.value("reason", as: String?.self).flatMap { AdEventRefusal(rawValue: $0) },
                        rewardHints: try seen.value("reward_hints")))
                    continue
                }
                let ad = try await connection.rows("SELECT * FROM house_ad WHERE id = \(event.adId)", logger: logger)
                    .first.map(Self.houseAd)
                var issued: IssuedAdToken?
                if let claims {
                    issued = try await connection.rows("SELECT * FROM ad_token WHERE nonce = \(claims.nonce)",
                                                       logger: logger).first.map(Self.issuedToken)
                }
                let day = policy.rewardDay(occurredAt: event.occurredAt, issuedAt: claims?.issueDate, now: now)
                let rewardsThatDay = try await connection.rows("""
                    SELECT count(*) AS rewards FROM ad_event WHERE account_id = \(userId) AND reward_day = \(day)
                    """, logger: logger).first?.value("rewards", as: Int.self) ?? 0
                let result = policy.judge(event, claims: claims, userId: userId, ad: ad, issued: issued,
                                          rewardsThatDay: rewardsThatDay, now: now)
                let rewarded = result.accepted && event.kind == .completion
                let rewardDay: Date? = rewarded ? day : nil
                try await connection.run("""
                    INSERT INTO ad_event (id, account_id, ad_id, kind, token_nonce, occurred_at, received_at, accepted,
                                          reason, reward_hints, reward_day)
                    VALUES (\(event.id), \(userId), \(event.adId), \(event.kind.rawValue), \(claims?.nonce),
                            \(event.occurredAt), \(now), \(result.accepted), \(result.reason?.rawValue),
                            \(result.rewardHints), \(rewardDay))
                    """, logger: logger)
                // A completion refused for the cap used its token up too: it cannot be claimed again another day.
                if rewarded || result.reason == .dailyCapReached, let claims {
                    try await connection.run("UPDATE ad_token SET redeemed_at = \(now) WHERE nonce = \(claims.nonce)",
                                             logger: logger)
                }
                results.append(result)
            }
            return results
        }
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
