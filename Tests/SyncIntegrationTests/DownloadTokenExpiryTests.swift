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
    let calls = CutOffAfterUploads.Counter()
    let refused = Tally()
    let refreshes = Tally()
    let expired = Mutex<String?>(nil)

    init(page: Int) { self.page = page }

    func wrapping(_ inner: any RemoteAPI) -> any RemoteAPI { Wrapped(inner: inner, owner: self) }

    final class Tally: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }

    struct Wrapped: RemoteAPI {
        let inner: any RemoteAPI
        let owner: ExpiresAtPage

        var baseURL: String { inner.baseURL }
        func syncChanges(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError) -> SyncChangesResponse {
            let call = owner.calls.next()
            let isExpired = owner.expired.withLock { expired in
                if call == owner.page { expired = accessToken }
                return expired == accessToken
            }
            if isExpired {
                owner.refused.add()
                throw .server(status: 401, code: "token_expired", message: "The access token has expired.")
            }
            return try await inner.syncChanges(since: cursor, limit: limit, accessToken: accessToken)
        }
        func refresh(_ refreshToken: String) async throws(RemoteError) -> AuthResponse {
            owner.refreshes.add()
            return try await inner.refresh(refreshToken)
        }
        func config(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<RemoteConfig> { try await inner.config(ifNoneMatch: etag) }
        func packVersion() async throws(RemoteError) -> PackVersionResponse { try await inner.packVersion() }
        func pack() async throws(RemoteError) -> QuestionPack { try await inner.pack() }
        func register(email: String, password: String) async throws(RemoteError) -> AuthResponse { try await inner.register(email: email, password: password) }
        func login(email: String, password: String) async throws(RemoteError) -> AuthResponse { try await inner.login(email: email, password: password) }
        func login(email: String, password: String, deviceCookie: String?) async throws(RemoteError) -> AuthResponse {
            try await inner.login(email: email, password: password, deviceCookie: deviceCookie)
        }
        func logout(_ refreshToken: String) async throws(RemoteError) { try await inner.logout(refreshToken) }
        func upload(_ batch: ResultUploadRequest, accessToken: String) async throws(RemoteError) -> ResultUploadResponse {
            try await inner.upload(batch, accessToken: accessToken)
        }
        func leaderboard(accessToken: String) async throws(RemoteError) -> LeaderboardResponse { try await inner.leaderboard(accessToken: accessToken) }
        func questionRatings(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<QuestionRatingsResponse> {
            try await inner.questionRatings(ifNoneMatch: etag)
        }
        func resultSummary(accessToken: String) async throws(RemoteError) -> ResultSummaryResponse { try await inner.resultSummary(accessToken: accessToken) }
        func ads(_ placement: AdPlacement, lang: String, quizzesToday: Int?, count: Int, accessToken: String) async throws(RemoteError) -> AdsResponse {
            try await inner.ads(placement, lang: lang, quizzesToday: quizzesToday, count: count, accessToken: accessToken)
        }
        func uploadAdEvents(_ request: AdEventsRequest, accessToken: String) async throws(RemoteError) -> AdEventsResponse { try await inner.uploadAdEvents(request, accessToken: accessToken) }
        func socialProviders() async throws(RemoteError) -> SocialProvidersResponse { try await inner.socialProviders() }
        func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse { try await inner.startDeviceAuthorization(provider) }
        func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse { try await inner.pollDeviceToken(provider, deviceCode: deviceCode) }
        func quizTickets(_ request: QuizTicketRequest, accessToken: String) async throws(RemoteError) -> QuizTicketResponse {
            try await inner.quizTickets(request, accessToken: accessToken)
        }
        func uploadCredits(_ request: CreditEventsRequest, accessToken: String) async throws(RemoteError) -> CreditEventsResponse {
            try await inner.uploadCredits(request, accessToken: accessToken)
        }
        func creditLedger(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError) -> CreditLedgerResponse {
            try await inner.creditLedger(since: cursor, limit: limit, accessToken: accessToken)
        }
        func syncSettings(_ request: SharedSettingsRequest, accessToken: String) async throws(RemoteError) -> SharedSettingsResponse {
            try await inner.syncSettings(request, accessToken: accessToken)
        }
        func syncStages(_ request: StagesRequest, accessToken: String) async throws(RemoteError) -> StagesResponse {
            try await inner.syncStages(request, accessToken: accessToken)
        }
        func socialSignIn(_ request: SocialSignInRequest) async throws(RemoteError) -> AuthResponse { try await inner.socialSignIn(request) }
    }
}
