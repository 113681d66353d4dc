import BrainyKit

/// Every command of the shell, registered once. Help, completion, refusals, "did you mean", `diagram` and the
/// README's command table all read this list; the transition table says where each command is allowed.
enum CommandRegistry {
    static let commands: [any ShellCommand.Type] = [
        HelpCommand.self, StateCommand.self, LoginCommand.self, RegisterCommand.self, LogoutCommand.self,
        ModeCommand.self, CategoryCommand.self, FormatCommand.self, StartCommand.self, AnswerCommand.self,
        SpeakCommand.self, NextCommand.self, SkipCommand.self, HintCommand.self, AbandonCommand.self, ResumeCommand.self, RepeatCommand.self,
        HistoryCommand.self, StatsCommand.self, ProfileCommand.self, SettingsCommand.self, SyncCommand.self,
        LeaderboardCommand.self, DiagramCommand.self, TimingCommand.self, RecordCommand.self, SourceCommand.self,
        ClearCommand.self, ExitCommand.self, AdCommand.self,
        ClockCommand.self, FlagsCommand.self, ConfigCommand.self, ResetCommand.self, AICommand.self, AdsCommand.self,
    ]

    /// The handler of a command; every `CommandName` has one (a test holds it).
    static func command(_ name: CommandName) -> any ShellCommand.Type {
        // preconditionFailure is sound: CommandRegistryTests holds every CommandName to exactly one handler.
        guard let command = commands.first(where: { $0.name == name }) else { preconditionFailure("no handler registered for '\(name.rawValue)'") }
        return command
    }

    /// Resolves a typed word (a name or an alias) to a command.
    static func command(named word: String) -> (any ShellCommand.Type)? {
        let key = word.lowercased()
        // A search of the list rather than a dictionary: building one was 3% of a start-up, searching ~45 is nothing.
        if let name = CommandName(rawValue: key) { return commands.first { $0.name == name } }
        return commands.first { $0.aliases.contains(key) }
    }

    /// The closest command name to a mistyped word, if it is close enough to be a likely typo (QA commands are not
    /// suggested: they are offered only with `--qa`).
    static func suggestion(for word: String, includeQA: Bool = false) -> String? {
        let key = word.lowercased()
        let candidates = commands.filter { includeQA || !$0.name.isQA }.flatMap { [$0.name.rawValue] + $0.aliases }
            .filter { $0.count > 1 && $0.allSatisfy(\.isLetter) }
        let scored = candidates.map { ($0, EditDistance.between(key, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored else { return nil }
        if distance <= max(1, best.count / 3) { return best }
        if key.count >= 2, best.hasPrefix(key) { return best }
        return candidates.first { $0.hasPrefix(key) && key.count >= 2 }
    }
}
