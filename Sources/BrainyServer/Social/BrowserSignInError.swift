import BrainyAPI
import BrainyKit

/// Why a browser sign-in did not finish, said on the page in Korean and English with what to do next; the poll
/// carries the English one as the reason.
enum BrowserSignInError: Error, Equatable, Sendable {
    /// The page was opened with a code no sign-in waits for.
    case unknownCode
    /// The session expired before the browser finished.
    case expired
    /// The session already finished (signed in or refused).
    case finished
    /// The callback brought a `state` no session handed out: a forged or mistyped link.
    case forgedState
    /// The callback brought a `state` already used: a replayed (or reloaded) callback.
    case replayed
    /// The person declined at the provider.
    case denied(BrowserSignInProvider)
    /// The provider refused the code exchange, or answered what the server cannot accept.
    case providerRefused(BrowserSignInProvider, String)
    /// The provider could not be reached.
    case providerUnavailable(BrowserSignInProvider, String)

    var message: Localized {
        switch self {
        case .unknownCode:
            Localized(ko: "이 코드로 기다리는 로그인이 없습니다. 터미널에 보이는 링크를 그대로 여세요.",
                      en: "No sign-in is waiting for this code. Open the link exactly as the terminal shows it.")
        case .expired:
            Localized(ko: "로그인 시간이 지났습니다. 터미널에서 로그인을 다시 시작하세요.",
                      en: "This sign-in has expired. Start the sign-in again in the terminal.")
        case .finished:
            Localized(ko: "이 로그인은 이미 끝났습니다. 터미널을 확인하세요.",
                      en: "This sign-in has already finished. Look at the terminal.")
        case .forgedState:
            Localized(ko: "이 응답은 이 서버가 시작한 로그인의 것이 아닙니다(state가 맞지 않음). 거부했습니다. 터미널에서 로그인을 다시 시작하세요.",
                      en: "This answer does not belong to a sign-in this server started (its state does not match), so it was refused. Start the sign-in again in the terminal.")
        case .replayed:
            Localized(ko: "이 응답은 이미 한 번 쓰였습니다(재전송된 콜백). 거부했습니다. 터미널에서 로그인을 다시 시작하세요.",
                      en: "This answer was already used once (a replayed callback), so it was refused. Start the sign-in again in the terminal.")
        case let .denied(provider):
            Localized(ko: "\(provider.name.ko)에서 로그인을 허용하지 않았습니다. 터미널은 로그인하지 않습니다.",
                      en: "The sign-in was not allowed at \(provider.name.en). The terminal will not sign in.")
        case let .providerRefused(provider, reason):
            Localized(ko: "\(provider.name.ko)의 응답을 받아들일 수 없습니다: \(reason) 터미널에서 로그인을 다시 시작하세요.",
                      en: "\(provider.name.en)'s answer could not be accepted: \(reason) Start the sign-in again in the terminal.")
        case let .providerUnavailable(provider, reason):
            Localized(ko: "\(provider.name.ko)에 연결할 수 없습니다(\(reason)). 잠시 뒤 터미널에서 다시 시작하세요.",
                      en: "\(provider.name.en) could not be reached (\(reason)). Start again in the terminal in a moment.")
        }
    }
}
