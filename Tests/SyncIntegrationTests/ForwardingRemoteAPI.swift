import BrainyAPI
import BrainyKit

/// The real client with some of its calls changed: every `RemoteAPI` call goes to `inner`, except those a test gives
/// a closure for (which get `inner` to call through). A server that lies, is cut off or is older, seen by the shell.
struct ForwardingRemoteAPI: RemoteAPI {
    let inner: any RemoteAPI
    var syncChanges: (@Sendable (_ inner: any RemoteAPI, _ cursor: Int64, _ limit: Int, _ accessToken: String)
        async throws(RemoteError) -> SyncChangesResponse)?
    var creditLedger: (@Sendable (_ inner: any RemoteAPI, _ cursor: Int64, _ limit: Int, _ accessToken: String)
        async throws(RemoteError) -> CreditLedgerResponse)?
    var refresh: (@Sendable (_ inner: any RemoteAPI, _ refreshToken: String) async throws(RemoteError) -> AuthResponse)?

    init(inner: any RemoteAPI,
         syncChanges: (@Sendable (any RemoteAPI, Int64, Int, String) async throws(RemoteError) -> SyncChangesResponse)? = nil,
         creditLedger: (@Sendable (any RemoteAPI, Int64, Int, String) async throws(RemoteError) -> CreditLedgerResponse)? = nil,
         refresh: (@Sendable (any RemoteAPI, String) async throws(RemoteError) -> AuthResponse)? = nil) {
        self.inner = inner
        self.syncChanges = syncChanges
        self.creditLedger = creditLedger
        self.refresh = refresh
    }

    var baseURL: String { inner.baseURL }
    func syncChanges(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError) -> SyncChangesResponse {
        if let syncChanges { return try await syncChanges(inner, cursor, limit, accessToken) }
        return try await inner.syncChanges(since: cursor, limit: limit, accessToken: accessToken)
    }
    func creditLedger(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError) -> CreditLedgerResponse {
        if let creditLedger { return try await creditLedger(inner, cursor, limit, accessToken) }
        return try await inner.creditLedger(since: cursor, limit: limit, accessToken: accessToken)
    }
    func refresh(_ refreshToken: String) async throws(RemoteError) -> AuthResponse {
        if let refresh { return try await refresh(inner, refreshToken) }
        return try await inner.refresh(refreshToken)
    }
    func uploadCredits(_ request: CreditEventsRequest, accessToken: String) async throws(RemoteError) -> CreditEventsResponse {
        try await inner.uploadCredits(request, accessToken: accessToken)
    }
    func quizTickets(_ request: QuizTicketRequest, accessToken: String) async throws(RemoteError) -> QuizTicketResponse {
        try await inner.quizTickets(request, accessToken: accessToken)
    }
    func syncSettings(_ request: SharedSettingsRequest, accessToken: String) async throws(RemoteError) -> SharedSettingsResponse {
        try await inner.syncSettings(request, accessToken: accessToken)
    }
    func syncStages(_ request: StagesRequest, accessToken: String) async throws(RemoteError) -> StagesResponse {
        try await inner.syncStages(request, accessToken: accessToken)
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
    func socialSignIn(_ request: SocialSignInRequest) async throws(RemoteError) -> AuthResponse { try await inner.socialSignIn(request) }
}
