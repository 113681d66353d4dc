import BrainyKit

/// The commands of the shell, by name. The names are the interface; keep them. Their order is help's, completion's
/// and the README's table's.
public enum CommandName: String, CaseIterable, Sendable, Codable {
    case help, state, login, register, logout
    case mode, category, format, start, answer, speak, next, skip, hint, abandon, resume, `repeat`
    case history, stats, profile, settings, sync, leaderboard, diagram, timing, record, source, clear, exit
    case ad
    /// QA switches: only with `--qa`; absent from help and completion otherwise.
    case clock, flags, config, reset, ai, ads

    /// Commands a tester needs and a player never sees.
    public var isQA: Bool { [.clock, .flags, .config, .reset, .ai, .ads].contains(self) }

    /// What the command asks of the flow, which rules on where it is allowed; nil for a command the shell answers by
    /// itself (its manual, its output, its switches), allowed in every state a person types in (`CommandRules`).
    public var flowAction: FlowAction? {
        switch self {
        case .login: .login
        case .register: .register
        case .logout: .logout
        case .mode: .mode
        case .category: .category
        case .format: .format
        case .start: .start
        case .answer: .answer
        case .speak: .speak
        case .next: .next
        case .skip: .skip
        case .hint: .hint
        case .abandon: .abandon
        case .resume: .resume
        case .repeat: .repeat
        case .history: .history
        case .stats: .stats
        case .profile: .profile
        case .settings: .settings
        case .sync: .sync
        case .leaderboard: .leaderboard
        case .ad: .ad
        case .reset: .reset
        case .help, .state, .diagram, .timing, .record, .source, .clear, .exit, .clock, .flags, .config, .ai, .ads: nil
        }
    }

    /// The command that asks the flow for `action`.
    public init(_ action: FlowAction) {
        self = switch action {
        case .login: .login
        case .register: .register
        case .logout: .logout
        case .mode: .mode
        case .category: .category
        case .format: .format
        case .start: .start
        case .answer: .answer
        case .speak: .speak
        case .next: .next
        case .skip: .skip
        case .hint: .hint
        case .abandon: .abandon
        case .resume: .resume
        case .repeat: .repeat
        case .history: .history
        case .stats: .stats
        case .profile: .profile
        case .settings: .settings
        case .sync: .sync
        case .leaderboard: .leaderboard
        case .ad: .ad
        case .reset: .reset
        }
    }
}
