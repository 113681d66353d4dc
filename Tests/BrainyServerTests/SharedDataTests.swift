import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 24: 40 uploads of 10,000 `ai-llm-<random>` results from one account made the public ratings 400,001 entries
/// (67 MB) and broke every shell's sync; 1,000 wrong answers from one account moved a question's difficulty to 6.9.
/// Each test is one account lying in bulk: the ratings take one vote from it per question the server can check, and
/// what it may store a day is bounded.
@Suite struct SharedDataTests {
    static func wrong(_ id: String, question: String, at date: Date) -> UploadedResult {
        UploadedResult(id: id, quizId: "junk", questionId: question, category: .country, type: .multipleChoice,
                       outcome: .wrong, timeSpent: 3, answeredAt: date, hintUsed: false, answer: "x")
    }

    static func ratings(_ client: some TestClientProtocol) async throws -> [String: QuestionRatingsResponse.Entry] {
        let entries = try await client.get("/v1/questions/ratings").decode(QuestionRatingsResponse.self).ratings
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.questionId, $0) })
    }

    @Test(arguments: StorageBackend.allCases)
    func oneAccountIsOneVotePerQuestionAndUncheckableIdsAreNotRated(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com")
            _ = try await client.post("/v1/results", json: quizBatch("honest", correct: 1, count: 1, at: TestServer.start),
                                      token: mina.accessToken)
            let before = try #require(try await Self.ratings(client)[countryQuestion(0)])
            let cheat = try await client.register("cheat@example.com")
            // 1,000 wrong answers to one question, and 4,000 to ids a language model might have made, in one upload.
            let junk = (0..<1_000).map {
                Self.wrong("w\($0)", question: countryQuestion(0), at: TestServer.start.addingTimeInterval(Double($0) / 10))
            } + (0..<4_000).map {
                Self.wrong("llm\($0)", question: "ai-llm-\(UUID().uuidString)", at: TestServer.start)
            }
            let response = try await client.post("/v1/results", json: ResultUploadRequest(results: junk), token: cheat.accessToken)
            #expect(response.status == .ok, "\(response.error?.message ?? "")")
            let held = try response.decode(ResultUploadResponse.self).accepted.count
            #expect(held == 5_000, "held, as today")
            let after = try await Self.ratings(client)
            #expect(after.count == 1, "\(after.keys.sorted().prefix(5))")
            let rating = try #require(after[countryQuestion(0)])
            #expect(rating.answers == 2)
            // One right vote and one wrong: an average question, not 6.9.
            #expect(abs(rating.value) < 1e-9)
            #expect(before.value < rating.value)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theRatingsCarryAnETagAndAnUnchangedDocumentIs304(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let first = try await client.get("/v1/questions/ratings")
            let etag = try #require(first.headers[.eTag])
            let again = try await client.get("/v1/questions/ratings", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let mina = try await client.register("mina@example.com")
            _ = try await client.post("/v1/results", json: quizBatch("q1", correct: 1, count: 2, at: TestServer.start),
                                      token: mina.accessToken)
            let changed = try await client.get("/v1/questions/ratings", headers: [.ifNoneMatch: etag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != etag)
            #expect(try changed.decode(QuestionRatingsResponse.self).ratings.count == 2)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anAccountPastItsDailyQuotaStoresNothingMore(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            let start = TestServer.start
            #expect(try await store.createAccount(ServerAccount(id: "a", email: "a@example.com", displayName: "a",
                                                                passwordHash: "hash", createdAt: start)))
            let quota = StorageQuota(resultsPerDay: 10, quizzesPerDay: 2)
            func results(_ prefix: String, _ count: Int) -> [CheckedResult] {
                (0..<count).map {
                    CheckedResult(result: Self.wrong("\(prefix)\($0)", question: "ai-llm-\(prefix)\($0)", at: start),
                                  ranked: false)
                }
            }
            let first = try await store.storeResults(results("a", 8), quizzes: [], userId: "a", receivedAt: start,
                                                     quota: quota)
            #expect(first?.accepted.count == 8)
            // Sent again, the same ids take no more of the quota.
            _ = try await store.storeResults(results("a", 8), quizzes: [], userId: "a", receivedAt: start, quota: quota)
            await #expect(throws: QuotaExceeded(what: "results", limit: 10)) {
                try await store.storeResults(results("b", 3), quizzes: [], userId: "a", receivedAt: start, quota: quota)
            }
            #expect(try await store.resultSummary(accountId: "a").results == 8, "nothing of the refused batch")
            let quizzes = (0..<3).map {
                UploadedQuiz(id: "quiz\($0)", category: .country, type: .multipleChoice, format: .individual,
                             correctCount: 0, questionCount: 1, startedAt: start, finishedAt: start)
            }
            await #expect(throws: QuotaExceeded(what: "quizzes", limit: 2)) {
                try await store.storeResults([], quizzes: quizzes, userId: "a", receivedAt: start, quota: quota)
            }
            // The next UTC day the quota starts again.
            let tomorrow = start.addingTimeInterval(86_400)
            #expect(try await store.storeResults(results("b", 3), quizzes: [], userId: "a", receivedAt: tomorrow,
                                                 quota: quota)?.accepted.count == 3)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func adEventsPastTheDailyQuotaAre429AndNotStored(_ backend: StorageBackend) async throws {
        let limit = StorageQuota.defaults.adEventsPerDay
        try await AdsFixture.app(backend: backend).test(.router) { client in
            let cheat = try await client.register("cheat@example.com")
            func impressions(_ prefix: String, _ count: Int) -> AdEventsRequest {
                AdEventsRequest(events: (0..<count).map {
                    AdEvent(id: "\(prefix)\($0)", kind: .impression, adId: "no-such-ad", token: nil, occurredAt: TestServer.start)
                })
            }
            // In batches of 100 (the shell sends 200): PostgreSQL stores ad events one by one, within its deadline.
            for batch in 0..<(limit / 100) {
                let response = try await client.post("/v1/ads/events", json: impressions("b\(batch)-", 100),
                                                      token: cheat.accessToken)
                #expect(response.status == .ok, "\(response.error?.message ?? "")")
            }
            let more = try await client.post("/v1/ads/events", json: impressions("more-", 1), token: cheat.accessToken)
            #expect(more.status == .tooManyRequests)
            #expect(more.error?.code == "quota_exceeded")
            #expect(more.error?.message.contains("\(limit) ad events") == true, "\(more.error?.message ?? "")")
            #expect(more.headers[.retryAfter] == "64800")
        }
    }

    @Test func anUploadPastTheQuotaIs429WithWhenToTryAgain() async throws {
        try await TestServer.app().test(.router) { client in
            let cheat = try await client.register("cheat@example.com")
            let limit = StorageQuota.defaults.resultsPerDay
            let size = ResultsController.maxBatch
            for batch in 0..<(limit / size) {
                let junk = (0..<size).map { Self.wrong("b\(batch)-\($0)", question: "ai-llm-\(batch)-\($0)", at: TestServer.start) }
                let response = try await client.post("/v1/results", json: ResultUploadRequest(results: junk),
                                                     token: cheat.accessToken)
                #expect(response.status == .ok)
            }
            let more = try await client.post("/v1/results",
                                              json: ResultUploadRequest(results: [Self.wrong("one-more", question: "ai-llm-x", at: TestServer.start)]),
                                              token: cheat.accessToken)
            #expect(more.status == .tooManyRequests)
            #expect(more.error?.code == "quota_exceeded")
            #expect(more.error?.message.contains("\(limit.formatted(.number.grouping(.never))) results") == true,
                    "\(more.error?.message ?? "")")
            // 06:00 UTC: the quota starts again in 18 hours.
            #expect(more.headers[.retryAfter] == "64800")
        }
    }
}
