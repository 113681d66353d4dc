import BrainyKit

/// The prompt: who is signed in and where the flow stands, `brainy guest 객관식·나라 3/10>`, and with a timer the
/// seconds left to answer (`3/10 4초 남음>`), which the line editor redraws each second.
enum Prompt {
    static func text(for session: ShellSession) -> String {
        let flow = session.flow
        guard let user = flow.user else { return "brainy> " }
        let language = session.console.language
        var parts: [String] = []
        if let setup = flow.setup {
            var choice = setup.type.name[language]
            if let category = setup.category { choice += "·" + category.name[language] }
            if setup.format == .stage { choice += "·" + setup.format.name[language] }
            parts.append(choice)
        }
        if let play = flow.play, [.question, .answered, .interrupted].contains(flow.state) {
            parts.append("\(min(play.index + 1, play.questions.count))/\(play.questions.count)")
        }
        if let left = flow.timeLeft(at: session.now), left >= 0 {
            // Whole seconds rounded up, padded to the limit's width so that the line typed after does not shift.
            let seconds = String(Int(left.rounded(.up)))
            let padded = String(repeating: " ", count: max(0, String(flow.timerSeconds).count - seconds.count)) + seconds
            // Plain text: libedit writes a prompt's escape sequences as it lays the prompt out, and a redraw that
            // changes only a digit between them was not shown (tmux kept "3s left" until the question closed).
            parts.append(Localized(ko: "\(padded)초 남음", en: "\(padded)s left")[language])
        }
        if flow.state == .interrupted { parts.append(Localized(ko: "중단됨", en: "interrupted")[language]) }
        if flow.state == .watchingAd { parts.append(Localized(ko: "광고", en: "ad")[language]) }
        let shown = OutsideText.clean(user.displayName)
        let name = shown.count > 24 ? String(shown.prefix(23)) + "…" : shown
        return "brainy \(name)" + (parts.isEmpty ? "" : " " + parts.joined(separator: " ")) + "> "
    }
}
