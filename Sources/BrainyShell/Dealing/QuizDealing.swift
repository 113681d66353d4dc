import BrainyKit
import Foundation

/// The shell's part of dealing the quiz a `start` asked for: it reads the store for the way `DealPlan` chose (the next
/// unlocked stage, random questions, a held quiz ticket, the learner model's choice), lets BrainyKit's dealers
/// (`Sources/BrainyKit/Dealing/`) deal, and records the quiz with its dealt order, so that a resume and a replay see the
/// same quiz.
struct QuizDealing {
    let repository: any BrainyRepository
    /// The config in force (whether AI mode is on), the clock, the run's random numbers, and the flow that adaptive
    /// dealing reads and tells.
    let state: SessionState
    /// Where a stage's start, a short quiz and a quiz that will not rank are said.
    let console: Console
    /// AI mode's questions from the knowledge base and from a language model.
    let aiQuestions: AIQuestionMaking
    let languageModel: LanguageModelQuestions

    func deal(_ request: DealRequest) throws -> QuizPlay {
        var generator = state.drawGenerator()
        var dealt: [DealtQuestion]
        var stage: Int?
        var preferred: [String] = []
        if request.type == .ai {
            guard state.config.featureFlags[.aiQuiz] else { throw BrainyError.quizTypeDisabled(.ai) }
            try aiQuestions.prepare(request.category)
            let player = try repository.playerRatings(userId: request.userId)[request.category] ?? .newPlayer
            preferred = try languageModel.make(
                request.format == .stage ? StagePlan.stageSize : request.count, category: request.category, for: player)
        }
        switch DealPlan(request) {
        case let .adaptive(count, staged):
            if staged {
                stage = StagePlan.nextStage(highestCleared: try repository.highestClearedStage(
                    userId: request.userId, category: request.category, type: request.type))
            }
            dealt = try AdaptiveDealing(repository: repository, state: state).deal(request, count: count, first: preferred, using: &generator)
        case .nextStage:
            let stages = StagePlan.stages(of: try repository.stageCandidates(category: request.category, voiceOnly: request.type.needsVoiceReadyQuestions))
            let next = StagePlan.nextStage(highestCleared: try repository.highestClearedStage(
                userId: request.userId, category: request.category, type: request.type))
            stage = next
            dealt = QuestionDealer.dealInOrder(try StagePlan.questions(ofStage: next, in: stages, category: request.category),
                                               using: &generator)
        case let .random(unsolvedOnly, mayUseTicket):
            // A quiz the server dealt ahead (a quiz ticket fetched at sync): its questions in its order, the options
            // ordered by its seed, so that the quiz can rank. Else dealt here.
            let tickets = QuizTicketDealing(repository: repository, console: console, now: state.now)
            if mayUseTicket, let ticket = try tickets.ticket(for: request) {
                var seeded = SeededGenerator(seed: ticket.seed)
                dealt = QuestionDealer.dealInOrder(ticket.questionIds, using: &seeded)
                return try begin(request, dealt: dealt, stage: nil, ticket: ticket, using: &generator)
            }
            let candidates = try repository.candidateIds(category: request.category,
                                                         unsolvedBy: unsolvedOnly ? request.userId : nil,
                                                         voiceOnly: request.type.needsVoiceReadyQuestions)
            guard !candidates.isEmpty else {
                throw unsolvedOnly ? BrainyError.noUnsolvedQuestions(request.category) : BrainyError.noQuestions(request.category)
            }
            dealt = QuestionDealer.dealRandom(from: candidates, count: request.count, using: &generator)
        }
        return try begin(request, dealt: dealt, stage: stage, using: &generator)
    }

    /// Records the quiz dealt and says how it begins.
    private func begin(_ request: DealRequest, dealt: [DealtQuestion], stage: Int?, ticket: HeldQuizTicket? = nil,
                       using generator: inout SeededGenerator) throws -> QuizPlay {
        let questions = try repository.questions(ids: dealt.map(\.questionId))
        // Drawn from the seeded generator, so that a seed (and a transcript) gives the same ids on every run. Two
        // shells with the same seed draw the same ids: the one that saves second finds its id taken and draws again.
        var quiz = Quiz(id: generator.uuidString(), userId: request.userId, type: request.type,
                        category: request.category, format: request.format, selection: request.selection, stage: stage,
                        dealt: dealt, startedAt: state.now)
        for attempt in 1... {
            let saved = Result { () throws(StoreError) in try repository.saveNewQuiz(quiz) }
            switch saved {
            case .success: break
            case .failure(.quizIdTaken) where attempt < 100:
                quiz.id = generator.uuidString()
                continue
            case let .failure(error): throw error
            }
            break
        }
        if let ticket { try repository.useQuizTicket(id: ticket.id, quizId: quiz.id) }
        if let stage {
            console.line(console.paint(console.text(Localized(ko: "스테이지 \(stage) 시작! (5문제 중 4문제 이상 맞히면 통과)",
                                                              en: "Stage \(stage) begins! (four of five to pass)")), \.emphasis))
        } else if dealt.count < request.count && request.format != .stage {
            console.line(Localized(ko: "남은 문제가 \(dealt.count)개라 \(dealt.count)문제로 시작합니다.",
                                   en: dealt.count == 1 ? "Only 1 question is left: starting with it." : "Only \(dealt.count) questions are left: starting with \(dealt.count)."))
        }
        return QuizPlay(quiz: quiz, questions: questions, questionShownAt: state.now)
    }
}
