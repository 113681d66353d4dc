import BrainyAPI
import BrainyClient
import Foundation
import Testing

/// Whether a call carries the player's access token is the operation's declaration's to say (`needsAccessToken`), not
/// the caller's: a call that disagrees with it is the caller's mistake, and the client stops there saying which,
/// before anything is sent, rather than sending a request the server refuses or a token it never needed.
@Suite struct AccessTokenDeclarationTests {
    @Test func anOperationThatNeedsTheTokenIsNotSentWithoutIt() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Port 9 (discard): the request must stop before it is sent.
            let api = HTTPRemoteAPI(baseURL: "http://127.0.0.1:9", timeout: 1)
            _ = try? await api.call(API.resultSummary)
        }
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("GET /v1/results/summary needs the access token"), "\(said)")
    }

    @Test func anOperationThatTakesNoTokenIsNotGivenOne() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let api = HTTPRemoteAPI(baseURL: "http://127.0.0.1:9", timeout: 1)
            _ = try? await api.call(API.packVersion, accessToken: "t")
        }
        let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("GET /v1/pack/version takes no access token"), "\(said)")
    }
}
