import BrainyKit

extension ShellSession {
    /// Each kind of command's context, built when a command runs or completes from the shared state and the services
    /// that kind names. Feeding the flow an event (`apply`), running a `source` file's lines and the voice (made when a
    /// command first asks for it) are handed in as functions.
    var contexts: CommandContexts {
        let basics = ContextBasics(state: state, console: console, options: options)
        return CommandContexts(
            shell: { ShellContext(basics: basics, options: self.options, state: self.state, ads: self.ads,
                                  runFile: { file in file.run(in: self) }) },
            account: { AccountContext(basics: basics, accounts: self.accountSignIn, remote: self.remote,
                                      state: self.state, repository: self.repository,
                                      deadlineClock: self.services.deadlineClock) },
            quiz: { QuizContext(basics: basics, state: self.state, repository: self.repository,
                                apply: { event in try self.apply(event) }, voice: { self.voice }, ads: self.ads) },
            records: { RecordsContext(basics: basics, repository: self.repository, remote: self.remote,
                                      prompts: self.prompts, isInteractive: self.reader.isInteractive) },
            device: { DeviceContext(basics: basics, options: self.options, state: self.state,
                                    repository: self.repository, remote: self.remote,
                                    syncEngine: { self.syncEngine() }) },
            qa: { QAContext(basics: basics, state: self.state, repository: self.repository, ads: self.ads,
                            apply: { event in try self.apply(event) }) })
    }
}
