@testable import BrainyKit
@testable import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// AI모드 with the bundled knowledge base: questions made for the player, chosen by the learner model, kept like the
/// bank's; `start adaptive` in the other types.
@Suite struct AIModeTests {
    func dealtIds(_ session: ShellSession) -> [String] { session.flow.play?.quiz.dealt.map(\.questionId) ?? [] }

    /// Given a player whose level is known, past a new player's wide band (`AdaptivePicker.settling` answers): the
    /// signed-in player's rating in `category` is 1500 (right 70% of the time on medium questions) from ten answers.
    func settled(_ session: ShellSession, in category: QuizCategory, database: AppDatabase) throws {
        let user = try #require(session.flow.user)
        let settled = Rating(value: Rating.newPlayer.value, answers: Int(AdaptivePicker.settling))
        try database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO playerRating (userId, category, value, answers, updatedAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [user.id, category.rawValue, settled.value, settled.answers, ShellHarness.start])
        }
        #expect(try database.playerRatings(userId: user.id)[category] == settled)
    }

    @Test func anAIQuizIsMadeFromTheKnowledgeBaseAndPlaysLikeAnyOther() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        for line in ["login guest", "mode ai", "category country", "start 5"] { _ = try session.execute(line) }
        let output = session.console.captured
        #expect(output.contains("🤖 Made ") && output.contains("country questions from the knowledge base"), "\(output)")
        #expect(session.flow.state == .question)
        let ids = dealtIds(session)
        #expect(ids.count == 5 && ids.allSatisfy { $0.hasPrefix("ai-") }, "\(ids)")
        let play = try #require(session.flow.play)
        for question in play.questions { #expect(QuestionValidator.problems(question).isEmpty, "\(question.id)") }
        for round in 0..<5 {
            let right = try #require(session.flow.play).correctPosition + 1
            _ = try session.execute(round % 2 == 0 ? String(right) : String(right % 4 + 1))
            _ = try session.execute("next")
        }
        #expect(session.flow.state == .finished)
        _ = try session.execute("history")
        #expect(session.console.captured.contains("AI"), "history lists the AI quiz")
    }

    /// AI mode's questions, stored at its first quiz, stay out of the other types' quizzes and never move a stage.
    @Test func theOtherTypesDrawFromTheBankOnlyEvenAfterAnAIQuiz() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        for line in ["login guest", "mode mc", "category country", "format stage", "start"] { _ = try session.execute(line) }
        let stageBefore = Set(dealtIds(session))
        for line in ["abandon", "mode ai", "category country", "start 5", "abandon", "mode mc", "category country",
                     "format stage", "start"] { _ = try session.execute(line) }
        #expect(Set(dealtIds(session)) == stageBefore, "stage 1 is the same questions")
        for line in ["abandon", "format individual"] { _ = try session.execute(line) }
        for _ in 0..<20 {
            _ = try session.execute("start 10")
            #expect(!dealtIds(session).contains { $0.hasPrefix("ai-") }, "\(dealtIds(session))")
            _ = try session.execute("abandon")
        }
    }

    /// `profile` shows the pack as imported, and AI mode's questions apart (they were counted in the pack, and the
    /// pack's version read "generated").
    @Test func profileCountsThePackAndAIModesQuestionsApart() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        for line in ["login guest", "profile"] { _ = try session.execute(line) }
        let before = session.console.captured
        let pack = try #require(before.split(separator: "\n").first { $0.hasPrefix("question pack") })
        for line in ["mode ai", "category music", "start 3", "abandon", "profile"] { _ = try session.execute(line) }
        let after = session.console.captured.dropFirst(before.count)
        #expect(after.contains(pack), "\(after)")
        #expect(after.contains("AI mode          270 questions made on this device (knowledge base 270 · language model 0)"))
    }

    @Test func anAIQuizLeftHalfWayResumesWithTheSameQuestionsInANewShell() throws {
        let shell = try ShellHarness()
        let first = shell.session()
        for line in ["login guest", "mode ai", "category music", "start 4", "1", "next"] { _ = try first.execute(line) }
        // A year's options are labelled A to D (a number would read as one of the years): the second label of either.
        _ = try first.execute(try #require(first.flow.play?.optionLabels[1]))
        let dealt = dealtIds(first)
        // The shell is gone; another opens the same database.
        let second = shell.session(seed: 99)
        try second.restoreSession()
        #expect(second.flow.state == .interrupted)
        _ = try second.execute("resume")
        #expect(second.flow.state == .question)
        #expect(dealtIds(second) == dealt, "the questions kept with the quiz, the one chosen after each answer included")
        #expect(second.flow.play?.current?.id == dealt[2])
        _ = try second.execute("history")
    }

    @Test func theSameSeedMakesTheSameQuiz() throws {
        func deal(seed: UInt64) throws -> [String] {
            let shell = try ShellHarness()
            let session = shell.session(seed: seed)
            for line in ["login guest", "mode ai", "category person", "start 5"] { _ = try session.execute(line) }
            return dealtIds(session)
        }
        #expect(try deal(seed: 3) == (try deal(seed: 3)))
        #expect(try deal(seed: 3) != (try deal(seed: 4)))
    }

    @Test func theQuizFollowsThePlayerAndStatsShowTheRating() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        for line in ["login guest", "mode ai", "category country", "start 10"] { _ = try session.execute(line) }
        let user = try #require(session.flow.user)
        let before = dealtIds(session)
        var answered: [String] = []
        for position in 0..<5 {
            answered.append(dealtIds(session)[position])
            _ = try session.execute(String(try #require(session.flow.play).correctPosition + 1))
            _ = try session.execute("next")
        }
        let rating = try #require(try shell.database.playerRatings(userId: user.id)[.country])
        #expect(rating.value > Rating.newPlayer.value && rating.answers == 5, "five right answers raise the rating: \(rating)")
        let after = dealtIds(session)
        #expect(Array(after.prefix(5)) == answered, "what was answered stays")
        #expect(after[0] == before[0] && after != before, "the questions after each answer were chosen again")
        // What the database holds is what a resume would see.
        let kept = try #require(try shell.database.interruptedQuiz(userId: user.id))
        #expect(kept.quiz.dealt.map(\.questionId) == after)
        _ = try session.execute("abandon")
        _ = try session.execute("stats")
        #expect(session.console.captured.contains("Rating (1500 is average"))
    }

    /// What a tester will do: 30 questions answered well, then 30 answered badly; the difficulty follows. The player's
    /// level is known (a new player's first questions spread over the labels around the middle, on purpose: see
    /// `aNewPlayersFirstQuizSpreadsOverTheLabelsAroundMedium`), so the first question is where they start.
    @Test(arguments: [true, false])
    func thirtyAnswersRightOrWrongMoveTheDifficultyTheirWay(right: Bool) throws {
        // The knowledge base has no hard country question: the bank's hard ones (20 here) come in when needed.
        let shell = try ShellHarness(questionsPerCategory: 60)
        let session = shell.session(seed: 11)
        _ = try session.execute("login guest")
        try settled(session, in: .country, database: shell.database)
        for line in ["mode ai", "category country", "start 30"] { _ = try session.execute(line) }
        var difficulties: [Double] = []
        for _ in 0..<30 {
            let play = try #require(session.flow.play)
            let question = try #require(play.current)
            let ratings = try shell.database.ratedCandidates(category: .country, generated: true, voiceOnly: false,
                                                             unsolvedBy: nil)
                .merging(try shell.database.ratedCandidates(category: .country, generated: false, voiceOnly: false,
                                                            unsolvedBy: nil), uniquingKeysWith: { $1 })
            let rating = try #require(ratings[question.id])
            difficulties.append(rating.value)
            let label = play.optionLabels[right ? play.correctPosition : (play.correctPosition + 1) % 4]
            _ = try session.execute(label)
            _ = try session.execute("next")
        }
        // The player starts in the middle; the last ten show where the answers took them.
        let first = try #require(difficulties.first)
        let last = difficulties.suffix(10).reduce(0, +) / 10
        if right {
            #expect(last > first + 0.5, "answering well brings harder questions: \(first) → \(last)")
        } else {
            #expect(last < first - 0.5, "answering badly brings easier questions: \(first) → \(last)")
        }
    }

    @Test func startAdaptiveChoosesBankQuestionsInTheOtherTypes() throws {
        let shell = try ShellHarness(questionsPerCategory: 30)
        let session = shell.session()
        _ = try session.execute("login guest")
        try settled(session, in: .music, database: shell.database)
        for line in ["mode mc", "category music", "start adaptive 5"] { _ = try session.execute(line) }
        let ids = dealtIds(session)
        #expect(ids.count == 5 && ids.allSatisfy { $0.hasPrefix("music-") }, "\(ids)")
        #expect(session.flow.play?.quiz.selection == .adaptive)
        // A player at 1500 is taken to be right 70% of the time on medium questions: those come first.
        let questions = try shell.database.questions(ids: ids)
        #expect(questions.filter { $0.difficulty == .medium }.count >= 3, "\(questions.map(\.difficulty))")
    }

    /// A new player's level is not known yet: their first quiz draws medium questions and the labels one step from
    /// it alike (AdaptivePicker's new-player band), so that a new player meets the whole bank, not medium alone.
    @Test func aNewPlayersFirstQuizSpreadsOverTheLabelsAroundMedium() throws {
        let shell = try ShellHarness(questionsPerCategory: 30)
        let session = shell.session()
        for line in ["login guest", "mode mc", "category music", "start adaptive 5"] { _ = try session.execute(line) }
        let questions = try shell.database.questions(ids: dealtIds(session))
        #expect(questions.count == 5)
        #expect(Set(questions.map(\.difficulty)).count >= 2, "\(questions.map(\.difficulty))")
    }

    @Test func theConfigsFlagTurnsAIModeOffAndAFailedStartGoesBackToReady() throws {
        let shell = try ShellHarness()
        let session = shell.session(qa: true)
        for line in ["login guest", "mode ai", "category drama", "flags ai off"] { _ = try session.execute(line) }
        #expect(throws: BrainyError.quizTypeDisabled(.ai)) { _ = try session.execute("start 3") }
        #expect(session.flow.state == .ready)
        #expect(throws: BrainyError.quizTypeDisabled(.ai)) { _ = try session.execute("mode ai") }
        _ = try session.execute("flags ai on")
        _ = try session.execute("start 3")
        #expect(session.flow.state == .question)
    }

    @Test func theStateMachineDrawsTheGeneratingStep() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        _ = try session.execute("diagram mermaid")
        let output = session.console.captured
        #expect(output.contains("ready --> generating: start"))
        #expect(output.contains("generating --> question: (questions made)"))
        #expect(output.contains("generating --> ready: (nothing usable)"))
    }
}
