import BrainyAPI
import BrainyKit
import Foundation

/// Google or Apple sign-in from a shell: the provider's device authorization flow (RFC 8628) through the sync
/// server, whose verified ID token becomes the account's sign-in.
struct SocialSignIn {
    let remote: RemoteSession
    private var console: Console { remote.console }

    /// Google or Apple through the device authorization flow: the shell shows a code and a link, and waits (Ctrl-C
    /// stops waiting) while the user approves on another device; the provider's ID token then goes to the server.
    /// The account the server signed in, kept on the device, for the caller to sign in here.
    func signIn(_ api: any RemoteAPI, provider: AuthProvider) throws -> User {
        let watch = InterruptibleWait()
        defer { watch.finish() }
        let offered = try remote.call(api, watch, provider: provider) { try await $0.call(API.socialProviders) }
        guard let info = offered.providers.first(where: { $0.provider == provider }) else {
            throw ShellError.providerNotOffered(provider)
        }
        let device = try remote.call(api, watch, provider: provider) { try await $0.startDeviceAuthorization(info) }
        let link = device.verificationUri.hasPrefix("/") ? api.baseURL + device.verificationUri : device.verificationUri
        console.line(Localized(
            ko: "\(provider.name.ko) 로그인: \(link) 에 접속해 코드 \(Josa.attach(device.userCode, .object)) 입력하세요\(info.development ? " (개발용 인증 서버)" : "").",
            en: "\(provider.name.en) sign-in: open \(link) and enter the code \(device.userCode)\(info.development ? " (development identity provider)" : "")."))
        console.line(console.paint(console.text(Localized(
            ko: "승인을 기다리는 중… (\(device.expiresIn / 60)분 안에, Ctrl-C로 그만두기)",
            en: "Waiting for approval… (within \(device.expiresIn / 60) min; Ctrl-C to stop)")), \.muted))
        var interval = Double(max(1, device.interval ?? 5))
        let deadline = ContinuousClock.now + .seconds(device.expiresIn)
        var idToken: String?
        while idToken == nil {
            guard ContinuousClock.now < deadline else { throw ShellError.signInTimedOut(provider) }
            do {
                try watch.pause(seconds: interval)
            } catch {
                throw ShellError.cancelled
            }
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
