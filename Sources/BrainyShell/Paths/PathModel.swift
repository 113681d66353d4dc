import BrainyKit

/// The moves a tester can make from a planner's state: one or more per rule of the transition table that starts
/// there (the table says which commands are allowed and where each may lead), with the arguments that satisfy its
/// guard, and the system triggers made happen through the tester's switches (`config maintenance`, `clock advance`)
/// or a restart. The shell itself confirms each move when the path is played.
enum PathModel {
    static let password = "brainy-paths-1"
    static func email(_ account: Int) -> String { "player\(account)@example.com" }

    static func steps(from state: PlanState) -> [PlanStep] {
        var steps: [PlanStep] = []
        // The shell's own commands first, as `ShellTransition.all` lists them.
        if !state.flow.isTransient {
            for command in CommandRules.anywhere { steps += commandSteps(command, keepsState: true, state) }
        }
        for rule in TransitionTable.rules(from: state.flow) {
            switch rule.trigger {
            case let .action(action): steps += commandSteps(CommandName(action), keepsState: rule.keepsState, state)
            case .maintenanceStarted: steps += maintenance(on: true, state)
            case .maintenanceEnded: steps += maintenance(on: false, state)
            case .sessionExpired: steps += expiry(state)
            case .sessionRestored: break  // made by `restart`, below
            case .questionsGenerated, .generationFailed: break  // steps inside AI mode's `start`
            // Steps inside a provider's `login`, which needs a sync server and a browser: not in the offline paths.
            case .browserSignInDone, .browserSignInStopped: break
            case .adCompleted: steps += adCompleted(state)
            case .timeRanOut: steps += timeRanOut(state)
            }
        }
        steps += restart(state)
        return steps
    }

    private static func move(_ state: PlanState, _ trigger: ShellTrigger, to target: FlowState) -> ShellTransition {
        ShellTransition(from: state.flow, trigger: trigger, to: target)
    }

    // MARK: Commands

    private static func commandSteps(_ command: CommandName, keepsState: Bool, _ state: PlanState) -> [PlanStep] {
        let trigger = ShellTrigger.command(command)
        switch command {
        case .login:
            var steps = [signIn(as: PlanState.guest, lines: { offer in
                [.command("login guest", inputs: offer.map { [$0] } ?? [])] }, trigger, state)].compactMap { $0 }
            for account in 1..<(state.accounts + 1) where account != state.user {
                steps += [signIn(as: account, lines: { offer in
                    [.command("login email \(email(account))", inputs: [password] + (offer.map { [$0] } ?? []))] },
                    trigger, state)].compactMap { $0 }
            }
            return steps
        case .register:
            var registered = state
            registered.accounts += 1
            let account = registered.accounts
            guard account <= 2 else { return [] }
            return [true, false].compactMap { moveHistory in
                signIn(as: account, registering: true, moveHistory: moveHistory, lines: { offer in
                    [.command("register \(email(account))", inputs: [password, password] + (offer.map { [$0] } ?? []))]
                }, trigger, registered)
            }
        case .logout:
            var next = state.signedOut()
            next.flow = .signedOut
            return [PlanStep([.command("logout")], [move(state, trigger, to: .signedOut)], next)]
        case .mode:
            return [false, true].map { ai in
                var next = state
                next.flow = .choosingCategory
                next.hasType = true
                next.ai = ai
                next.hasCategory = false
                next.play = nil
                return PlanStep([.command(ai ? "mode ai" : "mode mc")], [move(state, trigger, to: .choosingCategory)], next)
            }
        case .category:
            var next = state
            next.flow = .ready
            next.hasCategory = true
            next.play = nil
            return [PlanStep([.command("category country")], [move(state, trigger, to: .ready)], next)]
        case .format:
            return QuizFormat.allCases.map { format in
                var next = state
                next.flow = .ready
                next.format = format
                next.play = nil
                return PlanStep([.command("format \(format.rawValue)")], [move(state, trigger, to: .ready)], next)
            }
        case .start:
            guard state.hasCategory, let user = state.user else { return [] }
            let quizzes: [(String, PlanState.Quiz)] = state.format == .stage
                ? [("start", PlanState.Quiz(format: .stage, total: StagePlan.stageSize))]
                : [1, 2].map { ("start \($0)", PlanState.Quiz(format: .individual, total: $0)) }
            var steps = quizzes.map { line, started in
                var quiz = started
                quiz.ai = state.ai
                var next = state
                next.flow = .question
                next.play = quiz
                next.inProgress[user] = quiz
                next.hintUsed = false
                if user == PlanState.guest { next.guestPlayed = true }
                // AI mode makes its questions first.
                let transitions = state.ai
                    ? [move(state, trigger, to: .generating),
                       ShellTransition(from: .generating, trigger: .system(.questionsGenerated), to: .question)]
                    : [move(state, trigger, to: .question)]
                return PlanStep([.command(line)], transitions, next)
            }
            if state.ai {
                // With the mode switched off by the config, nothing is made: back to ready.
                var next = state
                next.flow = .ready
                steps.append(PlanStep(
                    [.command("flags ai off"), .command("start 1"), .command("flags ai on")],
                    [move(state, .command(.flags), to: state.flow), move(state, trigger, to: .generating),
                     ShellTransition(from: .generating, trigger: .system(.generationFailed), to: .ready),
                     ShellTransition(from: .ready, trigger: .command(.flags), to: .ready)], next))
            }
            return steps
        case .answer, .speak:
            guard let quiz = state.play, let user = state.user else { return [] }
            return [true, false].map { right in
                var answered = quiz
                answered.answered += 1
                answered.correct += right ? 1 : 0
                var next = state
                next.flow = .answered
                next.play = answered
                next.inProgress[user] = answered
                let line: PlanStep.Line = command == .speak ? .speak(right: right) : .answer(right: right)
                return PlanStep([line], [move(state, trigger, to: .answered)], next)
            }
        case .ad:
            return adSteps(state)
        case .skip where state.flow == .watchingAd:
            return adEnded(state, by: trigger, lines: [.command("skip")])
        case .next, .skip:
            guard var quiz = state.play else { return [] }
            if command == .skip { quiz.answered += 1 }
            let next = state.advanced(to: quiz)
            return [PlanStep([.command(command.rawValue)], [move(state, trigger, to: next.flow)], next)]
        case .hint:
            guard !state.hintUsed else { return [] }
            var next = state
            next.hintUsed = true
            return [PlanStep([.command("hint")], [move(state, trigger, to: .question)], next)]
        case .abandon:
            guard let user = state.user else { return [] }
            var next = state
            next.flow = .ready
            next.play = nil
            next.inProgress[user] = nil
            return [PlanStep([.command("abandon")], [move(state, trigger, to: .ready)], next)]
        case .resume:
            guard let quiz = state.play else { return [] }
            let next = state.advanced(to: quiz)
            return [PlanStep([.command("resume")], [move(state, trigger, to: next.flow)], next)]
        case .reset:
            guard let user = state.user else { return [] }
            var next = state.signedIn(as: user, interrupted: nil)
            next.inProgress[user] = nil
            if user == PlanState.guest { next.guestPlayed = false }
            return [PlanStep([.command("reset")], [move(state, trigger, to: .home)], next)]
        default:
            // A query or a switch: the state stays. Each line prints the same on every run.
            guard keepsState else { return [] }
            let line = CommandRegistry.command(command).quietExample
            return [PlanStep([.command(line)], [move(state, trigger, to: state.flow)], state)]
        }
    }

