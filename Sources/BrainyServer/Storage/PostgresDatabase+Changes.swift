import BrainyAPI
import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: SyncChangeStore {
    public func changes(accountId: String, since: Int64, limit: Int) async throws -> SyncChangesResponse {
        try await transaction { [logger] connection in
            // One snapshot for both tables: read apart, a quiz and a result stored together in between could be seen
            // one without the other, and the cursor would pass the quiz.
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            let quizzes = try await connection.rows("""
                SELECT * FROM quiz WHERE account_id = \(accountId) AND sync_seq > \(since)
                ORDER BY sync_seq LIMIT \(limit + 1)
                """, logger: logger).map { NumberedChange(seq: try $0.value("sync_seq", as: Int64.self), item: try Self.quiz($0)) }
            let results = try await connection.rows("""
                SELECT * FROM result WHERE account_id = \(accountId) AND sync_seq > \(since)
                ORDER BY sync_seq LIMIT \(limit + 1)
                """, logger: logger).map { NumberedChange(seq: try $0.value("sync_seq", as: Int64.self), item: try Self.result($0)) }
            var page = SyncChangePage.page(quizzes: quizzes, results: results, since: since, limit: limit)
            let missing = SyncChangePage.missingQuizIds((page.quizzes, page.results))
            if !missing.isEmpty {
                page.quizzes += try await connection.rows(Self.quizzesAhead(missing, accountId: accountId,
                                                                            after: page.cursor),
                                                          logger: logger).map(Self.quiz)
            }
            return SyncChangesResponse(quizzes: page.quizzes, results: page.results, cursor: page.cursor,
                                       more: page.more)
        }
    }

    /// The account's quizzes among `ids` numbered after `cursor`, in their order: one statement for a page, each id
    /// read by quiz_pkey.
    static func quizzesAhead(_ ids: [String], accountId: String, after cursor: Int64) -> PostgresQuery {
        """
        SELECT * FROM quiz WHERE id = ANY(\(ids)) AND account_id = \(accountId) AND sync_seq > \(cursor)
        ORDER BY sync_seq
        """
    }

    private static func quiz(_ row: PostgresRandomAccessRow) throws -> UploadedQuiz {
        UploadedQuiz(id: try row.value("id"), category: try value(row, "category"), type: try value(row, "type"),
                     format: try value(row, "format"), correctCount: try row.value("correct_count"),
                     questionCount: try row.value("question_count"), startedAt: try row.value("started_at"),
                     finishedAt: try row.value("finished_at", as: Date?.self),
                     stage: try row.value("stage", as: Int?.self))
    }

    private static func result(_ row: PostgresRandomAccessRow) throws -> UploadedResult {
        UploadedResult(id: try row.value("id"), quizId: try row.value("quiz_id"), questionId: try row.value("question_id"),
                       category: try value(row, "category"), type: try value(row, "type"),
                       outcome: try value(row, "outcome"), timeSpent: try row.value("time_spent"),
                       answeredAt: try row.value("answered_at"), hintUsed: try row.value("hint_used"),
                       answer: try row.value("answer", as: String?.self),
                       given: try row.value("given_answer", as: String?.self),
                       optionOrder: StoredOptionOrder.order(try row.value("option_order", as: String?.self)))
    }

    private static func value<T: RawRepresentable>(_ row: PostgresRandomAccessRow, _ column: String) throws -> T
        where T.RawValue == String {
        let raw: String = try row.value(column)
        guard let value = T(rawValue: raw) else {
            throw StorageError(message: "The database holds '\(raw)' in \(column), which this brainy-server does not know.")
        }
        return value
    }

    /// As SQLite's v12-sync-sequence: every quiz and result numbered per account as it is stored (a BEFORE INSERT
    /// trigger bumping the account's counter row, whose lock holds the account's other writers until commit, so that
    /// numbers become visible in order), and the ones stored before numbered in their order of arrival.
    static let syncSequenceMigrations: [Migration] = [
        Migration(id: "v8-sync-sequence", statements: [
            """
            CREATE TABLE sync_counter (
                account_id TEXT PRIMARY KEY REFERENCES account ON DELETE CASCADE,
                seq BIGINT NOT NULL
            )
            """,
            "ALTER TABLE quiz ADD COLUMN sync_seq BIGINT",
            "ALTER TABLE result ADD COLUMN sync_seq BIGINT",
            """
            CREATE TEMP TABLE sync_fill ON COMMIT DROP AS
            SELECT kind, id, account_id,
                   ROW_NUMBER() OVER (PARTITION BY account_id ORDER BY received_at, kind DESC, id COLLATE "C") AS n
            FROM (SELECT 'quiz' AS kind, id, account_id, received_at FROM quiz
                  UNION ALL SELECT 'result', id, account_id, received_at FROM result) AS items
            """,
            "UPDATE quiz SET sync_seq = f.n FROM sync_fill f WHERE f.kind = 'quiz' AND f.id = quiz.id",
            "UPDATE result SET sync_seq = f.n FROM sync_fill f WHERE f.kind = 'result' AND f.id = result.id",
            "INSERT INTO sync_counter (account_id, seq) SELECT account_id, max(n) FROM sync_fill GROUP BY account_id",
            "CREATE INDEX quiz_on_account_id_sync_seq ON quiz (account_id, sync_seq)",
            "CREATE INDEX result_on_account_id_sync_seq ON result (account_id, sync_seq)",
            """
            CREATE FUNCTION next_sync_seq() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO sync_counter (account_id, seq) VALUES (NEW.account_id, 1)
                ON CONFLICT (account_id) DO UPDATE SET seq = sync_counter.seq + 1
                RETURNING seq INTO NEW.sync_seq;
                RETURN NEW;
            END
            $$
            """,
            "CREATE TRIGGER quiz_sync_seq BEFORE INSERT ON quiz FOR EACH ROW EXECUTE FUNCTION next_sync_seq()",
            "CREATE TRIGGER result_sync_seq BEFORE INSERT ON result FOR EACH ROW EXECUTE FUNCTION next_sync_seq()",
        ]),
    ]
}
