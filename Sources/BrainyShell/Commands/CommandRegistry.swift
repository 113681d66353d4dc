import BrainyKit

/// Every command of the shell, registered once: an exhaustive `switch` over `CommandName`, so a new name does not
/// compile until it has its handler here. Help, completion, refusals, "did you mean", `diagram` and the README's
/// command table all read this registry; the transition table says where each command is allowed.
enum CommandRegistry {
    /// The handler of each command.
    static func command(_ name: CommandName) -> any ShellCommand.Type {
        switch name {
        case .help: HelpCommand.self
        case .state: StateCommand.self
        case .login: LoginCommand.self
        case .register: RegisterCommand.self
        case .logout: LogoutCommand.self
        case .mode: ModeCommand.self
        case .category: CategoryCommand.self
        case .format: FormatCommand.self
        case .start: StartCommand.self
        case .answer: AnswerCommand.self
        case .speak: SpeakCommand.self
        case .next: NextCommand.self
        case .skip: SkipCommand.self
        case .hint: HintCommand.self
        case .abandon: AbandonCommand.self
        case .resume: ResumeCommand.self
        case .repeat: RepeatCommand.self
        case .history: HistoryCommand.self
        case .stats: StatsCommand.self
        case .profile: ProfileCommand.self
        case .settings: SettingsCommand.self
        case .sync: SyncCommand.self
        case .leaderboard: LeaderboardCommand.self
        case .diagram: DiagramCommand.self
        case .timing: TimingCommand.self
        case .record: RecordCommand.self
        case .source: SourceCommand.self
        case .clear: ClearCommand.self
        case .exit: ExitCommand.self
        case .ad: AdCommand.self
        case .clock: ClockCommand.self
        case .flags: FlagsCommand.self
        case .config: ConfigCommand.self
        case .reset: ResetCommand.self
        case .ai: AICommand.self
        case .ads: AdsCommand.self
        }
    }

    /// Every handler, in the order of `CommandName` (the order of help and of the README's table).
    static let commands: [any ShellCommand.Type] = CommandName.allCases.map(command)

    /// Resolves a typed word (a name or an alias) to a command.
    static func command(named word: String) -> (any ShellCommand.Type)? {
        let key = word.lowercased()
        // A search of the list rather than a dictionary: building one was 3% of a start-up, searching ~45 is nothing.
        if let name = CommandName(rawValue: key) { return command(name) }
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

extension ShellCommand {
    /// Not a QA switch: the default of every command not given QA's context.
    static var isQA: Bool { false }
}

extension ShellCommand where Context == QAContext {
    /// A QA switch: a command given QA's context, only with `--qa` (`CommandName.isQA`). Chosen for each command when
    /// it is compiled (the requirement's most specific default), not by comparing the context's type at run time,
    /// which made the runtime build that type's metadata from its mangled name at every start (8% of `brainy -c help`).
    static var isQA: Bool { true }
}
