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

    /// Commands a tester needs and a player never sees: those whose handler is given QA's context.
    public var isQA: Bool { CommandRegistry.command(self).isQA }

    /// What the command asks of the flow, which rules on where it is allowed: the flow's action of the same name. Nil
    /// for a command the shell answers by itself (its manual, its output, its switches), allowed in every state a
    /// person types in (`CommandRules`).
    public var flowAction: FlowAction? { FlowAction(rawValue: rawValue) }

    /// The command that asks the flow for `action`: the one of the same name (every action has one,
    /// `CommandNameTests`).
    public init(_ action: FlowAction) {
        guard let command = CommandName(rawValue: action.rawValue) else {
            preconditionFailure("The flow's action '\(action.rawValue)' has no command of the same name")
        }
        self = command
    }
}
