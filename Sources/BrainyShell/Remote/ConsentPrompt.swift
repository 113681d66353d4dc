import BrainyKit

/// Shows the terms of use and the privacy policy a server asks an account to accept, in the interface language, and
/// asks whether the person accepts them: at `register` before the account is made, and after a sign-in whose answer
/// lists documents not accepted yet (a first social sign-in, a version published since), and at `sync` for a sign-in
/// kept from before a new version. At `register` and after a sign-in the answer is `[y/N]`: only a yes accepts, and
/// as the password prompts do, a script or a pipe answers with its next line. At `sync` (`explicitNo`) the answer is
/// `[y/n]`: only a typed no declines (it signs out), and anything else leaves the question unanswered. An input that
/// ends, or Ctrl-C, is never an answer.
struct ConsentPrompt {
    let prompts: LinePrompts
    let console: Console

    /// What the person answered.
    enum Answer: Equatable {
        case accepted
        case declined
        /// No answer: the input ended, Ctrl-C, or (with `explicitNo`, or in a script) a line that is neither a yes
        /// nor a no, kept to say which line was not taken as an answer.
        case unanswered(line: String?)
    }

    /// Someone reads at a terminal: the texts can be read there.
    var isInteractive: Bool { prompts.isInteractive }

    /// Whether the person accepts `documents` (the server's texts: cleaned of terminal controls before printing).
    func accepts(_ documents: [ConsentDocument], registering: Bool) -> Bool {
        ask(documents, registering: registering) == .accepted
    }

    /// Shows `documents` and asks. With `explicitNo` only a typed no declines; without, any line but a yes declines
    /// at a terminal, and in a script a line that is neither a yes nor a no is left unanswered (the caller says which
    /// line it was, so that a script's next command is never taken for an answer unseen).
    func ask(_ documents: [ConsentDocument], registering: Bool, explicitNo: Bool = false) -> Answer {
        guard !documents.isEmpty else { return .accepted }
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
        let choices = explicitNo ? "[y/n]" : "[y/N]"
        let question = Localized(ko: "\(names.ko)에 동의합니까? \(choices) ", en: "Do you accept the \(names.en)? \(choices) ")
        guard case let .line(text) = prompts.askLine(question) else { return .unanswered(line: nil) }
        if Self.isYes(text) { return .accepted }
        if Self.isNo(text) { return .declined }
        return explicitNo || !prompts.isInteractive ? .unanswered(line: text) : .declined
    }

    /// `n`, `no`, `아니요`, …: a no typed out (an empty line is not one).
    static func isNo(_ text: String) -> Bool {
        let answer = text.trimmingCharacters(in: .whitespaces).lowercased()
        return ["n", "no", "아니요", "아니오", "아니", "ㄴ", "decline", "거부", "동의하지 않음", "동의하지 않습니다"].contains(answer)
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
        return bothNames
    }

    /// Both documents' names, as every message that names the pair writes them.
    static let bothNames = Localized(ko: "이용약관과 개인정보 처리방침", en: "terms of use and privacy policy")
}
