import BrainyKit
import Foundation

/// The open question's time limit, as the shell keeps it: the flow decides on the session's clock when the time has
/// run out; the shell asks before and after each command (so that `clock advance` in a transcript closes a question
/// as waiting does at a terminal), and each second while a person types at the prompt, which shows the time left.
extension ShellSession {
    /// Closes the open question when its time has run out, showing that it timed out and the right answer.
    func closeQuestionIfTimeRanOut() {
        guard flow.timeRanOut(at: now) else { return }
        do {
            try apply(.timeChecked(at: now))
        } catch {
            console.error(console.text(message(for: error)))
        }
    }

    /// What the line editor asks while it waits for a key: the prompt with the time left, and when to ask again.
    /// Nil while no time limit runs.
    func promptTick() -> PromptTick? {
        guard let left = flow.timeLeft(at: now) else { return nil }
        guard left >= 0 else { return PromptTick(prompt: prompt, timeUp: true, nextTick: 0) }
        // The prompt shows whole seconds, rounded up: ask again just after the shown number changes.
        let shown = left.rounded(.up)
        return PromptTick(prompt: prompt, timeUp: false, nextTick: max(0.05, left - (shown - 1) + 0.02))
    }
}
