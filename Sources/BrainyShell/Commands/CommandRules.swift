import BrainyKit

/// Where each command is allowed: the flow's table for a command that asks something of the flow, and every state a
/// person types in for a command the shell answers by itself. Refusals, `help`, completion, `state` and the coverage
/// of the transcripts are read from here.
public enum CommandRules {
    /// The commands the shell answers by itself, allowed in every state a person types in (all but the transient
    /// ones), keeping it.
    public static let anywhere: [CommandName] = CommandName.allCases.filter { $0.flowAction == nil }

    public static func allows(_ command: CommandName, in state: FlowState) -> Bool {
        targets(of: command, from: state) != nil
    }

    /// Where `command` may lead from `state`; nil where it is not allowed.
    public static func targets(of command: CommandName, from state: FlowState) -> [FlowState]? {
        guard let action = command.flowAction else { return state.isTransient ? nil : [state] }
        return TransitionTable.rule(from: state, .action(action))?.to
    }

    /// The commands allowed in `state`, in `CommandName`'s order; the QA commands only with `qa`.
    public static func allowed(in state: FlowState, qa: Bool) -> [CommandName] {
        CommandName.allCases.filter { (qa || !$0.isQA) && allows($0, in: state) }
    }

    /// Throws the refusal that names the state and what is allowed, unless `command` is allowed in `state`.
    public static func check(_ command: CommandName, in state: FlowState, qa: Bool) throws(ShellError) {
        if command.isQA && !qa { throw .qaOnly(command) }
        guard allows(command, in: state) else {
            throw .commandNotAllowed(command, state: state, allowed: allowed(in: state, qa: qa))
        }
    }

    /// The actions of the QA commands: hidden from the diagram without `--qa`.
    static let qaActions = Set(CommandName.allCases.filter(\.isQA).compactMap(\.flowAction))
}

extension QuizFlow {
    /// The commands allowed now, in `CommandName`'s order (the QA commands only with `qa`: `--qa`).
    func allowedCommands(qa: Bool) -> [CommandName] { CommandRules.allowed(in: state, qa: qa) }

    /// Throws the refusal that names the current state and what is allowed, unless `command` is allowed now.
    func check(_ command: CommandName, qa: Bool) throws(ShellError) {
        try CommandRules.check(command, in: state, qa: qa)
    }
}

extension TransitionTable {
    /// Whether the shell takes `command` in `state` (`CommandRules`).
    static func allows(_ command: CommandName, in state: FlowState) -> Bool {
        CommandRules.allows(command, in: state)
    }
}

extension TransitionRule {
    /// The command that asks for the rule's action; nil for the rules of system triggers.
    var command: CommandName? { action.map(CommandName.init) }
}

extension StateDiagram {
    /// The diagram as the shell draws it: the QA commands' moves only with `--qa`.
    static func render(_ style: Style, current: FlowState?, includeQA: Bool) -> String {
        render(style, current: current, hiding: includeQA ? [] : CommandRules.qaActions)
    }
}
