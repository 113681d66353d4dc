/// What moves the flow: an action asked of it, or something that happened around it.
public enum FlowTrigger: Hashable, Sendable {
    case action(FlowAction)
    /// The config in force turned maintenance on (at start-up, after a sync, or by QA's `config`).
    case maintenanceStarted
    /// Maintenance is over: the flow goes back to the state it was in.
    case maintenanceEnded
    /// The device's sign-in had expired when the next command came.
    case sessionExpired
    /// The device's open session was signed back in at start-up.
    case sessionRestored
    /// AI mode's questions are made: the quiz begins.
    case questionsGenerated
    /// Nothing usable was made (the mode turned off, Ctrl-C, no questions left): back to ready.
    case generationFailed
    /// The browser finished a sign-in the shell was waiting for: signed in.
    case browserSignInDone
    /// A sign-in waiting for the browser ended without signing in (refused, expired, Ctrl-C, a failure): back where
    /// it began.
    case browserSignInStopped
    /// The rewarded ad ran to its end (the clock moved past its duration): the reward is granted, the flow goes back.
    case adCompleted
    /// The open question's time limit passed before an answer came: it is closed and graded as timed out.
    case timeRanOut

    public var action: FlowAction? {
        if case let .action(action) = self { return action }
        return nil
    }

    /// How the trigger is named in the diagram and in a move the table does not list.
    public var label: String {
        switch self {
        case let .action(action): action.rawValue
        case .maintenanceStarted: "(maintenance on)"
        case .maintenanceEnded: "(maintenance off)"
        case .sessionExpired: "(session expired)"
        case .sessionRestored: "(session restored)"
        case .questionsGenerated: "(questions made)"
        case .generationFailed: "(nothing usable)"
        case .browserSignInDone: "(signed in in the browser)"
        case .browserSignInStopped: "(not signed in)"
        case .adCompleted: "(ad completed)"
        case .timeRanOut: "(time ran out)"
        }
    }

    public static let system: [FlowTrigger] = [.maintenanceStarted, .maintenanceEnded, .sessionExpired, .sessionRestored,
                                               .questionsGenerated, .generationFailed, .browserSignInDone,
                                               .browserSignInStopped, .adCompleted, .timeRanOut]
}

/// One row of the transition table: in state `from`, `trigger` leads to one of `to`, when `guard` holds.
public struct TransitionRule: Equatable, Sendable {
    public var from: FlowState
    public var trigger: FlowTrigger
    public var to: [FlowState]
    /// A condition that must hold, said in words (shown by `state` and the diagram).
    public var guardText: Localized?
    /// The rule moves the quiz on even where it keeps the state (a hint, a skip to the next question).
    public var movesQuiz: Bool

    public init(_ from: FlowState, _ trigger: FlowTrigger, _ to: [FlowState], guard guardText: Localized? = nil,
                movesQuiz: Bool = false) {
        self.from = from
        self.trigger = trigger
        self.to = to
        self.guardText = guardText
        self.movesQuiz = movesQuiz
    }

    public init(_ from: FlowState, _ action: FlowAction, _ to: [FlowState], guard guardText: Localized? = nil,
                movesQuiz: Bool = false) {
        self.init(from, .action(action), to, guard: guardText, movesQuiz: movesQuiz)
    }

    /// The action of an action's rule; nil for the rules of system triggers.
    public var action: FlowAction? { trigger.action }

    /// A rule that keeps the state (a query or a setting).
    public var keepsState: Bool { to == [from] }

    /// A rule worth drawing and listing as a move: it changes the state or moves the quiz on.
    public var isMove: Bool { !keepsState || movesQuiz }
}

/// One transition the flow took: from a state, on a trigger, to a state the rule lists.
public struct FlowTransition: Hashable, Sendable {
    public var from: FlowState
    public var trigger: FlowTrigger
    public var to: FlowState

    public init(from: FlowState, trigger: FlowTrigger, to: FlowState) {
        self.from = from
        self.trigger = trigger
        self.to = to
    }

    /// `question --answer--> answered`.
    public var label: String { "\(from.rawValue) --\(trigger.label)--> \(to.rawValue)" }

