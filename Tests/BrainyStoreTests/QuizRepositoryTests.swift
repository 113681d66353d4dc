import BrainyKit
import Foundation
import Testing
@testable import BrainyStore

@Suite struct QuizRepositoryTests {
    let database: AppDatabase
    let userId: String

    init() throws {
        database = try AppDatabase.inMemory()
        try database.importPack(Fixtures.pack("1", ids: (1...12).map { String(format: "country-%04d", $0) }), now: Fixtures.start)
        userId = try database.guestUser(now: Fixtures.start).id
    }

    @Test func anAnsweredQuestionIsNoLongerUnsolvedButASkippedOneIs() throws {
        let quiz = Fixtures.quiz("q1", userId: userId, questionIds: ["country-0001", "country-0002"])
        try database.saveNewQuiz(quiz)
        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .wrong, at: Fixtures.start), progress: quiz, timeZone: .gmt)
        try database.saveAnswer(Fixtures.answer(quiz, position: 1, outcome: .skipped, at: Fixtures.start), progress: quiz, timeZone: .gmt)
        let unsolved = try database.candidateIds(category: .country, unsolvedBy: userId)
        #expect(!unsolved.contains("country-0001"))
        #expect(unsolved.contains("country-0002"))
        #expect(unsolved.count == 11)
    }

    @Test func aQuizLeftInProgressComesBackWithItsAnswers() throws {
        var quiz = Fixtures.quiz("q1", userId: userId, questionIds: ["country-0001", "country-0002", "country-0003"])
        try database.saveNewQuiz(quiz)
        quiz.answeredCount = 1
        quiz.correctCount = 1
        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start), progress: quiz, timeZone: .gmt)
        let interrupted = try #require(try database.interruptedQuiz(userId: userId))
        let (found, answers) = (interrupted.quiz, interrupted.answers)
        #expect(found.id == "q1")
        #expect(found.correctCount == 1)
        #expect(found.dealt == quiz.dealt)
        #expect(answers.map(\.position) == [0])
    }

    @Test func finishingAQuizEndsItAndCountsIt() throws {
        var quiz = Fixtures.quiz("q1", userId: userId, questionIds: ["country-0001"])
        try database.saveNewQuiz(quiz)
        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start), progress: quiz, timeZone: .gmt)
        quiz.status = .finished
        quiz.correctCount = 1
        quiz.answeredCount = 1
        quiz.finishedAt = Fixtures.start
        let credits = try database.hintCredits(userId: userId)
        try database.finishQuiz(quiz, stagePassed: nil, earnedHint: true)
        #expect(try database.interruptedQuiz(userId: userId) == nil)
        #expect(try database.hintCredits(userId: userId) == credits + 1)
        let stats = try database.stats(userId: userId, now: Fixtures.start, timeZone: .gmt)
        #expect(stats.quizzes == 1)
        #expect(stats.correct == 1)
        #expect(stats.currentStreak == 1)
    }

    @Test func passingAStageRaisesTheHighestClearedAndFailingDoesNot() throws {
        let ids = (1...5).map { String(format: "country-%04d", $0) }
        let first = Fixtures.quiz("s1", userId: userId, questionIds: ids, format: .stage, stage: 1)
        try database.saveNewQuiz(first)
        try database.finishQuiz(first, stagePassed: true, earnedHint: false)
        let second = Fixtures.quiz("s2", userId: userId, questionIds: ids, format: .stage, stage: 2)
        try database.saveNewQuiz(second)
        try database.finishQuiz(second, stagePassed: false, earnedHint: false)
        #expect(try database.highestClearedStage(userId: userId, category: .country, type: .multipleChoice) == 1)
        #expect(try database.highestClearedStage(userId: userId, category: .country, type: .shortAnswer) == 0)
    }

    @Test func historyListsNewestFirstWithFiltersAndFindsAQuizByPrefix() throws {
        for day in 0..<5 {
            let quiz = Fixtures.quiz("quiz-\(day)", userId: userId, questionIds: ["country-0001"],
                                     category: day % 2 == 0 ? .country : .music,
                                     startedAt: Fixtures.start + Double(day) * 86_400)
            try database.saveNewQuiz(quiz)
            try database.finishQuiz(quiz, stagePassed: nil, earnedHint: false)
        }
        let all = try database.history(userId: userId, filter: HistoryFilter())
        #expect(all.quizzes.map(\.id) == ["quiz-4", "quiz-3", "quiz-2", "quiz-1", "quiz-0"])
        #expect(!all.hasMore)
        let music = try database.history(userId: userId, filter: HistoryFilter(category: .music))
        #expect(music.quizzes.map(\.id) == ["quiz-3", "quiz-1"])
        let recent = try database.history(userId: userId, filter: HistoryFilter(from: Fixtures.start + 2 * 86_400, limit: 2))
        #expect(recent.quizzes.map(\.id) == ["quiz-4", "quiz-3"])
        #expect(recent.hasMore)
        #expect(try database.quiz(idOrPrefix: "quiz-3", userId: userId)?.0.id == "quiz-3")
        #expect(try database.quiz(idOrPrefix: "quiz", userId: userId) == nil, "an ambiguous prefix finds nothing")
        #expect(try database.quiz(idOrPrefix: "quiz-3", userId: "someone-else") == nil)
    }

    @Test func settingsArePerUser() throws {
        var settings = Settings()
        try settings.set(.theme, to: "dark")
        try settings.set(.timer, to: "20")
        try database.saveSettings(settings, userId: userId)
        #expect(try database.settings(userId: userId) == settings)
        let other = try database.settings(userId: "other")
        #expect(other == Settings(), "\(other)")
    }
}

@Suite struct SaveAnswerIdempotenceTests {
    @Test func savingTheSameQuestionsAnswerTwiceCountsItOnce() throws {
        let database = try AppDatabase.inMemory()
        try database.importPack(Fixtures.pack("1", ids: ["country-0001"]), now: Fixtures.start)
        let userId = try database.guestUser(now: Fixtures.start).id
        let quiz = Fixtures.quiz("q1", userId: userId, questionIds: ["country-0001"])
        try database.saveNewQuiz(quiz)
        var first = Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start)
        try database.saveAnswer(first, progress: quiz, timeZone: .gmt)
        first.id = "a retry with a new id"
        try database.saveAnswer(first, progress: quiz, timeZone: .gmt)
        #expect(try database.stats(userId: userId, now: Fixtures.start, timeZone: .gmt).answered == 1)
        #expect(try database.quizExists(id: "q1"))
        #expect(try !database.quizExists(id: "q2"))
    }
}
