import BrainyKit

/// What a transcript's step can take: a command typed, or something that happened around the commands (the flow's
/// system triggers: maintenance, an expired or restored sign-in…). A flow action is always its command here.
public enum ShellTrigger: Hashable, Sendable {
    case command(CommandName)
    case system(FlowTrigger)

    /// The flow's trigger as the shell names it: an action by its command.
    public init(_ trigger: FlowTrigger) {
        self = trigger.action.map { .command(CommandName($0)) } ?? .system(trigger)
    }

    /// How the trigger is named in `state`, the coverage report and a generated transcript's file name.
    public var label: String {
        switch self {
        case let .command(name): name.rawValue
        case let .system(trigger): trigger.label
        }
    }
}

/// One transition of the shell: a move of the flow, or a command the shell answers by itself in a state, keeping it.
/// The transcripts' coverage (`brainy --check --coverage`) and the generated paths (`brainy --paths`) count these.
public struct ShellTransition: Hashable, Sendable {
    public var from: FlowState
    public var trigger: ShellTrigger
    public var to: FlowState

    public init(from: FlowState, trigger: ShellTrigger, to: FlowState) {
        self.from = from
        self.trigger = trigger
        self.to = to
    }

    /// A move the flow made.
    public init(_ transition: FlowTransition) {
        self.init(from: transition.from, trigger: ShellTrigger(transition.trigger), to: transition.to)
    }

    /// `question --answer--> answered`.
    public var label: String { "\(from.rawValue) --\(trigger.label)--> \(to.rawValue)" }

    /// Every transition a transcript can take offline: the shell's own commands in each state a person types in,
    /// then every one the flow's table lists (each rule to each of its targets) but those of `needingServer`.
    public static let all: [ShellTransition] =
        FlowState.allCases.filter { !$0.isTransient }.flatMap { state in
            CommandRules.anywhere.map { ShellTransition(from: state, trigger: .command($0), to: state) }
        } + FlowTransition.all.filter { !$0.needsSyncServer }.map(ShellTransition.init)

    /// The table's transitions only a sync server and a browser make happen (into, and out of, the wait for a
    /// browser's sign-in): a transcript has no server, so the paths and their coverage leave them out, as the report
    /// says; `BrowserSignInEndToEndTests` goes through the step with a server and a browser, and
    /// `TransitionCoverageTests` takes each of them through the flow.
    public static let needingServer: [ShellTransition] =
        FlowTransition.all.filter(\.needsSyncServer).map(ShellTransition.init)
}

extension FlowTransition {
    /// Whether only a sync server can take the flow through it (`FlowState.needsSyncServer`).
    var needsSyncServer: Bool { from.needsSyncServer || to.needsSyncServer }
}
