/// The commands of the shell, by name. The names are the interface; keep them.
public enum CommandName: String, CaseIterable, Sendable, Codable {
    case help, state, login, register, logout
    case mode, category, format, start, answer, next, skip, hint, abandon, resume
    case history, stats, profile, settings, sync, leaderboard, diagram, timing, record, exit
    /// QA switches: only with `--qa`; absent from help and completion otherwise.
    case clock, flags, config, reset

    /// Commands a tester needs and a player never sees.
    public var isQA: Bool { [.clock, .flags, .config, .reset].contains(self) }
}

/// One row of the transition table: in state `from`, command `command` leads to one of `to`, when `guard` holds.
public struct TransitionRule: Equatable, Sendable {
    public var from: FlowState
    public var command: CommandName
    public var to: [FlowState]
    /// A condition that must hold, said in words (shown by `state` and the diagram).
    public var guardText: Localized?

    public init(_ from: FlowState, _ command: CommandName, _ to: [FlowState], guard guardText: Localized? = nil) {
        self.from = from
        self.command = command
        self.to = to
        self.guardText = guardText
    }

    /// A rule that keeps the state (a query or a setting).
    public var keepsState: Bool { to == [from] }
}

/// The table that drives the flow, `help`, completion, refusals and `diagram`.
public enum TransitionTable {
    public static let rules: [TransitionRule] = {
        var rules: [TransitionRule] = []
        let signedIn = FlowState.allCases.filter { $0 != .signedOut && $0 != .maintenance }
        let anywhere: [CommandName] = [.help, .state, .diagram, .timing, .record, .exit, .clock, .flags, .config]
        for state in FlowState.allCases {
            rules += anywhere.map { TransitionRule(state, $0, [state]) }
        }
        // Signing in and out.
        let afterLogin: [FlowState] = [.home, .interrupted]
        rules.append(TransitionRule(.signedOut, .login, afterLogin))
        rules.append(TransitionRule(.signedOut, .register, afterLogin,
                                    guard: Localized(ko: "이메일 형식과 비밀번호 정책", en: "email format and password policy")))
        for state in signedIn {
            rules.append(TransitionRule(state, .logout, [.signedOut]))
            for query in [CommandName.history, .stats, .profile, .settings, .sync, .leaderboard] {
                rules.append(TransitionRule(state, query, [state]))
            }
            if state != .question && state != .answered {
                rules.append(TransitionRule(state, .reset, [.home]))
                // Signing in again switches user (a quiz in progress must be left first).
                rules.append(TransitionRule(state, .login, afterLogin))
                rules.append(TransitionRule(state, .register, afterLogin))
            }
        }
        rules.append(TransitionRule(.maintenance, .sync, [.maintenance, .signedOut]))
        // Choosing what to play.
        let playable = Localized(ko: "플레이 가능한 유형", en: "type is playable")
        for state in [FlowState.home, .choosingCategory] + FlowState.allCases.filter(\.isBetweenQuizzes) {
            rules.append(TransitionRule(state, .mode, [.choosingCategory], guard: playable))
        }
        for state in [FlowState.choosingCategory] + FlowState.allCases.filter(\.isBetweenQuizzes) {
            rules.append(TransitionRule(state, .category, [.ready]))
        }
        let hasQuestions = Localized(ko: "남은 문제 또는 잠금 해제된 스테이지", en: "questions left or a stage unlocked")
        for state in FlowState.allCases.filter(\.isBetweenQuizzes) {
            rules.append(TransitionRule(state, .format, [.ready]))
            rules.append(TransitionRule(state, .start, [.question], guard: hasQuestions))
        }
        // Playing.
        let ends: [FlowState] = [.finished, .stageCleared, .stageFailed]
        rules.append(TransitionRule(.question, .answer, [.answered]))
        rules.append(TransitionRule(.question, .skip, [.question] + ends))
        rules.append(TransitionRule(.question, .hint, [.question],
                                    guard: Localized(ko: "힌트가 남아 있음", en: "hint credits left")))
        rules.append(TransitionRule(.answered, .next, [.question] + ends))
        for state in [FlowState.question, .answered, .interrupted] {
            rules.append(TransitionRule(state, .abandon, [.ready]))
        }
        rules.append(TransitionRule(.interrupted, .resume, [.question] + ends))
        return rules
    }()

    public static func rules(from state: FlowState) -> [TransitionRule] {
        rules.filter { $0.from == state }
    }

    public static func allowedCommands(in state: FlowState) -> [CommandName] {
        let allowed = Set(rules(from: state).map(\.command))
        return CommandName.allCases.filter(allowed.contains)
    }

    public static func allows(_ command: CommandName, in state: FlowState) -> Bool {
        rules.contains { $0.from == state && $0.command == command }
    }
}
