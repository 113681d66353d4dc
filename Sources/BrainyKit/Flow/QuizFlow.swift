import Foundation

/// The quiz flow as a value type: `handle(_:)` moves the state and returns the effects the caller must perform. It
/// never does I/O. Which command is allowed where comes from `TransitionTable`.
public struct QuizFlow: Equatable, Sendable {
    public private(set) var state: FlowState = .signedOut
    public private(set) var user: SignedInUser?
    public private(set) var setup: QuizSetup?
    public private(set) var play: QuizPlay?
    public private(set) var hintCredits = 0
    /// Seconds allowed per question; 0 means no limit.
    public private(set) var timerSeconds: Int
    /// `--qa`: the QA commands are allowed (and listed).
    public var qaEnabled = false
    /// The state to return to when maintenance ends.
    private var stateBeforeMaintenance: FlowState?
    private var makeId: @Sendable () -> String

    public init(timerSeconds: Int = 0, makeId: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.timerSeconds = timerSeconds
        self.makeId = makeId
    }

    public static func == (lhs: QuizFlow, rhs: QuizFlow) -> Bool {
        lhs.qaEnabled == rhs.qaEnabled && lhs.state == rhs.state && lhs.user == rhs.user && lhs.setup == rhs.setup && lhs.play == rhs.play
            && lhs.hintCredits == rhs.hintCredits && lhs.timerSeconds == rhs.timerSeconds
    }

    public var allowedCommands: [CommandName] {
        TransitionTable.allowedCommands(in: state).filter { qaEnabled || !$0.isQA }
    }

    /// Throws the refusal that names the current state and what is allowed, unless `command` is allowed now.
    public func check(_ command: CommandName) throws(BrainyError) {
        if command.isQA && !qaEnabled { throw .qaOnly(command.rawValue) }
        guard TransitionTable.allows(command, in: state) else {
            throw .commandNotAllowed(command: command.rawValue, state: state.name,
                                     allowed: allowedCommands.map(\.rawValue))
        }
    }

