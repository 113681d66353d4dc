import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase {
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