    /// Signing in as `user`: the guest's history offered (and moved or not) where the shell offers it, then home or
    /// the quiz the user left in progress.
    private static func signIn(as user: Int, registering: Bool = false, moveHistory: Bool = false,
                               lines: (String?) -> [PlanStep.Line], _ trigger: ShellTrigger,
                               _ state: PlanState) -> PlanStep? {
        var next = state
        let offered = user != PlanState.guest && (state.user == PlanState.guest || registering) && state.guestPlayed
        if !offered && moveHistory { return nil }
        if offered && moveHistory {
            next.inProgress[user] = next.inProgress[PlanState.guest] ?? next.inProgress[user]
            next.inProgress[PlanState.guest] = nil
            next.guestPlayed = false
        }
        let interrupted = next.inProgress[user]
        next = next.signedIn(as: user, interrupted: interrupted)
        return PlanStep(lines(offered ? (moveHistory ? "y" : "n") : nil), [move(state, trigger, to: next.flow)], next)
    }

    // MARK: Ads

    /// `ad open` keeps the state (nothing shown yet: it says so); `ad watch` steps aside into a rewarded ad, QA's
    /// `ads ok` making sure there is one; from the ad, `ad skip` goes back.
    private static func adSteps(_ state: PlanState) -> [PlanStep] {
        let trigger = ShellTrigger.command(.ad)
        if state.flow == .watchingAd { return adEnded(state, by: trigger, lines: [.command("ad skip")]) }
        var watching = state
        watching.flow = .watchingAd
        watching.adOrigin = state.flow
        return [PlanStep([.command("ad open")], [move(state, trigger, to: state.flow)], state),
                PlanStep([.command("ads ok"), .command("ad watch")],
                         [move(state, .command(.ads), to: state.flow), move(state, trigger, to: .watchingAd)], watching)]
    }

    /// The ad's time is up once the clock has moved past it: the next command's end finds it completed.
    private static func adCompleted(_ state: PlanState) -> [PlanStep] {
        guard let origin = state.adOrigin else { return [] }
        var next = state
        next.flow = origin
        next.adOrigin = nil
        return [PlanStep([.command("clock advance 1m")],
                         [move(state, .command(.clock), to: .watchingAd), move(state, .system(.adCompleted), to: origin)], next)]
    }