    public mutating func handle(_ event: FlowEvent) throws(BrainyError) -> [FlowEffect] {
        switch event {
        case let .signedIn(user, credits, interrupted):
            try check(.login)
            stateBeforeMaintenance = nil
            self.user = user
            hintCredits = credits
            setup = nil
            if let interrupted {
                play = interrupted
                setup = QuizSetup(type: interrupted.quiz.type, category: interrupted.quiz.category,
                                  format: interrupted.quiz.format)
                state = .interrupted
            } else {
                play = nil
                state = .home
            }
            return []

        case .signedOut:
            try check(.logout)
            let qa = qaEnabled
            self = QuizFlow(timerSeconds: timerSeconds, makeId: makeId)
            qaEnabled = qa
            return []

        case let .progressReset(credits):
            try check(.reset)
            hintCredits = credits
            play = nil
            setup = nil
            state = .home
            return []

        case let .modeChosen(type):
            try check(.mode)
            guard type.isPlayable else { throw .quizTypeUnavailable(type) }
            setup = QuizSetup(type: type, category: nil, format: setup?.format ?? .individual)
            play = nil
            state = .choosingCategory
            return []

        case let .categoryChosen(category):
            try check(.category)
            setup?.category = category
            play = nil
            state = .ready
            return []

        case let .formatChosen(format):
            try check(.format)
            setup?.format = format
            play = nil
            state = .ready
            return []

        case let .startRequested(selection, count):
            try check(.start)
            guard let user, let setup, let category = setup.category else { throw .nothingToResume }
            return [.dealQuiz(DealRequest(userId: user.id, type: setup.type, category: category, format: setup.format,
                                          selection: selection, count: count))]

        case let .quizDealt(newPlay):
            try check(.start)
            play = newPlay
            state = .question
            return [.showQuestion]

        case let .answerSubmitted(text, at):
            try check(.answer)
            return try answer(text, at: at)

        case let .skipRequested(at):
            try check(.skip)
            guard var play else { return [] }
            let record = makeRecord(play, given: "", outcome: .skipped, at: at)
            play.answers.append(record)
            play.quiz.answeredCount = play.answers.count
            play.quiz.duration += record.timeSpent
            self.play = play
            return [.persistAnswer(record, progress: play.quiz)] + advance(at: at)

        case .nextRequested(let at):
            try check(.next)
            return advance(at: at)

        case var .hintRequested(generator):
            try check(.hint)
            guard var play, let question = play.current else { return [] }
            if play.hintUsedOnCurrent { throw .hintAlreadyUsed }
            guard hintCredits > 0 else { throw .noHintCredits }
            hintCredits -= 1
            play.hintUsedOnCurrent = true
            play.usedHints[play.index] = []
            let hint: Hint
            if play.quiz.type == .multipleChoice {
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
            try check(.abandon)
            guard var play else { state = .ready; return [] }
            play.quiz.status = .abandoned
            self.play = nil
            state = .ready
            return [.markAbandoned(play.quiz), .showAbandoned(play.quiz)]

        case let .resumeRequested(at):
            try check(.resume)
            guard var play else { throw .nothingToResume }
            play.openQuestion(at: play.answers.count, shownAt: at)
            self.play = play
            if play.allAnswered { return finish() }
            state = .question
            return [.showQuestion]

        case let .maintenanceChanged(on):
            if on, state != .maintenance {
                stateBeforeMaintenance = state
                state = .maintenance
            } else if !on, state == .maintenance {
                state = stateBeforeMaintenance ?? (user == nil ? .signedOut : .home)
                stateBeforeMaintenance = nil
            }
            return []

        case let .timerChanged(seconds):
            timerSeconds = seconds
            return []
        }
    }

    private mutating func answer(_ text: String, at: Date) throws(BrainyError) -> [FlowEffect] {
        guard var play, let question = play.current else { return [] }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyAnswer }
        var correct: Bool
        var given = trimmed
        var correctNumber: Int?
        var correctLabel: String?
        if play.quiz.type == .multipleChoice {
            let shownKo = play.shownOptions(in: .ko)
            let shownEn = play.shownOptions(in: .en)
            let letters = play.usesLetterLabels
            let labels = play.optionLabels
            var pick = OptionPicker.pick(trimmed, shown: shownKo, letters: letters)
            if pick == .noMatch { pick = OptionPicker.pick(trimmed, shown: shownEn, letters: letters) }
            switch pick {
            case let .position(position):
                correct = position == play.correctPosition
                given = labels[position]
            case let .outOfRange(number):
                // "100" for the option "100도": the right answer typed another way still counts.
                guard AnswerGrader.isCorrect(trimmed, for: question) else {
                    throw .optionOutOfRange(number, count: shownKo.count)
                }
                correct = true
            case .noMatch:
                // Not one of the options: the right answer typed another way still counts; anything else is refused
                // and the question stays open (a typo of a command must not cost the question).
                guard AnswerGrader.isCorrect(trimmed, for: question) else {
                    throw .notAnOption(trimmed, labels: labels)
                }
                correct = true
            }
            correctNumber = play.correctPosition + 1
            correctLabel = labels[play.correctPosition]
        } else {
            correct = AnswerGrader.isCorrect(trimmed, for: question)
        }
        var outcome: AnswerOutcome = correct ? .correct : .wrong
        let elapsed = at.timeIntervalSince(play.questionShownAt)
        if timerSeconds > 0, elapsed > Double(timerSeconds) { outcome = .timedOut }
        let record = makeRecord(play, given: given, outcome: outcome, at: at)
        play.answers.append(record)
        play.quiz.answeredCount = play.answers.count
        play.quiz.correctCount = play.correctCount
        play.quiz.duration += record.timeSpent
        self.play = play
        state = .answered
        var feedback = AnswerFeedback(record: record, question: question, correctNumber: correctNumber,
                                      timeLimit: timerSeconds)
        feedback.correctLabel = correctLabel
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
    private mutating func advance(at: Date) -> [FlowEffect] {
        guard var play else { return [] }
        if play.allAnswered { return finish() }
        play.openQuestion(at: play.answers.count, shownAt: at)
        self.play = play
        state = .question
        return [.showQuestion]
    }

    private mutating func finish() -> [FlowEffect] {
        guard var play else { return [] }
        play.quiz.status = .finished
        play.quiz.finishedAt = play.answers.last?.answeredAt ?? play.questionShownAt
        play.quiz.correctCount = play.correctCount
        let stagePassed = play.quiz.format == .stage ? StagePlan.passed(correct: play.correctCount) : nil
        let earnedHint = play.quiz.accuracy >= 0.8
        if earnedHint { hintCredits += 1 }
        self.play = play
        switch stagePassed {
        case true?: state = .stageCleared
        case false?: state = .stageFailed
        case nil: state = .finished
        }
        return [.finishQuiz(play.quiz, stagePassed: stagePassed, earnedHint: earnedHint),
                .showSummary(QuizSummary(quiz: play.quiz, stagePassed: stagePassed, hintEarned: earnedHint))]
    }
}
