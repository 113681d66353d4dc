import BrainyKit

/// Shows the terms of use and the privacy policy a server asks an account to accept, in the interface language, and
/// asks whether the person accepts them: at `register` before the account is made, and after a sign-in whose answer
/// lists documents not accepted yet (a first social sign-in, a version published since). The answer is `[y/N]`: only
/// a yes accepts. As the password prompts do, a script or a pipe answers with its next line; an input that ends, or
/// Ctrl-C, declines.
struct ConsentPrompt {
    let prompts: LinePrompts
    let console: Console

    /// Whether the person accepts `documents` (the server's texts: cleaned of terminal controls before printing).
    func accepts(_ documents: [ConsentDocument], registering: Bool) -> Bool {
        guard !documents.isEmpty else { return true }
        let names = Self.names(documents)
        console.line(console.paint(console.text(registering
            ? Localized(ko: "계정을 만들기 전에 \(names.ko)에 동의해 주세요:",
                        en: "Before the account is made, accept the \(names.en):")
            : Localized(ko: "이 계정을 쓰려면 \(names.ko)에 동의해야 합니다.",
                        en: "To use this account, accept the \(names.en).")), \.accent))
        for document in documents {
            console.line()
            console.line(OutsideText.clean(console.text(document.text), keepingLines: true))
        }
        console.line()
        let question = Localized(ko: "\(names.ko)에 동의합니까? [y/N] ", en: "Do you accept the \(names.en)? [y/N] ")
        guard case let .line(text) = prompts.askLine(question) else { return false }
        return Self.isYes(text)
    }

    /// `y`, `yes`, `예`, `네`, `동의`, …; an empty line is the default, no.
    static func isYes(_ text: String) -> Bool {
        let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
        return !answer.isEmpty && (YesAnswer.isYes(answer) || ["agree", "동의", "동의함", "동의합니다"].contains(answer))
    }

    /// "이용약관과 개인정보 처리방침" / "terms of use and privacy policy", or the one document's name.
    static func names(_ documents: [ConsentDocument]) -> Localized {
        let kinds = documents.map(\.kind)
        if kinds.count == 1, let kind = kinds.first {
            return Localized(ko: kind.name.ko, en: kind.name.en.lowercased())
        }
        return Localized(ko: "이용약관과 개인정보 처리방침", en: "terms of use and privacy policy")
    }
}

/// A registration or a sign-in that did not go on because the terms of use and the privacy policy were not accepted,
/// or a server that asks for them before anything else: each says how to accept.
enum ConsentRefusal: Error, Equatable {
    /// Declined at `register`: no account was made.
    case declinedAtRegister
    /// Declined after a sign-in: signed out again, tokens forgotten.
    case declinedAtSignIn
    /// The server refused an operation until the account accepts a version it publishes now.
    case requiredByServer

    var message: Localized {
        switch self {
        case .declinedAtRegister:
            Localized(ko: "계정을 만들지 않았습니다: 이용약관과 개인정보 처리방침에 동의해야 계정이 만들어집니다. 다시 'register'를 하고 'y'로 답하세요 (스크립트에서는 비밀번호 두 줄 다음에 'y' 한 줄).",
                      en: "No account was made: it is made only once the terms of use and the privacy policy are accepted. Run 'register' again and answer 'y' (in a script, a line 'y' after the two password lines).")
        case .declinedAtSignIn:
            Localized(ko: "로그아웃했습니다: 이용약관과 개인정보 처리방침에 동의하기 전에는 이 계정을 쓸 수 없습니다. 다시 로그인하고 'y'로 답하면 동의합니다 (스크립트에서는 로그인 다음 줄에 'y').",
                      en: "Signed out: this account cannot be used until the terms of use and the privacy policy are accepted. Sign in again and answer 'y' to accept them (in a script, a line 'y' after the sign-in).")
        case .requiredByServer:
            Localized(ko: "서버가 새 이용약관이나 개인정보 처리방침에 먼저 동의하라고 합니다. 'sync'를 하면 읽고 동의할 수 있습니다 (다시 로그인해도 됩니다).",
                      en: "The server asks this account to accept a new terms of use or privacy policy first. Run 'sync' to read and accept it (or sign in again).")
        }
    }
}
