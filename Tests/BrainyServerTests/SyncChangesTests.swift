import BrainyAPI
import BrainyKit
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
@testable import BrainyServer

/// The download half of sync on each backend: pages since a cursor, each row once, only what is new on the next
/// sync, a result's quiz never left behind, and the same pages from two instances on one database.
@Suite struct SyncChangesTests {
    let start = TestServer.start

    func account(_ id: String) -> ServerAccount {
        ServerAccount(id: id, email: "\(id)@example.com", displayName: id, passwordHash: "hash", createdAt: start)
    }

    func store(_ batch: ResultUploadRequest, for userId: String, in store: some ResultStore) async throws {
        let checked = batch.results.map { CheckedResult(result: $0, ranked: true) }
        _ = try await store.storeResults(checked, quizzes: batch.quizzes, userId: userId, receivedAt: start)
    }

    /// Every page from `since` to the end, `limit` at a time.
    func pages(_ store: some SyncChangeStore, _ accountId: String, since: Int64 = 0, limit: Int) async throws
        -> [SyncChangesResponse] {
        var pages: [SyncChangesResponse] = []
        var cursor = since
        while true {
            let page = try await store.changes(accountId: accountId, since: cursor, limit: limit)
            #expect(page.cursor >= cursor)
            #expect(page.quizzes.count + page.results.count <= limit + page.results.count)
            pages.append(page)
            cursor = page.cursor
            if !page.more { return pages }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func pagesBringEachRowOnceAndTheNextSyncOnlyWhatIsNew(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            #expect(try await store.createAccount(account("b")))
            try await self.store(quizBatch("q1", correct: 2, count: 3, at: start), for: "a", in: store)
            try await self.store(quizBatch("q2", correct: 1, count: 4, at: start.addingTimeInterval(600)), for: "a",
                                 in: store)
            try await self.store(quizBatch("other", correct: 1, count: 2, at: start), for: "b", in: store)
            // Sent again: stored once, numbered once.
            try await self.store(quizBatch("q1", correct: 2, count: 3, at: start), for: "a", in: store)

            let all = try await pages(store, "a", limit: 3)
            let results = all.flatMap(\.results).map(\.id)
            #expect(results.count == 7)
            #expect(Set(results).count == 7)
            #expect(Set(all.flatMap(\.quizzes).map(\.id)) == ["q1", "q2"])
            #expect(!results.contains { $0.hasPrefix("other") })
            // Each result's quiz came with it or before it.
            var quizzesSeen: Set<String> = []
            for page in all {
                quizzesSeen.formUnion(page.quizzes.map(\.id))
                for result in page.results { #expect(quizzesSeen.contains(result.quizId)) }
            }
            let cursors = all.map(\.cursor)
            #expect(cursors == cursors.sorted())
            let last = try #require(cursors.last)
            // The quiz came back whole, as uploaded.
            let q2 = try #require(all.flatMap(\.quizzes).first { $0.id == "q2" })
            #expect(q2 == quizBatch("q2", correct: 1, count: 4, at: start.addingTimeInterval(600)).quizzes[0])
            let r = try #require(all.flatMap(\.results).first { $0.id == "q1-r0" })
            // The result too, with the answer it was graded on.
            #expect(r == quizBatch("q1", correct: 2, count: 3, at: start).results[0])

            // Nothing new: an empty page at the same cursor.
            let nothing = try await store.changes(accountId: "a", since: last, limit: 3)
            #expect(nothing.quizzes.isEmpty && nothing.results.isEmpty && !nothing.more && nothing.cursor == last)

            // Another device uploads: the next sync brings only that.
            try await self.store(quizBatch("q3", correct: 1, count: 2, at: start.addingTimeInterval(1200)), for: "a",
                                 in: store)
            let next = try await pages(store, "a", since: last, limit: 100)
            #expect(next.flatMap(\.quizzes).map(\.id) == ["q3"])
            #expect(next.flatMap(\.results).map(\.id) == ["q3-r0", "q3-r1"])
            // Asked again from the same cursor: the same page.
            #expect(try await store.changes(accountId: "a", since: last, limit: 100) == next[0])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func resultsStoredBeforeTheirQuizBringTheQuizAlong(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            let batch = quizBatch("q1", correct: 2, count: 4, at: start)
            // The results first, the quiz in a later upload (as a device cut off between two batches sends them).
            try await self.store(ResultUploadRequest(results: batch.results), for: "a", in: store)
            try await self.store(ResultUploadRequest(results: [], quizzes: batch.quizzes), for: "a", in: store)
            let first = try await store.changes(accountId: "a", since: 0, limit: 2)
            #expect(first.results.map(\.id) == ["q1-r0", "q1-r1"])
            #expect(first.quizzes.map(\.id) == ["q1"])
            #expect(first.more)
            let rest = try await pages(store, "a", since: first.cursor, limit: 2)
            #expect(rest.flatMap(\.results).map(\.id) == ["q1-r2", "q1-r3"])
            // Its own turn brings it again; the device keeps it once.
            #expect(rest.flatMap(\.quizzes).map(\.id).allSatisfy { $0 == "q1" })
        }
    }

    /// Sixty quizzes whose results were all stored before them: one page of the results names sixty quizzes that lie
    /// further on, and brings them all, each whole and once.
    @Test(arguments: StorageBackend.allCases)
    func aPageWhoseResultsNameManyLaterQuizzesBringsThemAll(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            #expect(try await store.createAccount(account("a")))
            let batches = (0..<60).map { quizBatch("q\($0)", correct: 1, count: 2, at: start.addingTimeInterval(Double($0) * 60)) }
            try await self.store(ResultUploadRequest(results: batches.flatMap(\.results)), for: "a", in: store)
            try await self.store(ResultUploadRequest(results: [], quizzes: batches.flatMap(\.quizzes)), for: "a", in: store)
            let page = try await store.changes(accountId: "a", since: 0, limit: 120)
            #expect(page.results.count == 120 && page.more && page.cursor == 120)
            #expect(page.quizzes == batches.flatMap(\.quizzes))
            let rest = try await pages(store, "a", since: page.cursor, limit: 1_000)
            #expect(rest.flatMap(\.quizzes).map(\.id) == batches.flatMap(\.quizzes).map(\.id))
            #expect(rest.flatMap(\.results).isEmpty)
        }
    }

    /// On SQLite the quizzes a page's results name further on are read by one statement, whatever their number,
    /// each by the quiz's primary key.
    @Test func onSQLiteAPagesLaterQuizzesAreReadByOneStatement() async throws {
        let database = try ServerDatabase.inMemory()
        #expect(try await database.createAccount(account("a")))
        let batches = (0..<40).map { quizBatch("q\($0)", correct: 1, count: 1, at: start.addingTimeInterval(Double($0) * 60)) }
        try await store(ResultUploadRequest(results: batches.flatMap(\.results)), for: "a", in: database)
        try await store(ResultUploadRequest(results: [], quizzes: batches.flatMap(\.quizzes)), for: "a", in: database)
        let statements = StatementLog()
        // An in-memory database is one connection: what is traced here is what `changes` runs.
        try await database.writer.write { db in
            db.trace { event in
                if case .statement(let statement) = event { statements.sql.withLock { $0.append(statement.sql) } }
            }
        }
        let page = try await database.changes(accountId: "a", since: 0, limit: 40)
        #expect(page.quizzes.count == 40)
        let quizReads = statements.sql.withLock { $0 }.filter { $0.contains("FROM quiz") || $0.contains("JOIN quiz") }
        #expect(quizReads.count == 2, "\(quizReads)")
        let plan = try await database.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + ServerDatabase.quizzesAhead, arguments: ["[\"q1\"]", "a", 0])
                .map { $0["detail"] as String? ?? "" }.joined(separator: " | ")
        }
        #expect(plan.contains("SEARCH quiz USING INDEX sqlite_autoindex_quiz_1 (id=?)"), "\(plan)")
        #expect(!plan.contains("SCAN quiz"), "\(plan)")
    }

    /// On PostgreSQL, likewise (one `= ANY` by construction): by quiz_pkey on a history of 4,500 quizzes, not the
    /// account's quizzes after the cursor.
    @Test func onPostgreSQLAPagesLaterQuizzesAreReadByTheirKey() async throws {
        let plan = try await UploadIndexTests.postgresPlan(
            PostgresDatabase.quizzesAhead(["q1-1400", "q1-1450"], accountId: "acc1", after: 10))
        #expect(plan.contains("quiz_pkey"), "\(plan)")
        #expect(!plan.contains("Seq Scan"), "\(plan)")
    }

    @Test func aNewSQLiteFileNumbersTheRowsStoredBeforeTheMigration() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("changes-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try ServerDatabase.openFile(at: path)
        #expect(try await database.createAccount(account("a")))
        try await store(quizBatch("q1", correct: 2, count: 3, at: start), for: "a", in: database)
        let all = try await database.changes(accountId: "a", since: 0, limit: 1_000)
        #expect(all.quizzes.map(\.id) == ["q1"])
        #expect(all.results.count == 3)
        #expect(all.cursor == 4)
    }

    // MARK: Over HTTP

    @Test func theRouteNeedsASignInAndSaysWhatIsWrongWithItsQuery() async throws {
        let app = try await TestServer.app()
        try await app.test(.router) { client in
            #expect(try await client.get("/v1/results/changes").status == .unauthorized)
            let session = try await client.register("mina@example.com")
            for query in ["since=-1", "since=abc", "limit=0", "limit=1001"] {
                let response = try await client.get("/v1/results/changes?\(query)", token: session.accessToken)
                #expect(response.status == .badRequest, "\(query)")
            }
            let empty = try await client.get("/v1/results/changes", token: session.accessToken)
                .decode(SyncChangesResponse.self)
            #expect(empty == SyncChangesResponse(quizzes: [], results: [], cursor: 0, more: false))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoInstancesOnOneDatabaseGiveTheSamePages(_ backend: StorageBackend) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("changes-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let url = backend == .postgres ? try await TestPostgres.shared.newDatabase() : nil
        func instance() async throws -> some ApplicationProtocol {
            try await TestServer.app(databasePath: backend == .sqlite ? path : nil, secret: "one-secret-both-share") {
                arguments, _ in arguments.postgres = url
            }
        }
        let (first, second) = (try await instance(), try await instance())
        try await first.test(.router) { one in
            try await second.test(.router) { other in
                let session = try await one.register("mina@example.com")
                for (index, quizId) in ["q1", "q2", "q3"].enumerated() {
                    let batch = quizBatch(quizId, correct: 1, count: 3, at: start.addingTimeInterval(Double(index - 3) * 600))
                    let client = index == 1 ? other : one
                    #expect(try await client.post("/v1/results", json: batch, token: session.accessToken).status == .ok)
                }
                var cursor: Int64 = 0
                var count = 0
                while true {
                    let uri = "/v1/results/changes?since=\(cursor)&limit=4"
                    let a = try await one.get(uri, token: session.accessToken).decode(SyncChangesResponse.self)
                    let b = try await other.get(uri, token: session.accessToken).decode(SyncChangesResponse.self)
                    #expect(a == b)
                    count += a.results.count
                    cursor = a.cursor
                    if !a.more { break }
                }
                #expect(count == 9)
            }
        }
    }
}

/// The statements a traced SQLite connection ran.
final class StatementLog: Sendable {
    let sql = Mutex<[String]>([])
}
