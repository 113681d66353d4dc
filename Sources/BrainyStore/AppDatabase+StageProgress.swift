import BrainyKit
import Foundation
import GRDB

extension AppDatabase: StageProgressRepository {
    public func stagesReached(userId: String) throws(StoreError) -> [StageReached] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT category, type, highestCleared, updatedAt FROM stageProgress WHERE userId = ?
                ORDER BY category, type
                """, arguments: [userId]).compactMap { row in
                guard let category = QuizCategory(rawValue: row["category"]), let type = QuizType(rawValue: row["type"])
                else { return nil }
                return StageReached(category: category, type: type, highestCleared: row["highestCleared"],
                                    updatedAt: row["updatedAt"])
            }
        }
    }

    public func keepStagesReached(_ stages: [StageReached], userId: String) throws(StoreError) -> Int {
        try write { db in
            var moved = 0
            for stage in stages {
                try db.execute(sql: """
                    INSERT INTO stageProgress (userId, category, type, highestCleared, updatedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(userId, category, type) DO UPDATE SET
                      highestCleared = excluded.highestCleared, updatedAt = excluded.updatedAt
                    WHERE excluded.highestCleared > stageProgress.highestCleared
                    """, arguments: [userId, stage.category.rawValue, stage.type.rawValue, stage.highestCleared,
                                     stage.updatedAt])
                moved += db.changesCount
            }
            return moved
        }
    }
}
