import BrainyKit

/// Asking the person at the shell for a line a command needs (an email, a yes or no) or a secret: read from the
/// session's reader, noted in the transcript being recorded (a secret as a placeholder, never itself).
struct LinePrompts {
    let reader: LineReader
    let console: Console
    let state: SessionState

    /// Someone reads at a terminal (an ended input is then a Ctrl-D, not a script's end).
    var isInteractive: Bool { reader.isInteractive }

    func askLine(_ prompt: Localized) -> LineInput {
        let input = reader.readLine(prompt: console.text(prompt))
        if case let .line(text) = input { state.recorder?.noteInput(text) }
        return input
    }

    func askSecret(_ prompt: Localized) -> String? {
        let secret = reader.readSecret(prompt: console.text(prompt))
        if let secret { state.recorder?.noteInput(secret, secret: true) }
        return secret
    }
}
