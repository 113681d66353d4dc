import Foundation

/// The quiz flow as a value type: `handle(_:)` moves the state and returns the effects the caller must perform. It
/// never does I/O. Which action is allowed where comes from `TransitionTable`.
public struct QuizFlow: Equatable, Sendable {
    public private(set) var state: FlowState = .signedOut
    public private(set) var user: SignedInUser?
    public private(set) var setup: QuizSetup?
    public private(set) var play: QuizPlay?
    public private(set) var hintCredits = 0
    /// Seconds allowed per question; 0 means no limit.
    public private(set) var timerSeconds: Int
    /// The last move the flow made, and how many it has made: what a coverage report reads.
    public private(set) var lastTransition: FlowTransition?
    public private(set) var transitionCount = 0
    /// The state to return to when maintenance ends.
    private var stateBeforeMaintenance: FlowState?
    /// Waiting for the browser's sign-in: the state `login` began in, to go back to if it ends without one.
    private var loginOrigin: FlowState?
    /// Watching a rewarded ad: the state to go back to, and when the ad began.
    public private(set) var adOrigin: FlowState?
    private var adStartedAt: Date?
    /// What happened while a rewarded ad ran and waits for its end (maintenance starting or ending, the sign-in
    /// expiring): the ad is short and ends first, then these take effect in order.
    public private(set) var waitingForAdEnd: [FlowEvent] = []
    private var makeId: @Sendable () -> String

    public init(timerSeconds: Int = 0, makeId: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.timerSeconds = timerSeconds
        self.makeId = makeId
    }

    public static func == (lhs: QuizFlow, rhs: QuizFlow) -> Bool {
        lhs.state == rhs.state && lhs.user == rhs.user && lhs.setup == rhs.setup && lhs.play == rhs.play
            && lhs.hintCredits == rhs.hintCredits && lhs.timerSeconds == rhs.timerSeconds
    }

    /// The actions allowed now, in `FlowAction`'s order.
    public var allowedActions: [FlowAction] { TransitionTable.allowedActions(in: state) }

    /// Throws the refusal that names the action and the current state, unless `action` is allowed now.
    public func check(_ action: FlowAction) throws(BrainyError) {
        _ = try rule(for: .action(action))
    }

    /// The rule the table has for `trigger` in the current state: an action not allowed here is refused; a system
    /// trigger the table does not list here is a fault of the flow.
    private func rule(for trigger: FlowTrigger) throws(BrainyError) -> TransitionRule {
        guard let rule = TransitionTable.rule(from: state, trigger) else {
            if let action = trigger.action { throw .actionNotAllowed(action, state: state) }
            throw .transitionNotInTable(from: state, trigger: trigger, to: nil)
        }
        return rule
    }

    /// Moves to `target`, which `rule` must list: the table is the one source of where the flow may go.
    private mutating func move(to target: FlowState, by rule: TransitionRule) throws(BrainyError) {
        guard rule.from == state, rule.to.contains(target) else {
            throw .transitionNotInTable(from: state, trigger: rule.trigger, to: target)
        }
        lastTransition = FlowTransition(from: state, trigger: rule.trigger, to: target)
        transitionCount += 1
        state = target
    }