    /// Every transition the table lists: each rule to each of its targets.
    public static let all: [FlowTransition] =
        TransitionTable.rules.flatMap { rule in rule.to.map { FlowTransition(from: rule.from, trigger: rule.trigger, to: $0) } }
}

/// The table that drives the flow: which actions each state allows, and the states each may lead to. A front end
/// derives its refusals, its lists of what is allowed now and its diagram from it.
public enum TransitionTable {
    public static let rules: [TransitionRule] = actionRules + systemRules

    private static let actionRules: [TransitionRule] = {
        var rules: [TransitionRule] = []
        let signedIn = FlowState.allCases.filter {
            $0 != .signedOut && $0 != .maintenance && $0 != .watchingAd && !$0.isTransient
        }
        // Signing in and out. A provider's sign-in waits for the browser first (a step inside `login`).
        let afterLogin: [FlowState] = [.home, .interrupted]
        rules.append(TransitionRule(.signedOut, .login, afterLogin + [.waitingForBrowser]))
        rules.append(TransitionRule(.signedOut, .register, afterLogin,
                                    guard: Localized(ko: "이메일 형식과 비밀번호 정책", en: "email format and password policy")))
        for state in signedIn {
            rules.append(TransitionRule(state, .logout, [.signedOut]))
            for query in [FlowAction.history, .stats, .profile, .settings, .sync, .leaderboard] {
                rules.append(TransitionRule(state, query, [state]))
            }
            if state != .question && state != .answered {
                rules.append(TransitionRule(state, .reset, [.home]))
                // Signing in again switches user (a quiz in progress must be left first).
                rules.append(TransitionRule(state, .login, afterLogin + [.waitingForBrowser]))
                rules.append(TransitionRule(state, .register, afterLogin))
            }
        }
        rules.append(TransitionRule(.maintenance, .sync, [.maintenance]))
        // Choosing what to play.
        let playable = Localized(ko: "설정에서 켜진 유형", en: "type on in the config")
        for state in [FlowState.home, .choosingCategory] + FlowState.allCases.filter(\.isBetweenQuizzes) {
            rules.append(TransitionRule(state, .mode, [.choosingCategory], guard: playable))
        }
        for state in [FlowState.choosingCategory] + FlowState.allCases.filter(\.isBetweenQuizzes) {
            rules.append(TransitionRule(state, .category, [.ready]))
        }
        let hasQuestions = Localized(ko: "남은 문제 또는 잠금 해제된 스테이지", en: "questions left or a stage unlocked")
        for state in FlowState.allCases.filter(\.isBetweenQuizzes) {
            rules.append(TransitionRule(state, .format, [.ready]))
            // AI mode makes its questions first.
            rules.append(TransitionRule(state, .start, [.question, .generating], guard: hasQuestions))
        }
        // Playing.
        let ends: [FlowState] = [.finished, .stageCleared, .stageFailed]
        rules.append(TransitionRule(.question, .answer, [.answered]))
        // A spoken answer: recorded from the microphone, recognized, then graded like a typed one.
        rules.append(TransitionRule(.question, .speak, [.answered]))
        rules.append(TransitionRule(.question, .skip, [.question] + ends, movesQuiz: true))
        rules.append(TransitionRule(.question, .hint, [.question],
                                    guard: Localized(ko: "힌트가 남아 있음", en: "hint credits left"), movesQuiz: true))
        rules.append(TransitionRule(.answered, .next, [.question] + ends))
        // The question spoken again (voice mode), while it is open or its answer shown.
        rules.append(TransitionRule(.question, .repeat, [.question]))
        rules.append(TransitionRule(.answered, .repeat, [.answered]))
        for state in [FlowState.question, .answered, .interrupted] {
            rules.append(TransitionRule(state, .abandon, [.ready]))
        }
        rules.append(TransitionRule(.interrupted, .resume, [.question] + ends))
        // Ads: `ad open` keeps the state; `ad watch` steps aside into a rewarded ad, which `ad skip` (or `skip`)
        // leaves with nothing and its end (a system trigger) leaves with the reward, back where it began.
        let watchable = Localized(ko: "보여 줄 보상형 광고가 있음", en: "a rewarded ad to show")
        for state in FlowState.adOrigins {
            rules.append(TransitionRule(state, .ad, [state, .watchingAd], guard: watchable))
        }
        let back = Localized(ko: "광고 전의 상태로", en: "back to the state before it")
        rules.append(TransitionRule(.watchingAd, .ad, FlowState.adOrigins, guard: back))
        rules.append(TransitionRule(.watchingAd, .skip, FlowState.adOrigins, guard: back))
        return rules
    }()

