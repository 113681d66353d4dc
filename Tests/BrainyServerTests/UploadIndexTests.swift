import Foundation
import GRDB
import PostgresNIO
import Testing
@testable import BrainyServer

/// An upload judges each quiz it touches and counts the day's quota: those statements read indexes of the account's
/// own rows (v19-upload-indexes on SQLite, v16-upload-indexes on PostgreSQL), so that an upload's cost follows the
/// batch, not the square of the history. The plans asked are those of the statements the stores run.
@Suite struct UploadIndexTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static func sqlitePlan(_ sql: String, _ arguments: StatementArguments) async throws -> String {
        let database = try ServerDatabase.inMemory()
        return try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { $0["detail"] as String? ?? "" }.joined(separator: " | ")
        }
    }

    /// Three accounts' histories as an upload leaves them: 1,500 ranked quizzes each, ten minutes apart from
    /// 2026-10-01, of five ranked answers each, their first answers, each received a minute after it ended; twenty
    /// other players' first answers; then ANALYZE.
    /// Plans are asked as the server would meet them, not on empty tables, which PostgreSQL reads whole at no cost.
    static let history = [
        """
        INSERT INTO account (id, email, display_name, password_hash, created_at)
        SELECT 'acc' || a, 'player' || a || '@example.com', 'Player', '', timestamptz '2026-09-01'
        FROM generate_series(1, 3) a
        """,
        """
        INSERT INTO quiz (id, account_id, category, type, format, correct_count, question_count, started_at,
                          finished_at, received_at, ranked)
        SELECT 'q' || a || '-' || i, 'acc' || a, 'country', 'multiple_choice', 'normal', 3, 5,
               timestamptz '2026-10-01' + i * interval '10 minutes',
               timestamptz '2026-10-01' + i * interval '10 minutes' + interval '2 minutes',
               timestamptz '2026-10-01' + i * interval '10 minutes' + interval '3 minutes', true
        FROM generate_series(1, 3) a, generate_series(1, 1500) i
        """,
        """
        INSERT INTO result (id, account_id, quiz_id, question_id, category, type, outcome, time_spent, answered_at,
                            hint_used, received_at, ranked, eligible)
        SELECT 'r' || a || '-' || i || '-' || k, 'acc' || a, 'q' || a || '-' || i, 'question' || ((i * 5 + k) % 3000),
               'country', 'multiple_choice', 'correct', 5,
               timestamptz '2026-10-01' + i * interval '10 minutes' + k * interval '20 seconds', false,
               timestamptz '2026-10-01' + i * interval '10 minutes' + interval '3 minutes', true, true
        FROM generate_series(1, 3) a, generate_series(1, 1500) i, generate_series(1, 5) k
        """,
        """
        INSERT INTO first_answer (day, account_id, question_id, result_id, answered_at, outcome)
        SELECT DISTINCT ON (day, account_id, question_id)
               floor(extract(epoch FROM answered_at) / 86400)::integer AS day, account_id, question_id, id,
               answered_at, outcome
        FROM result ORDER BY day, account_id, question_id, answered_at, id
        """,
        // The other players of a server: first answers are every account's, and a statement that reads them whole
        // grows with the server, not with the account.
        """
        INSERT INTO account (id, email, display_name, password_hash, created_at)
        SELECT 'other' || a, 'other' || a || '@example.com', 'Other', '', timestamptz '2026-09-01'
        FROM generate_series(1, 20) a
        """,
        """
        INSERT INTO first_answer (day, account_id, question_id, result_id, answered_at, outcome)
        SELECT 20727 + i / 720, 'other' || a, 'question' || i, 'other' || a || '-' || i,
               timestamptz '2026-10-01' + i * interval '2 minutes', 'correct'
        FROM generate_series(1, 20) a, generate_series(1, 5000) i
        """,
        "ANALYZE",
    ]

    /// The history's start, and the upload judged: the last 200 quizzes of acc1.
    static let historyStart = Date(timeIntervalSince1970: 1_790_812_800)
    static let batch = (1301...1500).map { "q1-\($0)" }
    static let batchStart = historyStart.addingTimeInterval(1301 * 600)
    static let batchEnd = historyStart.addingTimeInterval(1500 * 600 + 120)

    /// One database holding `history`, made by the first test that asks and read by all: plans only.
    static let historyDatabase = Task {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        try await TestPostgres.withConnection(to: url) { connection in
            for statement in history {
                try await connection.run(PostgresQuery(unsafeSQL: statement), logger: TestPostgres.logger)
            }
        }
        return url
    }

    static func postgresPlan(_ query: PostgresQuery) async throws -> String {
        try await TestPostgres.withConnection(to: try await historyDatabase.value) { connection in
            try await connection.rows(PostgresQuery(unsafeSQL: "EXPLAIN " + query.sql, binds: query.binds),
                                             logger: TestPostgres.logger)
                .map { try $0.value("QUERY PLAN", as: String.self) }.joined(separator: " | ")
        }
    }

    @Test func onSQLiteTheDaysRankedAnswersAreCountedFromTheAccountsRankedOnes() async throws {
        let plan = try await Self.sqlitePlan(ServerDatabase.rankedAnswersOfDay,
                                             ["a", "q", Self.start, Self.start.addingTimeInterval(86_400)])
        #expect(plan.contains("result_on_accountId_ranked_answeredAt (accountId=? AND ranked=? AND answeredAt>? AND answeredAt<?)"),
                "\(plan)")
    }

    @Test func onSQLiteAnOverlappingRankedQuizIsSoughtAmongTheAccountsRankedQuizzesEndingAfterThisStarts() async throws {
        let plan = try await Self.sqlitePlan(ServerDatabase.overlappingRankedQuiz,
                                             ["a", "q", Self.start.addingTimeInterval(60), Self.start])
        #expect(plan.contains("quiz_on_accountId_ranked_finishedAt (accountId=? AND ranked=? AND finishedAt>?)"),
                "\(plan)")
    }

    @Test func onSQLiteAQuizsFirstAnswersAreForgottenByResultId() async throws {
        let plan = try await Self.sqlitePlan(ServerDatabase.forgetFirstAnswer, ["r", "a"])
        #expect(plan.contains("first_answer_on_resultId (resultId=?)"), "\(plan)")
        #expect(!plan.contains("SCAN first_answer"), "\(plan)")
    }

    @Test func onSQLiteTheNextFirstAnswerOfADayIsSoughtAmongTheAccountsRankedAnswersOfThatDay() async throws {
        let plan = try await Self.sqlitePlan(ServerDatabase.keepNextFirstAnswer,
                                             ["a", Self.start, Self.start.addingTimeInterval(86_400), "q"])
        #expect(plan.contains("result_on_accountId_ranked_answeredAt (accountId=? AND ranked=? AND answeredAt>? AND answeredAt<?)"),
                "\(plan)")
    }

    @Test func onSQLiteTheQuotasQuizCountReadsItsIndex() async throws {
        let plan = try await Self.sqlitePlan(ServerDatabase.quizzesReceivedSince, ["a", Self.start])
        #expect(plan.contains("quiz_on_accountId_receivedAt (accountId=? AND receivedAt>?)"), "\(plan)")
    }

    @Test func onPostgreSQLTheDaysRankedAnswersAreCountedFromTheAccountsRankedOnes() async throws {
        let plan = try await Self.postgresPlan(PostgresDatabase.rankedAnswersPerDay(
            accountId: "acc1", besides: Self.batch, from: Self.batchStart, through: Self.batchEnd))
        #expect(plan.contains("result_on_account_id_ranked_answered_at"), "\(plan)")
    }

    /// No index of its own: the account's quizzes by finished_at (v6-plausible-play's) already reads only those
    /// ending after the batch's first starts.
    @Test func onPostgreSQLTheOverlappingRankedQuizzesAreSoughtAmongThoseEndingAfterTheBatchStarts() async throws {
        let plan = try await Self.postgresPlan(PostgresDatabase.rankedSpans(
            accountId: "acc1", besides: Self.batch, from: Self.batchStart, to: Self.batchEnd))
        #expect(plan.contains("quiz_on_account_id_finished_at"), "\(plan)")
    }

    @Test func onPostgreSQLTheQuizzesFirstAnswersAreForgottenByResultId() async throws {
        let plan = try await Self.postgresPlan(PostgresDatabase.forgetFirstAnswers(
            accountId: "acc1", resultIds: Self.batch.map { "r\($0.dropFirst())-1" }))
        #expect(plan.contains("first_answer_on_result_id"), "\(plan)")
        #expect(!plan.contains("Seq Scan on first_answer"), "\(plan)")
    }

    @Test func onPostgreSQLTheQuotasCountsReadTheirIndexes() async throws {
        let plan = try await Self.postgresPlan(PostgresDatabase.receivedSince(
            accountId: "acc1", since: Self.historyStart.addingTimeInterval(1500 * 600 - 86_400)))
        #expect(plan.contains("quiz_on_account_id_received_at"), "\(plan)")
        #expect(plan.contains("result_on_account_id_received_at"), "\(plan)")
    }
}
