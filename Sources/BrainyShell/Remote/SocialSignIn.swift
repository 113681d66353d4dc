import BrainyAPI
import BrainyKit
import Foundation

/// Sign-in with a provider (Kakao, Naver, Apple, Google) from a shell, through the sync server, in whichever way the
/// server offers it: through the browser (`BrowserSignInWait`: the server's pages do the provider's web sign-in), or
/// through the provider's device authorization flow (RFC 8628), whose verified ID token the server then takes.
///
/// Which is tried first: Kakao, Naver and Apple go through the browser (Kakao and Naver have no device flow; Apple's
/// only device flow is the development identity provider's, used when that is all the server offers). Google keeps
/// its device flow where the server offers it: there the browser talks to Google alone, so brainy-server need not be
/// reachable from the device the person approves on; a server without it (only `--google-web-client-id`) signs
/// Google in through the browser.
struct SocialSignIn {
    let remote: RemoteSession
    /// What the pauses between polls and the waits' expiry are timed by: the real clock for people, one a test moves.
    let clock: any Clock<Duration>
    private var console: Console { remote.console }

    /// Signs in with `provider` as the server offers it; `waiting` is told when the link is shown and the shell begins
    /// to wait for the browser. The account the server signed in, kept on the device, for the caller to sign in here.
    /// A server that offers `provider` in neither way is said as such, with the flags that turn it on.
    func signIn(_ api: any RemoteAPI, provider: AuthProvider, waiting: () throws -> Void = {}) throws -> User {
        guard let browserProvider = BrowserSignInProvider(provider) else { throw ShellError.signInNotSetUp(provider) }
        let watch = InterruptibleWait()
        defer { watch.finish() }
        if provider == .google, let info = try deviceFlowOffered(api, watch, provider: provider) {
            return try deviceFlow(api, watch, info, provider: provider, waiting: waiting)
        }
        let browser = BrowserSignInWait(remote: remote, clock: clock)
        if let started = try browser.start(api, watch, provider: browserProvider) {
            return try browser.wait(api, watch, for: started, provider: provider, waiting: waiting)
        }
        if provider == .apple, let info = try deviceFlowOffered(api, watch, provider: provider) {
            return try deviceFlow(api, watch, info, provider: provider, waiting: waiting)
        }
        throw ShellError.signInNotSetUp(provider)
    }

    /// The server's device flow for `provider`, if it offers one.
    private func deviceFlowOffered(_ api: any RemoteAPI, _ watch: InterruptibleWait, provider: AuthProvider) throws
        -> SocialProviderInfo? {
        let offered = try remote.call(api, watch, provider: provider) { try await $0.call(API.socialProviders) }
        return offered.providers.first { $0.provider == provider }
    }

    /// Google or Apple through the device authorization flow: the shell shows a code and a link, and waits (Ctrl-C
    /// stops waiting) while the user approves on another device; the provider's ID token then goes to the server.
    private func deviceFlow(_ api: any RemoteAPI, _ watch: InterruptibleWait, _ info: SocialProviderInfo,
                            provider: AuthProvider, waiting: () throws -> Void) throws -> User {
        let device = try remote.call(api, watch, provider: provider) { try await $0.startDeviceAuthorization(info) }
        // The link and the code come from the provider: shown without terminal controls.
        let link = OutsideText.clean(device.verificationUri.hasPrefix("/") ? api.baseURL + device.verificationUri
                                                                           : device.verificationUri)
        let userCode = OutsideText.clean(device.userCode)
        console.line(Localized(
            ko: "\(provider.name.ko) 로그인: \(link) 에 접속해 코드 \(Josa.attach(userCode, .object)) 입력하세요\(info.development ? " (개발용 인증 서버)" : "").",
            en: "\(provider.name.en) sign-in: open \(link) and enter the code \(userCode)\(info.development ? " (development identity provider)" : "")."))
        console.line(console.paint(console.text(Localized(
            ko: "승인을 기다리는 중… (\(device.expiresIn / 60)분 안에, Ctrl-C로 그만두기)",
            en: "Waiting for approval… (within \(device.expiresIn / 60) min; Ctrl-C to stop)")), \.muted))
        try waiting()
        var interval = max(1, device.interval ?? 5)
        var waited = 0
        var idToken: String?
        while idToken == nil {
            guard waited < device.expiresIn else { throw ShellError.signInTimedOut(provider) }
            try BrowserSignInWait.pause(seconds: interval, on: clock, watch)
            waited += interval
            let code = device.deviceCode
            let answer = try remote.call(api, watch, provider: provider) { try await $0.pollDeviceToken(info, deviceCode: code) }
            switch answer.error {
            case nil: idToken = answer.idToken
            case "authorization_pending": continue
            case "slow_down": interval += 5
            case "access_denied": throw ShellError.signInDenied(provider)
            case "expired_token": throw ShellError.signInTimedOut(provider)
            case let other?: throw ShellError.serverRefused(code: other, message: answer.errorDescription ?? other)
            }
        }
        let token = idToken ?? ""
        let response = try remote.call(api, watch, provider: provider) {
            try await $0.call(API.socialSignIn, SocialSignInRequest(provider: provider, idToken: token))
        }
        return try remote.completeSignIn(response, api: api)
    }
}