    private static func adEnded(_ state: PlanState, by trigger: ShellTrigger, lines: [PlanStep.Line]) -> [PlanStep] {
        guard let origin = state.adOrigin else { return [] }
        var next = state
        next.flow = origin
        next.adOrigin = nil
        return [PlanStep(lines, [move(state, trigger, to: origin)], next)]
    }

    // MARK: What happens around the commands

    /// A timer set, the clock moved past it: the open question closes by itself, graded as timed out. The timer is
    /// turned off again, so that the paths that go on from here play as the planner expects.
    private static func timeRanOut(_ state: PlanState) -> [PlanStep] {
        guard let quiz = state.play, let user = state.user else { return [] }
        var answered = quiz
        answered.answered += 1
        var next = state
        next.flow = .answered
        next.play = answered
        next.inProgress[user] = answered
        return [PlanStep([.command("settings timer 5"), .command("clock advance 6s"), .command("settings timer 0")],
                         [move(state, .command(.settings), to: .question), move(state, .command(.clock), to: .question),
                          move(state, .system(.timeRanOut), to: .answered),
                          ShellTransition(from: .answered, trigger: .command(.settings), to: .answered)], next)]
    }

    private static func maintenance(on: Bool, _ state: PlanState) -> [PlanStep] {
        var next = state
        next.maintenance = on
        if on {
            guard state.flow != .maintenance else { return [] }
            next.beforeMaintenance = state.flow
            next.flow = .maintenance
            return [PlanStep([.command("config maintenance on")], [move(state, .system(.maintenanceStarted), to: .maintenance)], next)]
        }
        guard state.flow == .maintenance else { return [] }
        next.flow = state.beforeMaintenance ?? (state.user == nil ? .signedOut : .home)
        next.beforeMaintenance = nil
        return [PlanStep([.command("config maintenance off")], [move(state, .system(.maintenanceEnded), to: next.flow)], next)]
    }

    /// The clock moved past the sign-in's end; the next command finds it expired.
    private static func expiry(_ state: PlanState) -> [PlanStep] {
        guard state.user != nil else { return [] }
        var next = state.signedOut()
        var transitions = [move(state, .command(.clock), to: state.flow)]
        if state.flow == .maintenance {
            next.flow = .maintenance
            next.beforeMaintenance = .signedOut
            transitions.append(move(state, .system(.sessionExpired), to: .maintenance))
        } else {
            next.flow = .signedOut
            transitions.append(move(state, .system(.sessionExpired), to: .signedOut))
        }
        transitions.append(ShellTransition(from: next.flow, trigger: .command(.state), to: next.flow))
        return [PlanStep([.command("clock advance 2d"), .command("state")], transitions, next)]
    }

    /// The shell closed and opened again: signed out, maintenance as the config says, the sign-in restored.
    private static func restart(_ state: PlanState) -> [PlanStep] {
        var next = PlanState()
        next.accounts = state.accounts
        next.inProgress = state.inProgress
        next.guestPlayed = state.guestPlayed
        next.maintenance = state.maintenance
        var transitions: [ShellTransition] = []
        if state.maintenance {
            next.flow = .maintenance
            next.beforeMaintenance = .signedOut
            transitions.append(ShellTransition(from: .signedOut, trigger: .system(.maintenanceStarted), to: .maintenance))
        }
        if let user = state.user {
            let restored = next.signedIn(as: user, interrupted: next.inProgress[user])
            if state.maintenance {
                var waiting = restored
                waiting.flow = .maintenance
                waiting.beforeMaintenance = restored.flow
                next = waiting
                transitions.append(ShellTransition(from: .maintenance, trigger: .system(.sessionRestored), to: .maintenance))
            } else {
                transitions.append(ShellTransition(from: .signedOut, trigger: .system(.sessionRestored), to: restored.flow))
                next = restored
            }
        }
        return [PlanStep([.restart], transitions, next)]
    }
}

extension PlanState {
    /// Signed in as `user`: home, or the quiz they left in progress.
    func signedIn(as user: Int, interrupted: Quiz?) -> PlanState {
        var next = self
        next.user = user
        next.play = interrupted
        next.hintUsed = false
        next.hasType = interrupted != nil
        next.ai = interrupted?.ai ?? false
        next.hasCategory = interrupted != nil
        next.format = interrupted?.format ?? .individual
        next.flow = interrupted == nil ? .home : .interrupted
        return next
    }

    /// Nobody signed in; what each user left in progress stays on the device.
    func signedOut() -> PlanState {
        var next = self
        next.user = nil
        next.play = nil
        next.hasType = false
        next.ai = false
        next.hasCategory = false
        next.format = .individual
        next.hintUsed = false
        return next
    }

    /// After an answer or a skip (or a resume): the next question, or the end of the quiz.
    func advanced(to quiz: Quiz) -> PlanState {
        var next = self
        next.hintUsed = false
        if quiz.isAllAnswered {
            next.flow = quiz.end
            next.play = nil
            if let user { next.inProgress[user] = nil }
        } else {
            next.flow = .question
            next.play = quiz
            if let user { next.inProgress[user] = quiz }
        }
        return next
    }
}
