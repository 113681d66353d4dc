import BrainyKit

extension ShellSession {
    /// Each kind of command's context, made when a command runs or completes.
    var contexts: CommandContexts {
        CommandContexts(shell: { ShellContext(self) }, account: { AccountContext(self) }, quiz: { QuizContext(self) },
                        records: { RecordsContext(self) }, device: { DeviceContext(self) }, qa: { QAContext(self) })
    }
}
