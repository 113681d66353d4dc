import BrainyKit

/// Makes each kind of command's context when a typed line runs a command or the line editor's Tab completes one. The
/// dispatcher and the completer are given this, not the session; each kind of context names its maker
/// (`CommandContext.made(by:)`).
struct CommandContexts {
    let shell: () -> ShellContext
    let account: () -> AccountContext
    let quiz: () -> QuizContext
    let records: () -> RecordsContext
    let device: () -> DeviceContext
    let qa: () -> QAContext
}
