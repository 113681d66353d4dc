import BrainyAPI
import Foundation
import Testing
@testable import BrainyClient

/// A query parameter the operation does not declare is this client's mistake: it used to be dropped without a word
/// (the server never saw it, and nothing said so); now the client stops there and says which name to declare.
@Suite struct UndeclaredQueryTests {
    @Test func theClientStopsOnAQueryNameItsOperationDoesNotDeclare() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Port 9 (discard): the request must stop before it is sent.
            let api = HTTPRemoteAPI(baseURL: "http://127.0.0.1:9", timeout: 1)
            _ = try? await api.call(API.syncChanges, query: ["since": "0", "cursor": "5"], accessToken: "t")
        }
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("GET /v1/results/changes declares no query parameter 'cursor'"), "\(said)")
    }

    @Test func declaredNamesTravelInTheOperationsOrder() throws {
        let items = try API.ads.queryItems(["count": "2", "placement": "quiz_end", "lang": "ko"])
        #expect(items.map(\.name) == ["placement", "lang", "count"])
        #expect(items.map(\.value) == ["quiz_end", "ko", "2"])
        #expect(try API.syncChanges.queryItems([:]).isEmpty)
    }

    @Test func everyUndeclaredNameIsNamedInTheError() {
        let error = #expect(throws: UndeclaredQueryName.self) {
            try API.dailyLeaderboard.queryItems(["date": "2026-11-22", "limit": "5", "day": "x"])
        }
        #expect(error?.operation == "GET /v1/leaderboard/daily")
        #expect(error?.names == ["day", "limit"])
        #expect(throws: UndeclaredQueryName.self) { try API.config.queryItems(["since": "0"]) }
    }
}
