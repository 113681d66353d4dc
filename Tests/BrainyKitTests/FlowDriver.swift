import Foundation
import Testing
@testable import BrainyKit

/// Drives a `QuizFlow` into each state through `handle`, the way the shell does.
enum FlowDriver {
    static let user = SignedInUser(id: "user-1", displayName: "민지", provider: .guest)

    static func signedIn(credits: Int = 0, timer: Int = 0, interrupted: QuizPlay? = nil) throws -> QuizFlow {
        var flow = QuizFlow(timerSeconds: timer, makeId: { UUID().uuidString })
        _ = try flow.handle(.signedIn(user, hintCredits: credits, interrupted: interrupted))
        return flow
    }

    static func choosingCategory(type: QuizType = .shortAnswer, credits: Int = 0, timer: Int = 0) throws -> QuizFlow {
        var flow = try signedIn(credits: credits, timer: timer)
        _ = try flow.handle(.modeChosen(type))
        return flow
    }

    static func ready(
        type: QuizType = .shortAnswer, format: QuizFormat = .individual, credits: Int = 0, timer: Int = 0
    ) throws -> QuizFlow {
        var flow = try choosingCategory(type: type, credits: credits, timer: timer)
        _ = try flow.handle(.categoryChosen(.general))
        _ = try flow.handle(.formatChosen(format))
        return flow
    }

    /// At the first question of `play`.
    static func playing(_ play: QuizPlay = Fixtures.play(), credits: Int = 0, timer: Int = 0) throws -> QuizFlow {
        var flow = try ready(type: play.quiz.type, format: play.quiz.format, credits: credits, timer: timer)
        _ = try flow.handle(.startRequested(selection: .random, count: play.questions.count))
        _ = try flow.handle(.quizDealt(play))
        return flow
    }

    /// At the fifth and last question of `Fixtures.five`, the first four answered, `correct` of them right.
    static func atLastQuestion(format: QuizFormat = .individual, correct: Int, credits: Int = 0) throws -> QuizFlow {
        var flow = try playing(Fixtures.play(format: format), credits: credits)
        for position in 0..<4 {
            try flow.answerOpenQuestion(correctly: position < correct)
            try flow.goToNext()
        }
        return flow
    }

    /// All five questions answered, `correct` of them right, the last feedback shown.
    static func afterLastAnswer(format: QuizFormat = .individual, correct: Int, credits: Int = 0) throws -> QuizFlow {
        var flow = try atLastQuestion(format: format, correct: min(correct, 4), credits: credits)
        try flow.answerOpenQuestion(correctly: correct == 5)
        return flow
    }

    /// A five-question quiz played to its end with `correct` right answers.
    static func finished(format: QuizFormat = .individual, correct: Int, credits: Int = 0) throws -> QuizFlow {
        var flow = try afterLastAnswer(format: format, correct: correct, credits: credits)
        try flow.goToNext()
        return flow
    }

    /// Signed in with a quiz left in progress after `answered` answers.
    static func interrupted(
        answered outcomes: [AnswerOutcome] = [.correct], format: QuizFormat = .individual, credits: Int = 0
    ) throws -> QuizFlow {
        let play = Fixtures.play(format: format, answers: Fixtures.answers(outcomes))
        return try signedIn(credits: credits, interrupted: play)
    }

    static func maintenance() throws -> QuizFlow {
        var flow = QuizFlow(makeId: { UUID().uuidString })
        _ = try flow.handle(.maintenanceChanged(true))
        return flow
    }

    /// A flow in `state`, reached through `handle` only.
    static func flow(in state: FlowState) throws -> QuizFlow {
        switch state {
        case .signedOut: return QuizFlow(makeId: { UUID().uuidString })
        case .home: return try signedIn()
        case .choosingCategory: return try choosingCategory()
        case .ready: return try ready()
        case .question: return try playing()
        case .answered:
            var flow = try playing()
            try flow.answerOpenQuestion(correctly: true)
            return flow
        case .finished: return try finished(correct: 5)
        case .stageCleared: return try finished(format: .stage, correct: 4)
        case .stageFailed: return try finished(format: .stage, correct: 3)
        case .interrupted: return try interrupted()
        case .maintenance: return try maintenance()
        case .generating:
            var flow = try ready(type: .ai)
            _ = try flow.handle(.startRequested(selection: .adaptive, count: 5))
            return flow
        case .watchingAd:
            var flow = try signedIn()
            _ = try flow.handle(.adWatchStarted(at: Fixtures.start))
            return flow
        case .waitingForBrowser:
            var flow = QuizFlow(makeId: { UUID().uuidString })
            _ = try flow.handle(.browserWaitStarted)
            return flow
        }
    }
}

extension QuizFlow {
    /// Answers the open question right or wrong, `seconds` after it was shown.
    @discardableResult
    mutating func answerOpenQuestion(correctly: Bool, after seconds: Double = 3) throws -> [FlowEffect] {
        let play = try #require(self.play)
        let question = try #require(play.current)
        let text: String
        switch (play.quiz.type, correctly) {
        case (.multipleChoice, true): text = String(play.correctPosition + 1)
        case (.multipleChoice, false): text = String((play.correctPosition + 1) % 4 + 1)
        case (.ai, true), (.voice, true): text = play.optionLabels[play.correctPosition]
        case (.ai, false), (.voice, false): text = play.optionLabels[(play.correctPosition + 1) % play.optionLabels.count]
        case (_, true): text = question.ko.answer
        case (_, false): text = "모르겠어요"
        }
        return try handle(.answerSubmitted(text, at: play.questionShownAt + seconds))
    }

    /// `next`, a second after the last answer.
    @discardableResult
    mutating func goToNext() throws -> [FlowEffect] {
        let play = try #require(self.play)
        return try handle(.nextRequested(at: (play.answers.last?.answeredAt ?? play.questionShownAt) + 1))
    }
}

extension FlowEffect {
    /// The effect's name, to pin the order effects come in.
    var kind: String {
        switch self {
        case .dealQuiz: "dealQuiz"
        case .persistAnswer: "persistAnswer"
        case .recordHint: "recordHint"
        case .finishQuiz: "finishQuiz"
        case .markAbandoned: "markAbandoned"
        case .showQuestion: "showQuestion"
        case .showFeedback: "showFeedback"
        case .showHint: "showHint"
        case .showSummary: "showSummary"
        case .showAbandoned: "showAbandoned"
        case .showAd: "showAd"
        }
    }
}

extension [FlowEffect] {
    var persisted: (record: AnswerRecord, progress: Quiz)? {
        for case let .persistAnswer(record, progress) in self { return (record, progress) }
        return nil
    }

    var feedback: AnswerFeedback? {
        for case let .showFeedback(feedback) in self { return feedback }
        return nil
    }

    var finished: (quiz: Quiz, stagePassed: Bool?, earnedHint: Bool)? {
        for case let .finishQuiz(quiz, stagePassed, earnedHint) in self { return (quiz, stagePassed, earnedHint) }
        return nil
    }

    var hint: Hint? {
        for case let .showHint(hint) in self { return hint }
        return nil
    }
}
