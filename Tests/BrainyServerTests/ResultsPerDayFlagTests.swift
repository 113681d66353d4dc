import BrainyAPI
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// `--results-per-day` and `--quizzes-per-day`: the daily storage quota is the server's (a benchmark raises it), and
/// no client moves it.
@Suite struct ResultsPerDayFlagTests {
    @Test func theDefaultIsTheQuotaPlayersHad() throws {
        let arguments = try ServerArguments.parse([], environment: ["HOME": "/home/mina"])
        #expect(arguments.quota == StorageQuota.defaults)
        #expect(arguments.quota.resultsPerDay == 20_000)
        #expect(arguments.quota.quizzesPerDay == 5_000)
        let raised = try ServerArguments.parse(["--results-per-day", "100000", "--quizzes-per-day=20000"])
        #expect(raised.quota.resultsPerDay == 100_000)
        #expect(raised.quota.quizzesPerDay == 20_000)
        #expect(raised.quota.adEventsPerDay == StorageQuota.defaults.adEventsPerDay)
    }

    @Test func badQuotasAreUsageErrors() {
        for bad in [["--results-per-day", "0"], ["--results-per-day", "-5"], ["--results-per-day", "many"],
                    ["--quizzes-per-day"], ["--quizzes-per-day", "1.5"]] {
            #expect(throws: ServerArguments.UsageError.self, "\(bad)") { try ServerArguments.parse(bad) }
        }
    }

    @Test func theFlagsAreInTheHelpAndTheManPage() throws {
        #expect(ServerArguments.usage.contains("--results-per-day"))
        #expect(try ServerArguments.manPage.contains("quizzes\\-per\\-day"))
        #expect(ServerArguments.completionScript(for: .bash).contains("--results-per-day"))
    }

    /// A client that claims more (a query, a header, a body field the server does not know) still hits the quota the
    /// server was started with, and stores nothing of the refused upload.
    @Test(arguments: StorageBackend.allCases)
    func aLyingClientStillHitsTheServersQuota(_ backend: StorageBackend) async throws {
        let app = try await TestServer.app(backend: backend) { arguments, _ in
            arguments.quota = StorageQuota(resultsPerDay: 3, quizzesPerDay: 5)
        }
        try await app.test(.router) { client in
            let cheat = try await client.register("cheat@example.com")
            let first = try await client.post("/v1/results", json: quizBatch("q1", correct: 1, count: 2,
                                                                             at: TestServer.start),
                                              token: cheat.accessToken)
            #expect(first.status == .ok)
            var body = try #require(try JSONSerialization.jsonObject(with: JSON.encoder.encode(
                quizBatch("q2", correct: 1, count: 2, at: TestServer.start))) as? [String: Any])
            body["quota"] = ["resultsPerDay": 1_000_000]
            body["resultsPerDay"] = 1_000_000
            let lying = try await client.post("/v1/results?results-per-day=1000000",
                                              raw: String(decoding: JSONSerialization.data(withJSONObject: body),
                                                          as: UTF8.self),
                                              token: cheat.accessToken,
                                              headers: [HTTPField.Name("X-Results-Per-Day")!: "1000000"])
            #expect(lying.status == .tooManyRequests)
            #expect(lying.error?.code == "quota_exceeded")
            let summary = try await client.get("/v1/results/summary", token: cheat.accessToken)
            #expect(try summary.decode(ResultSummaryResponse.self).results == 2, "nothing of the refused upload")
        }
    }
}