    public mutating func handle(_ event: FlowEvent) throws(BrainyError) -> [FlowEffect] {
        switch event {
        case let .signedIn(user, credits, interrupted, trigger):
            // After waiting for the browser, the sign-in is the browser's doing.
            let rule = try rule(for: state == .waitingForBrowser && trigger == .action(.login) ? .browserSignInDone : trigger)
            loginOrigin = nil
            self.user = user
            hintCredits = credits
            play = interrupted
            setup = interrupted.map { QuizSetup(type: $0.quiz.type, category: $0.quiz.category, format: $0.quiz.format) }
            let target: FlowState = interrupted == nil ? .home : .interrupted
            if state == .maintenance {
                // Restored under maintenance: the sign-in waits for maintenance to end.
                stateBeforeMaintenance = target
                try move(to: .maintenance, by: rule)
            } else {
                stateBeforeMaintenance = nil
                try move(to: target, by: rule)
            }
            return []

        case .signedOut:
            try signOut(by: rule(for: .action(.logout)))
            return []

        case .browserWaitStarted:
            let rule = try rule(for: .action(.login))
            let origin = state
            try move(to: .waitingForBrowser, by: rule)
            loginOrigin = origin
            return []

        case .browserWaitEnded:
            let rule = try rule(for: .browserSignInStopped)
            try move(to: loginOrigin ?? .signedOut, by: rule)
            loginOrigin = nil
            return []

        case .sessionExpired:
            if state == .watchingAd {
                waitingForAdEnd.append(event)
                return []
            }
            let rule = try rule(for: .sessionExpired)
            if state == .maintenance {
                user = nil
                play = nil
                setup = nil
                hintCredits = 0
                stateBeforeMaintenance = .signedOut
                try move(to: .maintenance, by: rule)
            } else {
                try signOut(by: rule)
            }
            return []

        case let .progressReset(credits):
            let rule = try rule(for: .action(.reset))
            hintCredits = credits
            play = nil
            setup = nil
            try move(to: .home, by: rule)
            return []

        case let .modeChosen(type):
            let rule = try rule(for: .action(.mode))
            setup = QuizSetup(type: type, category: nil, format: setup?.format ?? .individual)
            play = nil
            try move(to: .choosingCategory, by: rule)
            return []

        case let .categoryChosen(category):
            let rule = try rule(for: .action(.category))
            setup?.category = category
            play = nil
            try move(to: .ready, by: rule)
            return []

        case let .formatChosen(format):
            let rule = try rule(for: .action(.format))
            setup?.format = format
            play = nil
            try move(to: .ready, by: rule)
            return []

        case let .startRequested(selection, count):
            let rule = try rule(for: .action(.start))
            guard let user, let setup, let category = setup.category else { throw .nothingToResume }
            if setup.type == .ai { try move(to: .generating, by: rule) }
            return [.dealQuiz(DealRequest(userId: user.id, type: setup.type, category: category, format: setup.format,
                                          selection: selection, count: count))]

        case let .quizDealt(newPlay):
            let rule = try rule(for: state == .generating ? .questionsGenerated : .action(.start))
            play = newPlay
            try move(to: .question, by: rule)
            return [.showQuestion]

        case .generationFailed:
            try move(to: .ready, by: rule(for: .generationFailed))
            return []

        case let .upcomingChosen(question, dealt):
            guard var play, play.index + 1 < play.questions.count else { return [] }
            play.questions[play.index + 1] = question
            play.quiz.dealt[play.index + 1] = dealt
            self.play = play
            return []

        case let .answerSubmitted(text, heard, at):
            return try answer(text, heard: heard, at: at, by: rule(for: .action(.answer)))

        case let .answerSpoken(text, heard, at):
            return try answer(text, heard: heard, at: at, by: rule(for: .action(.speak)))

        case let .skipRequested(at):
            let rule = try rule(for: .action(.skip))
            guard var play, let question = play.current else { return [] }
            let record = makeRecord(play, given: "", outcome: .skipped, at: at)
            // The right answer and its explanation are shown before the next question: a skip teaches too.
            let feedback = feedback(record, question, play)
            play.answers.append(record)
            play.quiz.answeredCount = play.answers.count
            play.quiz.duration += record.timeSpent
            self.play = play
            return try [.persistAnswer(record, progress: play.quiz), .showFeedback(feedback)] + advance(at: at, by: rule)

        case let .timeChecked(at):
            guard timeRanOut(at: at), var play, let question = play.current else { return [] }
            let rule = try rule(for: .timeRanOut)
            // Closed at its limit, whenever the runner looked: the record is the same however late that was.
            let record = makeRecord(play, given: "", outcome: .timedOut,
                                    at: play.questionShownAt + Double(timerSeconds))
            var feedback = feedback(record, question, play)
            feedback.closedByTimer = true
            play.answers.append(record)
            play.quiz.answeredCount = play.answers.count
            play.quiz.correctCount = play.correctCount
            play.quiz.duration += record.timeSpent
            self.play = play
            try move(to: .answered, by: rule)
            return [.persistAnswer(record, progress: play.quiz), .showFeedback(feedback)]

        case .nextRequested(let at):
            return try advance(at: at, by: rule(for: .action(.next)))

        case var .hintRequested(generator):
            try check(.hint)
            guard var play, let question = play.current else { return [] }
            if play.hintUsedOnCurrent { throw .hintAlreadyUsed }
            guard hintCredits > 0 else { throw .noHintCredits }
            hintCredits -= 1
            play.hintUsedOnCurrent = true
            play.usedHints[play.index] = []
            let hint: Hint
            if play.quiz.type.hasOptions {
                play.removedPositions = HintMaker.positionsToRemove(
                    optionCount: play.quiz.dealt[play.index].optionOrder.count,
                    correctPosition: play.correctPosition, using: &generator)
                play.usedHints[play.index] = play.removedPositions
                hint = .removedOptions(play.removedPositions)
            } else {
                hint = .text(Localized(ko: HintMaker.textHint(for: question.ko.answer),
                                       en: HintMaker.textHint(for: question.en.answer)))
            }
            self.play = play
            return [.recordHint(quizId: play.quiz.id, position: play.index, removed: play.removedPositions),
                    .showHint(hint)]

        case .abandonRequested:
            let rule = try rule(for: .action(.abandon))
            guard var play else {
                try move(to: .ready, by: rule)
                return []
            }
            play.quiz.status = .abandoned
            self.play = nil
            try move(to: .ready, by: rule)
            return [.markAbandoned(play.quiz), .showAbandoned(play.quiz)]

        case let .resumeRequested(at):
            let rule = try rule(for: .action(.resume))
            guard var play else { throw .nothingToResume }
            play.openQuestion(at: play.answers.count, shownAt: at)
            self.play = play
            if play.allAnswered { return try finish(by: rule) }
            try move(to: .question, by: rule)
            return [.showQuestion]

        case let .maintenanceChanged(on):
            if state == .watchingAd {
                waitingForAdEnd.append(event)
                return []
            }
            if on, state != .maintenance {
                let rule = try rule(for: .maintenanceStarted)
                stateBeforeMaintenance = state
                try move(to: .maintenance, by: rule)
            } else if !on, state == .maintenance {
                let rule = try rule(for: .maintenanceEnded)
                try move(to: stateBeforeMaintenance ?? (user == nil ? .signedOut : .home), by: rule)
                stateBeforeMaintenance = nil
            }
            return []

        case let .timerChanged(seconds):
            timerSeconds = seconds
            return []

        case let .adWatchStarted(at):
            let rule = try rule(for: .action(.ad))
            adOrigin = state
            adStartedAt = at
            try move(to: .watchingAd, by: rule)
            return []

        case let .adWatchEnded(trigger, rewardHints, at):
            let rule = try rule(for: trigger)
            guard let origin = adOrigin else { throw .transitionNotInTable(from: state, trigger: trigger, to: nil) }
            hintCredits += max(0, rewardHints)
            // The ad's time is not the question's: a timed question gets it back.
            if origin == .question, var play, let started = adStartedAt {
                play.questionShownAt += max(0, at.timeIntervalSince(started))
                self.play = play
            }
            adOrigin = nil
            adStartedAt = nil
            try move(to: origin, by: rule)
            let waiting = waitingForAdEnd
            waitingForAdEnd = []
            var effects: [FlowEffect] = []
            for event in waiting { effects += try handle(event) }
            return effects

        case let .hintCreditsChanged(credits):
            hintCredits = max(0, credits)
            return []
        }
    }

