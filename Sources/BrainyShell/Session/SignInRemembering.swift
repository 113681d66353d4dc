import BrainyKit
import Synchronization

/// "Remember me": whether this computer keeps a sign-in once the shell has left. At a terminal the person is asked
/// once per sign-in, Enter keeping it as every sign-in was kept before; a script or a pipe is not asked (it must not
/// take a script's next line for an answer) and keeps it, unless the run was started saying otherwise
/// (`--remember-sign-in off`). A sign-in not kept has its tokens in memory only and ends at `exit`.
final class SignInRemembering: Sendable {
    /// The run's choice given at launch; nil asks at a terminal.
    let given: Bool?
    /// How many sign-ins of this run were not to be kept: `exit` then has something to forget, and the line that made
    /// one is not kept in the history file.
    private let declined = Mutex(0)

    init(given: Bool?) {
        self.given = given
    }

    var anyDeclined: Bool { declined.withLock { $0 } > 0 }

    /// How many sign-ins of this run were answered no so far (a line whose command changed it made one).
    var declineCount: Int { declined.withLock { $0 } }

    /// Whether this sign-in is to be kept, asked of the person at a terminal.
    func ask(_ prompts: LinePrompts, console: Console) -> Bool {
        let remember = answer(prompts)
        if !remember {
            declined.withLock { $0 += 1 }
            console.line(console.paint(console.text(Localized(
                ko: "이 컴퓨터에는 저장하지 않습니다. exit하면 로그아웃됩니다.",
                en: "Nothing is saved on this computer; 'exit' signs you out.")),
                \.muted))
        }
        return remember
    }

    private func answer(_ prompts: LinePrompts) -> Bool {
        if let given { return given }
        guard prompts.isInteractive else { return true }
        switch prompts.askLine(Localized(ko: "이 컴퓨터에서 로그인 상태를 유지할까요? [Y/n] ",
                                         en: "Stay signed in on this computer? [Y/n] ")) {
        case let .line(text): return YesAnswer.isYes(text)
        // Ctrl-C: the person did not say to keep it, so nothing is kept.
        case .cancelled: return false
        // Ctrl-D at the line editor: no more than Ctrl-C is it a yes.
        case .end where prompts.reader is EditLineReader: return false
        // No answer at all (a transcript recorded before the question was asked): the default.
        // SIGHUP or SIGTERM while it asks: nobody said yes.
        case .end: return Platform.terminationSignal == nil
        }
    }
}
