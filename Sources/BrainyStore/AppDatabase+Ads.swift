import BrainyKit
import Foundation
import GRDB

extension AppDatabase: AdRepository {
    public func replaceCachedAds(_ ads: [CachedAd], userId: String, placement: AdPlacement, lang: String,
                                 now: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM cachedAd WHERE userId = ? AND placement = ? AND (lang = ? OR expiresAt <= ?)",
                           arguments: [userId, placement.rawValue, lang, now])
            for ad in ads {
                let encoded = try JSONEncoder().encode(ad)
                try db.execute(sql: """
                    INSERT OR REPLACE INTO cachedAd (token, userId, adId, placement, lang, ad, expiresAt, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [ad.token, userId, ad.id, placement.rawValue, lang, encoded,
                                     ad.expiresAt, now])
            }
        }
    }

    public func nextCachedAd(userId: String, placement: AdPlacement, lang: String,
                             now: Date) throws(StoreError) -> CachedAd? {
        try read { db in
            // The language asked for first, then any; never shown before the least recently shown.
            let data = try Data.fetchOne(db, sql: """
                SELECT ad FROM cachedAd WHERE userId = ? AND placement = ? AND expiresAt > ?
                ORDER BY lang = ? DESC, shownAt IS NOT NULL, shownAt, fetchedAt LIMIT 1
                """, arguments: [userId, placement.rawValue, now, lang])
            return data.flatMap { try? JSONDecoder().decode(CachedAd.self, from: $0) }
        }
    }

    public func markAdShown(token: String, at: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE cachedAd SET shownAt = ? WHERE token = ?", arguments: [at, token])
        }
    }

    public func removeCachedAd(token: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM cachedAd WHERE token = ?", arguments: [token])
        }
    }

    public func recordAdEvent(_ event: AdEventRecord) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO adEvent (id, userId, kind, adId, sponsor, token, occurredAt, rewardHints)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [event.id, event.userId, event.kind.rawValue, event.adId, event.sponsor, event.token,
                                 event.occurredAt, event.rewardHints])
            if event.kind == .completion, event.rewardHints > 0, db.changesCount > 0 {
                try Self.insertCreditEvent(db, userId: event.userId, CreditEvent(
                    id: CreditLedger.adRewardId(adEventId: event.id), kind: .adReward, amount: event.rewardHints,
                    ref: event.id, occurredAt: event.occurredAt))
            }
        }
    }

    public func pendingAdEvents(userId: String) throws(StoreError) -> [AdEventRecord] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM adEvent WHERE userId = ? AND sentAt IS NULL ORDER BY occurredAt, rowid
                """, arguments: [userId]).compactMap { row in
                guard let kind = AdActivity(rawValue: row["kind"]) else { return nil }
                return AdEventRecord(id: row["id"], userId: row["userId"], kind: kind, adId: row["adId"],
                                     sponsor: row["sponsor"], token: row["token"], occurredAt: row["occurredAt"],
                                     rewardHints: row["rewardHints"])
            }
        }
    }

    public func markAdEventsSent(ids: [String], at: Date) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write { db in
            for id in ids {
                try db.execute(sql: "UPDATE adEvent SET sentAt = ? WHERE id = ? AND sentAt IS NULL", arguments: [at, id])
            }
        }
    }

    public func revokeAdReward(eventId: String, userId: String, reason: String, at: Date) throws(StoreError) -> Int {
        try write { db in
            guard try Int.fetchOne(db, sql: """
                SELECT rewardHints FROM adEvent WHERE id = ? AND userId = ? AND sentAt IS NULL
                """, arguments: [eventId, userId]) != nil else { return 0 }
            // The reward's grant no longer counts (never sent, so no other device counts it either); a credit already
            // spent from it stays spent, so the balance may owe it to the next grant.
            let held = CreditLedger.balance(sum: try Self.creditSum(db, userId: userId))
            try db.execute(sql: """
                UPDATE creditEvent SET state = 'refused', refusal = ? WHERE userId = ? AND id = ? AND state = 'pending'
                """, arguments: [reason, userId, CreditLedger.adRewardId(adEventId: eventId)])
            let taken = held - CreditLedger.balance(sum: try Self.creditSum(db, userId: userId))
            try db.execute(sql: "UPDATE adEvent SET sentAt = ?, refusal = ? WHERE id = ?",
                           arguments: [at, reason, eventId])
            return taken
        }
    }

    public func adCompletions(userId: String, since start: Date) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM adEvent WHERE userId = ? AND kind = 'completion' AND occurredAt >= ?
                """, arguments: [userId, start]) ?? 0
        }
    }

    public func finishedQuizCount(userId: String, since start: Date) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM quiz WHERE userId = ? AND status = 'finished' AND finishedAt >= ?
                """, arguments: [userId, start]) ?? 0
        }
    }
}
