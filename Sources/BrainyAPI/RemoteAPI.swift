import BrainyKit
import Foundation

/// brainy-server as the shell sees it: every call the shell makes, as plain async functions over the shared payload
/// types. BrainyClient implements it over HTTP; BrainyKit itself does no networking.
public protocol RemoteAPI: Sendable {
    /// The server's address, as the user gave it.
    var baseURL: String { get }

    /// The remote config, or `.notModified` when the server still serves the version tagged `etag`.
    func config(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<RemoteConfig>
    func packVersion() async throws(RemoteError) -> PackVersionResponse
    func pack() async throws(RemoteError) -> QuestionPack

    func register(email: String, password: String) async throws(RemoteError) -> AuthResponse
    func login(email: String, password: String) async throws(RemoteError) -> AuthResponse
    /// A login that sends the device cookie this device was given for the account at its last sign-in: failed
    /// guesses from elsewhere never keep it out.
    func login(email: String, password: String, deviceCookie: String?) async throws(RemoteError) -> AuthResponse
    /// Trades a refresh token (once) for a new pair.
    func refresh(_ refreshToken: String) async throws(RemoteError) -> AuthResponse
    func logout(_ refreshToken: String) async throws(RemoteError)

    func upload(_ batch: ResultUploadRequest, accessToken: String) async throws(RemoteError) -> ResultUploadResponse
    func leaderboard(accessToken: String) async throws(RemoteError) -> LeaderboardResponse
    /// Every player's answers to each question, as difficulty ratings, or `.notModified` when the server still
    /// serves the document tagged `etag`.
    func questionRatings(ifNoneMatch etag: String?) async throws(RemoteError) -> Fetched<QuestionRatingsResponse>
    /// What the server holds for the account, to compare with the device.
    func resultSummary(accessToken: String) async throws(RemoteError) -> ResultSummaryResponse
    /// Quiz tickets for the account (`POST /v1/quizzes/tickets`); clients that cannot ask get a 404.
    func quizTickets(_ request: QuizTicketRequest, accessToken: String) async throws(RemoteError) -> QuizTicketResponse
    /// The account's quizzes and results the server stored after `cursor`, at most `limit` (the download half of
    /// sync). Clients that cannot ask get a 404, as from an older server.
    func syncChanges(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError)
        -> SyncChangesResponse
    /// Uploads hint-credit events (`POST /v1/results/credits`); clients that cannot get a 404.
    func uploadCredits(_ request: CreditEventsRequest, accessToken: String) async throws(RemoteError)
        -> CreditEventsResponse
    /// The account's hint-credit events stored after `cursor`, at most `limit`.
    func creditLedger(since cursor: Int64, limit: Int, accessToken: String) async throws(RemoteError)
        -> CreditLedgerResponse
    /// Sends the shared settings this device changed; answers with the account's latest of each.
    func syncSettings(_ request: SharedSettingsRequest, accessToken: String) async throws(RemoteError)
        -> SharedSettingsResponse
    /// Sends how far this device got in each category's stages; answers with the account's furthest.
    func syncStages(_ request: StagesRequest, accessToken: String) async throws(RemoteError) -> StagesResponse

    /// Up to `count` ads for `placement` in `lang`, within the config's caps; `quizzesToday` is the device's count of
    /// quizzes finished today, the one just finished included (nil: the server counts the uploaded ones).
    func ads(_ placement: AdPlacement, lang: String, quizzesToday: Int?, count: Int, accessToken: String)
        async throws(RemoteError) -> AdsResponse
    /// Uploads impressions, opens and completions; each completion's reward is accepted or refused with a reason.
    func uploadAdEvents(_ request: AdEventsRequest, accessToken: String) async throws(RemoteError) -> AdEventsResponse

    func socialProviders() async throws(RemoteError) -> SocialProvidersResponse
    /// Asks the provider for a device code and a user code (RFC 8628).
    func startDeviceAuthorization(_ provider: SocialProviderInfo) async throws(RemoteError) -> DeviceAuthorizationResponse
    /// Polls the provider's token endpoint once.
    func pollDeviceToken(_ provider: SocialProviderInfo, deviceCode: String) async throws(RemoteError) -> DeviceTokenResponse
    func socialSignIn(_ request: SocialSignInRequest) async throws(RemoteError) -> AuthResponse
}

/// A document fetched with its version tag, or word that the copy held is still current.
public enum Fetched<Value: Sendable>: Sendable {
    case fetched(Value, etag: String?)
    case notModified
}

/// What can go wrong talking to the server.
public enum RemoteError: Error, Equatable, Sendable {
    /// No connection: the server is down, the address is wrong, or the network is off.
    case unreachable(String)
    /// The server took longer than `seconds` to answer.
    case timedOut(seconds: Int)
    /// The server answered with an error status and (usually) its JSON error.
    case server(status: Int, code: String, message: String, lockedUntil: Date? = nil, remainingAttempts: Int? = nil)
    /// The answer could not be read.
    case badResponse(String)
    /// The user stopped the call (Ctrl-C).
    case cancelled

    /// The server's error code, when it sent one.
    public var code: String? {
        if case let .server(_, code, _, _, _) = self { return code }
        return nil
    }

    public var status: Int? {
        if case let .server(status, _, _, _, _) = self { return status }
        return nil
    }

    /// True when the request may not have reached the server or was not handled: trying again later may work.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut, .cancelled: true
        case let .server(status, _, _, _, _): status >= 500 || status == 429
        case .badResponse: true
        }
    }
}

extension RemoteAPI {
    /// Without a device cookie to send: a client that has none (test doubles) signs in as a new device.
    public func login(email: String, password: String, deviceCookie: String?) async throws(RemoteError) -> AuthResponse {
        try await login(email: email, password: password)
    }
}
