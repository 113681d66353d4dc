import BrainyAPI
import BrainyClient
import BrainyKit
import Foundation
import Testing

/// Issue 24: once one account had made the public ratings 67 MB, every shell's `sync` failed ("The server … had a
/// problem", exit 1). The results are what a sync is for; a part that fails after them (ratings, leaderboard, ads,
/// config) is named and skipped, and the sync finishes with exit 0. A busy server (503) keeps everything pending.
@Suite(.serialized) struct OptionalSyncPartsTests {
    @Test func aSyncWhoseRatingsAndLeaderboardFailStillFinishesWithExitZero() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.secondsPerLine = 2
            // The ratings and the leaderboard are asked of an address where nothing answers, through the real client.
            shell.wrap = { BrokenParts(inner: $0, broken: [.ratings, .leaderboard]) }
            let run = await shell.run(ShellSyncTests.register + ShellScript.playQuiz(count: 4) + ["sync"])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("4 results uploaded"), "\(run.output)")
            #expect(run.output.contains("Skipped question ratings: "), "\(run.output)")
            #expect(run.output.contains("Skipped leaderboard: "), "\(run.output)")
            #expect(run.output.contains("Synced"), "\(run.output)")
            #expect(run.output.contains("skipped: question ratings, leaderboard"), "\(run.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 0)

            // Once they answer again, the next sync brings them.
            shell.wrap = { $0 }
            let again = await shell.run(["sync"])
            #expect(again.status == 0, "\(again.output)")
            #expect(again.output.contains("question ratings"), "\(again.output)")
            #expect(again.output.contains("leaderboard fetched"), "\(again.output)")
            #expect(!again.output.contains("Skipped"), "\(again.output)")
        }
    }

    @Test func aBusyServerSaysSoAndKeepsEverythingPending() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            _ = await shell.run(ShellSyncTests.register + ShellScript.playQuiz(count: 3))
            shell.wrap = { BrokenParts(inner: $0, broken: [.uploadBusy]) }
            let busy = await shell.run(["sync"])
            #expect(busy.status != 0)
            #expect(busy.output.contains("is busy, try again"), "\(busy.output)")
            #expect(busy.output.contains("the other 3 stay on this device"), "\(busy.output)")
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 3)
            shell.wrap = { $0 }
            let later = await shell.run(["sync"])
            #expect(later.output.contains("3 results uploaded"), "\(later.output)")
        }
    }
}

/// The real client, with some parts of the server failing: those are asked of an address where nothing listens (a
/// real connection refused), or, for `uploadBusy`, answered as a server whose database is away answers (503).
struct BrokenParts: RemoteAPI {
    enum Part { case ratings, leaderboard, uploadBusy }
    let inner: any RemoteAPI
    let broken: Set<Part>
    /// Nothing listens on port 9 (discard) here.
    var nowhere: HTTPRemoteAPI { HTTPRemoteAPI(baseURL: "http://127.0.0.1:9", timeout: 2) }

    var baseURL: String { inner.baseURL }
    func config(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<RemoteConfig> { try await inner.config(ifNoneMatch: etag) }
    func packVersion() async throws(RemoteError) -> PackVersionResponse { try await inner.packVersion() }
    func pack() async throws(RemoteError) -> QuestionPack { try await inner.pack() }
    func register(email: String, password: String) async throws(RemoteError) -> AuthResponse { try await inner.register(email: email, password: password) }
    func login(email: String, password: String) async throws(RemoteError) -> AuthResponse { try await inner.login(email: email, password: password) }
    func refresh(_ refreshToken: String) async throws(RemoteError) -> AuthResponse { try await inner.refresh(refreshToken) }
    func logout(_ refreshToken: String) async throws(RemoteError) { try await inner.logout(refreshToken) }
    func upload(_ batch: ResultUploadRequest, accessToken: String) async throws(RemoteError) -> ResultUploadResponse {
        if broken.contains(.uploadBusy) {
            throw .server(status: 503, code: "database_unavailable",
                          message: "The server's database is not answering right now. Nothing was lost: try again in 5 seconds.")
        }
        return try await inner.upload(batch, accessToken: accessToken)
    }
    func leaderboard(accessToken: String) async throws(RemoteError) -> LeaderboardResponse {
        try await (broken.contains(.leaderboard) ? nowhere : inner).leaderboard(accessToken: accessToken)
    }
    func questionRatings(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<QuestionRatingsResponse> {
        try await (broken.contains(.ratings) ? nowhere : inner).questionRatings(ifNoneMatch: etag)
    }
    func resultSummary(accessToken: String) async throws(RemoteError) -> ResultSummaryResponse { try await inner.resultSummary(accessToken: accessToken) }
    func ads(_ placement: AdPlacement, lang: String, quizzesToday: Int?, count: Int, accessToken: String) async throws(RemoteError) -> AdsResponse {
        try await inner.ads(placement, lang: lang, quizzesToday: quizzesToday, count: count, accessToken: accessToken)
    }
    func uploadAdEvents(_ request: AdEventsRequest, accessToken: String) async throws(RemoteError) -> AdEventsResponse { try await inner.uploadAdEvents(request, accessToken: accessToken) }
    func socialProviders() async throws(RemoteError) -> SocialProvidersResponse { try await inner.socialProviders() }
    func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse { try await inner.startDeviceAuthorization(provider) }
    func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse { try await inner.pollDeviceToken(provider, deviceCode: deviceCode) }
    func socialSignIn(_ request: SocialSignInRequest) async throws(RemoteError) -> AuthResponse { try await inner.socialSignIn(request) }
}