    /// Forgets the user and the quiz, keeping the timer.
    private mutating func signOut(by rule: TransitionRule) throws(BrainyError) {
        var next = QuizFlow(timerSeconds: timerSeconds, makeId: makeId)
        next.state = state
        next.transitionCount = transitionCount
        try next.move(to: .signedOut, by: rule)
        self = next
    }

    /// What the player is told about `record` on the open question: the right answer, labelled as shown.
    private func feedback(_ record: AnswerRecord, _ question: Question, _ play: QuizPlay) -> AnswerFeedback {
        let options = play.quiz.type.hasOptions
        var feedback = AnswerFeedback(record: record, question: question,
                                      correctNumber: options ? play.correctPosition + 1 : nil, timeLimit: timerSeconds)
        if options { feedback.correctLabel = play.optionLabels[play.correctPosition] }
        return feedback
    }

    /// The longest answer taken, in bytes of UTF-8.
    public static let answerLimit = 1024

    private mutating func answer(_ text: String, heard: String?, at: Date, by rule: TransitionRule) throws(BrainyError) -> [FlowEffect] {
        guard var play, let question = play.current else { return [] }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyAnswer }
        // An answer is a word or a phrase: one past a kilobyte is a slip (a paste), and a control character (a NUL
        // would cut the stored answer short) is never part of one.
        guard trimmed.utf8.count <= Self.answerLimit else { throw .answerTooLong(limit: Self.answerLimit) }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw .answerHasControlCharacters
        }
        let judged = try AnswerJudgement(trimmed, to: question, in: play)
        var outcome: AnswerOutcome = judged.correct ? .correct : .wrong
        let elapsed = at.timeIntervalSince(play.questionShownAt)
        if timerSeconds > 0, elapsed > Double(timerSeconds) { outcome = .timedOut }
        var record = makeRecord(play, given: judged.given, outcome: outcome, at: at)
        record.heard = heard
        record.answerText = judged.answerText
        play.answers.append(record)
        play.quiz.answeredCount = play.answers.count
        play.quiz.correctCount = play.correctCount
        play.quiz.duration += record.timeSpent
        self.play = play
        try move(to: .answered, by: rule)
        var feedback = AnswerFeedback(record: record, question: question, correctNumber: judged.correctNumber,
                                      timeLimit: timerSeconds)
        feedback.correctLabel = judged.correctLabel
        return [.persistAnswer(record, progress: play.quiz), .showFeedback(feedback)]
    }

    private func makeRecord(_ play: QuizPlay, given: String, outcome: AnswerOutcome, at: Date) -> AnswerRecord {
        AnswerRecord(
            id: makeId(), quizId: play.quiz.id, userId: play.quiz.userId, questionId: play.questions[play.index].id,
            position: play.index, givenAnswer: given, outcome: outcome, hintUsed: play.hintUsedOnCurrent,
            timeSpent: max(0, at.timeIntervalSince(play.questionShownAt)), answeredAt: at,
            category: play.quiz.category, type: play.quiz.type)
    }

    /// After an answer or a skip: the next question, or the end of the quiz.
    private mutating func advance(at: Date, by rule: TransitionRule) throws(BrainyError) -> [FlowEffect] {
        guard var play else { return [] }
        if play.allAnswered { return try finish(by: rule) }
        play.openQuestion(at: play.answers.count, shownAt: at)
        self.play = play
        try move(to: .question, by: rule)
        return [.showQuestion]
    }

    private mutating func finish(by rule: TransitionRule) throws(BrainyError) -> [FlowEffect] {
        guard var play else { return [] }
        play.quiz.status = .finished
        play.quiz.finishedAt = play.answers.last?.answeredAt ?? play.questionShownAt
        play.quiz.correctCount = play.correctCount
        let stagePassed = play.quiz.format == .stage ? StagePlan.passed(correct: play.correctCount) : nil
        let earnedHint = play.quiz.accuracy >= 0.8
        if earnedHint { hintCredits += 1 }
        self.play = play
        switch stagePassed {
        case true?: try move(to: .stageCleared, by: rule)
        case false?: try move(to: .stageFailed, by: rule)
        case nil: try move(to: .finished, by: rule)
        }
        return [.finishQuiz(play.quiz, stagePassed: stagePassed, earnedHint: earnedHint),
                .showSummary(QuizSummary(quiz: play.quiz, stagePassed: stagePassed, hintEarned: earnedHint)), .showAd]
    }
}