    /// What happens around the commands: maintenance from the config, a sign-in that expired or was restored.
    private static let systemRules: [TransitionRule] = {
        var rules: [TransitionRule] = []
        // A rewarded ad is short and ends first: maintenance and an expired sign-in wait for it.
        let outside = FlowState.allCases.filter { $0 != .maintenance && $0 != .watchingAd && !$0.isTransient }
        for state in outside {
            rules.append(TransitionRule(state, .maintenanceStarted, [.maintenance]))
        }
        rules.append(TransitionRule(.maintenance, .maintenanceEnded, outside,
                                    guard: Localized(ko: "점검 전의 상태로", en: "back to the state before it")))
        for state in outside where state != .signedOut {
            rules.append(TransitionRule(state, .sessionExpired, [.signedOut]))
        }
        // Under maintenance the sign-in is kept for when it ends.
        rules.append(TransitionRule(.maintenance, .sessionExpired, [.maintenance]))
        rules.append(TransitionRule(.signedOut, .sessionRestored, [.home, .interrupted]))
        rules.append(TransitionRule(.maintenance, .sessionRestored, [.maintenance]))
        rules.append(TransitionRule(.generating, .questionsGenerated, [.question]))
        rules.append(TransitionRule(.generating, .generationFailed, [.ready]))
        rules.append(TransitionRule(.waitingForBrowser, .browserSignInDone, [.home, .interrupted]))
        rules.append(TransitionRule(.waitingForBrowser, .browserSignInStopped, loginOrigins,
                                    guard: Localized(ko: "로그인 전의 상태로", en: "back to the state before it")))
        rules.append(TransitionRule(.question, .timeRanOut, [.answered],
                                    guard: Localized(ko: "타이머가 켜져 있고 제한 시간이 지남", en: "a timer on and its limit passed")))
        rules.append(TransitionRule(.watchingAd, .adCompleted, FlowState.adOrigins,
                                    guard: Localized(ko: "보상과 함께 광고 전의 상태로", en: "back to the state before it with the reward")))
        return rules
    }()

    /// The states `login` is allowed in, and so the states a sign-in that waited for the browser in vain goes back to.
    public static let loginOrigins: [FlowState] = actionRules.compactMap { $0.action == .login ? $0.from : nil }

    /// The rules of each state, in `FlowState.allCases`' order: an array of arrays rather than a dictionary keyed by
    /// state, whose `Dictionary(grouping:)` at the first command was 5% of a start-up (the Swift runtime's first use of
    /// the type); the path planner asks for every state's rules many times, so they are grouped once.
    /// Grouped in one pass over the rules: filtering the whole table once per state copied each rule thirteen times
    /// (8% of a start-up).
    private static let rulesByState: [[TransitionRule]] = {
        var groups = [[TransitionRule]](repeating: [], count: states.count)
        for rule in rules {
            if let index = states.firstIndex(of: rule.from) { groups[index].append(rule) }
        }
        return groups
    }()
    private static let states = FlowState.allCases

    public static func rules(from state: FlowState) -> [TransitionRule] {
        guard let index = states.firstIndex(of: state) else { return [] }
        return rulesByState[index]
    }

    /// The rule for `trigger` in `state`, if the table has one.
    public static func rule(from state: FlowState, _ trigger: FlowTrigger) -> TransitionRule? {
        rules(from: state).first { $0.trigger == trigger }
    }

    /// The actions `state` allows, in `FlowAction`'s order.
    public static func allowedActions(in state: FlowState) -> [FlowAction] {
        let allowed = Set(rules(from: state).compactMap(\.action))
        return FlowAction.allCases.filter(allowed.contains)
    }

    public static func allows(_ action: FlowAction, in state: FlowState) -> Bool {
        rule(from: state, .action(action)) != nil
    }
}
