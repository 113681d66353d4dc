import BrainyAPI
import BrainyClient
import BrainyKit
import BrainyStore
import Foundation
import Synchronization
import Testing

/// The download asks for the next page while it keeps the one it has, with the access token it holds; when that
/// token has expired under way, the page is asked again after one refresh, and the restore ends whole.
@Suite struct DownloadTokenExpiryTests {
    @Test func anAccessTokenThatExpiresBetweenPagesIsRefreshedOnceAndTheRestoreEndsWhole() async throws {
        try await LiveServer.run { server in
            let player = try TwoDeviceSyncTests.device(server, seed: 61)
            #expect(await player.run(TwoDeviceSyncTests.register + ShellScript.playQuiz(count: 5)
                                     + ShellScript.playQuiz(count: 5) + ["sync"]).status == 0)
            let fresh = try TwoDeviceSyncTests.device(server, seed: 62, batchSize: 3)
            #expect(await fresh.run(TwoDeviceSyncTests.login).status == 0)
            let expiring = ExpiresAtPage(page: 2)
            fresh.wrap = { expiring.wrapping($0) }
            let restored = await fresh.run(["sync"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("↓ 10 results, 2 quizzes"), "\(restored.output)")
            // Refused as asked ahead and once more through `authorized` (which tries the token it holds first), then
            // one refresh, and the page asked again with the new token.
            #expect(expiring.refused.value == 2)
            #expect(expiring.refreshes.value == 1)
            let user = try #require(try fresh.database.user(email: "mina@example.com"))
            #expect(try fresh.database.resultCount(userId: user.id) == 10)
            #expect(try fresh.database.quizCount(userId: user.id) == 2)
            #expect(try fresh.database.stats(userId: user.id, now: player.clock.now(), timeZone: .gmt)
                    == player.database.stats(userId: user.id, now: player.clock.now(), timeZone: .gmt))
            // Still signed in, and nothing new the next time.
            let again = await fresh.run(["sync"])
            #expect(again.output.contains("↓ nothing new"), "\(again.output)")
        }
    }
}

/// From the `page`th download request on, the access token it carries has expired: a request with it is answered
/// 401 (counted), until a refresh gives another. Counts the refreshes.
final class ExpiresAtPage: Sendable {
    let page: Int
    let calls = CallCounter()
    let refused = Tally()
    let refreshes = Tally()
    let expired = Mutex<String?>(nil)

    init(page: Int) { self.page = page }

    func wrapping(_ inner: any RemoteAPI) -> any RemoteAPI {
        ForwardingRemoteAPI(inner: inner).replacing(API.syncChanges) { [self] inner, call throws(RemoteError) in
            let number = calls.next()
            let isExpired = expired.withLock { expired in
                if number == page { expired = call.accessToken }
                return expired == call.accessToken
            }
            if isExpired {
                refused.add()
                throw .server(status: 401, code: "token_expired", message: "The access token has expired.")
            }
            return try await inner.send(call)
        }.replacing(API.refresh) { [self] inner, call throws(RemoteError) in
            refreshes.add()
            return try await inner.send(call)
        }
    }

    final class Tally: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }
}
