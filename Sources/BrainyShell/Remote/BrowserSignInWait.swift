import BrainyAPI
import BrainyKit
import Foundation

/// Sign-in through the browser, the shell's side, one path for Kakao, Naver, Apple and Google: brainy-server starts a
/// session; the shell shows its link and short code (never the session id, which only the polls carry) and polls at
/// the session's interval, five seconds more after each `slow_down`, until the browser finishes, the session expires
/// or Ctrl-C stops the wait. The server does the web side; the shell never sees a provider's token.
struct BrowserSignInWait {
    let remote: RemoteSession
    /// What the pauses between polls and the session's expiry are timed by (`ShellServices.deadlineClock`): the real
    /// clock for people, one a test moves.
    let clock: any Clock<Duration>
    private var console: Console { remote.console }

    /// Asks the server for a browser sign-in with `provider`; nil when it does not offer one (`provider_not_enabled`).
    func start(_ api: any RemoteAPI, _ watch: InterruptibleWait, provider: BrowserSignInProvider) throws
        -> BrowserSignInStartResponse? {
        do {
            return try remote.call(api, watch, provider: provider.shellProvider) {
                try await $0.call(API.browserSignInStart, BrowserSignInStartRequest(provider: provider))
            }
        } catch ShellError.providerNotOffered {
            return nil
        }
    }

    /// Shows the link and the code, then polls until the browser has finished: the account the server signed in,
    /// kept on the device, for the caller to sign in here. `waiting` is told once the link is shown and the wait
    /// begins (the flow's waiting-for-browser step).
    func wait(_ api: any RemoteAPI, _ watch: InterruptibleWait, for started: BrowserSignInStartResponse,
              provider: AuthProvider, waiting: () throws -> Void = {}) throws -> User {
        // The link and the code come from the server: shown without terminal controls.
        let link = OutsideText.clean(started.link)
        let code = OutsideText.clean(started.userCode)
        console.line(Localized(
            ko: "\(provider.name.ko) 로그인: 이 주소를 브라우저로 여세요 (다른 기기도 됩니다): \(link)",
            en: "\(provider.name.en) sign-in: open this link in a browser (any device will do): \(link)"))
        console.line(Localized(ko: "페이지에 코드 \(Josa.attach(code, .subject)) 보이는지 확인하고 진행하세요.",
                               en: "Check that the page shows the code \(code), then go on."))
        let minutes = max(1, started.expiresIn / 60)
        console.line(console.paint(console.text(Localized(
            ko: "브라우저에서 마치기를 기다리는 중… (\(minutes)분 안에, Ctrl-C로 그만두기)",
            en: "Waiting for the browser… (within \(minutes) min; Ctrl-C to stop)")), \.muted))
        try waiting()
        var interval = max(1, started.interval)
        // The time waited is the pauses' (a poll is one short call): once the session's life is spent, the shell stops
        // asking even if the server still said pending.
        var waited = 0
        let request = BrowserSignInPollRequest(sessionId: started.sessionId)
        while true {
            guard waited < started.expiresIn else { throw ShellError.signInTimedOut(provider) }
            try Self.pause(seconds: interval, on: clock, watch)
            waited += interval
            let answer = try remote.call(api, watch, provider: provider) {
                try await $0.call(API.browserSignInPoll, request)
            }
            switch answer.status {
            case .pending: continue
            // RFC 8628's rule, which the server keeps too: five seconds more for every later poll.
            case .slowDown: interval += 5
            case .expired: throw ShellError.signInTimedOut(provider)
            case .denied: throw ShellError.browserSignInRefused(provider, reason: answer.reason ?? "")
            case .done:
                guard let session = answer.session else { throw ShellError.serverFailed(api.baseURL, status: nil) }
                return try remote.completeSignIn(session, api: api)
            }
        }
    }

    /// Waits `seconds` on `clock` between two polls; Ctrl-C stops the wait (`cancelled`).
    static func pause(seconds: Int, on clock: any Clock<Duration>, _ watch: InterruptibleWait) throws {
        do {
            try watch.pause(seconds: seconds, on: clock)
        } catch {
            throw ShellError.cancelled
        }
    }
}

extension BrowserSignInProvider {
    /// The sign-in method the shell names this provider by.
    var shellProvider: AuthProvider {
        switch self {
        case .kakao: .kakao
        case .naver: .naver
        case .apple: .apple
        case .google: .google
        }
    }

    /// The browser provider of a sign-in method; nil for guest and email.
    init?(_ provider: AuthProvider) {
        self.init(rawValue: provider.rawValue)
    }
}
