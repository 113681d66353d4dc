import BrainyAPI
import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: SyncChangeStore {
    public func changes(accountId: String, since: Int64, limit: Int) async throws -> SyncChangesResponse {
        try await writer.read { db in
            let quizzes = try Row.fetchAll(db, sql: """
                SELECT * FROM quiz WHERE accountId = ? AND syncSeq > ? ORDER BY syncSeq LIMIT ?
                """, arguments: [accountId, since, limit + 1]).map { NumberedChange(seq: $0["syncSeq"], item: try Self.quiz($0)) }
            let results = try Row.fetchAll(db, sql: """
                SELECT * FROM result WHERE accountId = ? AND syncSeq > ? ORDER BY syncSeq LIMIT ?
                """, arguments: [accountId, since, limit + 1]).map { NumberedChange(seq: $0["syncSeq"], item: try Self.result($0)) }
            var page = SyncChangePage.page(quizzes: quizzes, results: results, since: since, limit: limit)
            // The quizzes of this page's results that come later: sent now too, so that a result never waits for its
            // quiz. Those numbered at or before the cursor were sent before. One statement for the page.
            let missing = SyncChangePage.missingQuizIds((page.quizzes, page.results))
            if !missing.isEmpty {
                page.quizzes += try Row.fetchAll(db.cachedStatement(sql: Self.quizzesAhead),
                                                 arguments: [Self.jsonArray(missing), accountId, page.cursor])
                    .map(Self.quiz)
            }
            return SyncChangesResponse(quizzes: page.quizzes, results: page.results, cursor: page.cursor,
                                       more: page.more)
        }
    }

    /// The account's quizzes among the ids of a JSON array, numbered after a cursor, in their order. Arguments: the
    /// ids (`jsonArray`), accountId, the cursor. CROSS JOIN keeps the ids outside, so that each is read by the quiz's
    /// primary key rather than every quiz of the account after the cursor by quiz_on_accountId_syncSeq.
    static let quizzesAhead = """
        SELECT quiz.* FROM json_each(?) AS ids CROSS JOIN quiz ON quiz.id = ids.value
        WHERE quiz.accountId = ? AND quiz.syncSeq > ?
        ORDER BY quiz.syncSeq
        """

    /// `strings` as a JSON array, one argument for `json_each`.
    static func jsonArray(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }

    private static func quiz(_ row: Row) throws -> UploadedQuiz {
        UploadedQuiz(id: row["id"], category: try value(row, "category"), type: try value(row, "type"),
                     format: try value(row, "format"), correctCount: row["correctCount"],
                     questionCount: row["questionCount"], startedAt: row["startedAt"], finishedAt: row["finishedAt"],
                     stage: row["stage"])
    }

    private static func result(_ row: Row) throws -> UploadedResult {
        UploadedResult(id: row["id"], quizId: row["quizId"], questionId: row["questionId"],
                       category: try value(row, "category"), type: try value(row, "type"),
                       outcome: try value(row, "outcome"), timeSpent: row["timeSpent"], answeredAt: row["answeredAt"],
                       hintUsed: row["hintUsed"], answer: row["answer"], given: row["given"],
                       optionOrder: StoredOptionOrder.order(row["optionOrder"]))
    }

    private static func value<T: RawRepresentable>(_ row: Row, _ column: String) throws -> T where T.RawValue == String {
        let raw: String = row[column]
        guard let value = T(rawValue: raw) else {
            throw StorageError(message: "The database holds '\(raw)' in \(column), which this brainy-server does not know.")
        }
        return value
    }

    /// Numbers every quiz and result as it is stored, per account (`sync_counter`), and the ones stored before in
    /// their order of arrival, quizzes before the results that came with them.
    static func registerSyncSequence(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12-sync-sequence") { db in
            try db.create(table: "sync_counter") { t in
                t.primaryKey("accountId", .text).references("account", onDelete: .cascade)
                t.column("seq", .integer).notNull()
            }
            try db.alter(table: "quiz") { t in t.add(column: "syncSeq", .integer) }
            try db.alter(table: "result") { t in t.add(column: "syncSeq", .integer) }
            try db.execute(sql: """
                CREATE TEMP TABLE sync_fill AS
                SELECT kind, id, accountId,
                       ROW_NUMBER() OVER (PARTITION BY accountId ORDER BY receivedAt, kind DESC, id) AS n
                FROM (SELECT 'quiz' AS kind, id, accountId, receivedAt FROM quiz
                      UNION ALL SELECT 'result', id, accountId, receivedAt FROM result)
                """)
            try db.execute(sql: """
                UPDATE quiz SET syncSeq = (SELECT n FROM sync_fill WHERE kind = 'quiz' AND sync_fill.id = quiz.id);
                UPDATE result SET syncSeq = (SELECT n FROM sync_fill WHERE kind = 'result' AND sync_fill.id = result.id);
                INSERT INTO sync_counter (accountId, seq) SELECT accountId, max(n) FROM sync_fill GROUP BY accountId;
                DROP TABLE sync_fill;
                """)
            try db.create(index: "quiz_on_accountId_syncSeq", on: "quiz", columns: ["accountId", "syncSeq"])
            try db.create(index: "result_on_accountId_syncSeq", on: "result", columns: ["accountId", "syncSeq"])
            // Rows are numbered in the transaction that stores them, so a reader sees a number only with all before it
            // (SQLite has one writer at a time). A row ignored as already held takes no number.
            for table in ["quiz", "result"] {
                try db.execute(sql: """
                    CREATE TRIGGER \(table)_sync_seq AFTER INSERT ON \(table) BEGIN
                        INSERT INTO sync_counter (accountId, seq) VALUES (NEW.accountId, 1)
                        ON CONFLICT (accountId) DO UPDATE SET seq = seq + 1;
                        UPDATE \(table) SET syncSeq = (SELECT seq FROM sync_counter WHERE accountId = NEW.accountId)
                        WHERE id = NEW.id;
                    END
                    """)
            }
        }
    }
}
