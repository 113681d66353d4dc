import Foundation
import Testing
@testable import BrainyKit

/// The learner model (one-parameter IRT updated like Elo) and the picker that keeps a player near 70% right.
@Suite struct LearnerModelTests {
    @Test func aRightAnswerRaisesThePlayersRatingAndLowersTheQuestionsAWrongOneTheOpposite() {
        let player = Rating(value: 0)
        let question = Rating.start(for: .medium)
        let right = LearnerModel.update(player: player, question: question, correct: true)
        #expect(right.player.value > player.value && right.question.value < question.value)
        #expect(right.player.answers == 1 && right.question.answers == 1)
        let wrong = LearnerModel.update(player: player, question: question, correct: false)
        #expect(wrong.player.value < player.value && wrong.question.value > question.value)
    }

    @Test func aSurprisingResultMovesTheRatingMoreThanAnExpectedOne() {
        let player = Rating(value: 0)
        let rightOnHard = LearnerModel.update(player: player, question: .start(for: .hard), correct: true).player.value
        let rightOnEasy = LearnerModel.update(player: player, question: .start(for: .easy), correct: true).player.value
        #expect(rightOnHard - player.value > 2 * (rightOnEasy - player.value))
        let wrongOnEasy = LearnerModel.update(player: player, question: .start(for: .easy), correct: false).player.value
        let wrongOnHard = LearnerModel.update(player: player, question: .start(for: .hard), correct: false).player.value
        #expect(player.value - wrongOnEasy > 2 * (player.value - wrongOnHard))
    }

    @Test func aRatingThatHasLearntFromManyAnswersMovesLess() {
        let fresh = LearnerModel.update(player: Rating(value: 0, answers: 0), question: .start(for: .medium), correct: true)
        let seasoned = LearnerModel.update(player: Rating(value: 0, answers: 200), question: .start(for: .medium), correct: true)
        #expect(fresh.player.value > seasoned.player.value && seasoned.player.value > 0)
    }

    @Test func ratingsReadOnTheChessScale() {
        #expect(Rating.newPlayer.points == 1500)
        #expect(Rating(value: Rating.newPlayer.value + log(10)).points == 1900, "ten-to-one odds are 400 points")
    }

    @Test func thePickerChoosesTheQuestionNearestSeventyPercent() {
        var generator = SeededGenerator(seed: 1)
        let player = Rating(value: 1)
        // The difficulty at which this player is right 70% of the time is 1 − ln(7/3) ≈ 0.15.
        let candidates = ["far-easy": Rating(value: -3), "near": Rating(value: 0.15), "far-hard": Rating(value: 3),
                          "close": Rating(value: 0.3), "closer": Rating(value: 0.1)]
        var chosen: Set<String> = []
        for _ in 0..<30 { chosen.insert(AdaptivePicker.next(for: player, among: candidates, using: &generator) ?? "") }
        #expect(chosen == ["near", "close", "closer"])
        #expect(AdaptivePicker.next(for: player, among: [:], using: &generator) == nil)
    }

    /// A bank of 1,200 questions whose true difficulties spread from −3 to 3, their ratings starting from the label a
    /// writer would give them (easy, medium, hard by thirds, as a pack's do), then learnt from a community of 120
    /// players of every skill answering 80 questions each at random (what the server aggregates and a sync brings).
    static func community(using generator: inout SeededGenerator) -> (truth: [String: Double], ratings: [String: Rating]) {
        var truth: [String: Double] = [:]
        var ratings: [String: Rating] = [:]
        for index in 0..<1200 {
            let difficulty = -3 + 6 * Double(index) / 1199
            truth["q\(index)"] = difficulty
            ratings["q\(index)"] = .start(for: difficulty < -1 ? .easy : difficulty < 1 ? .medium : .hard)
        }
        let ids = truth.keys.sorted()
        for member in 0..<120 {
            let skill = -2.5 + 5 * Double(member) / 119
            var player = Rating.newPlayer
            for _ in 0..<80 {
                let id = ids[generator.below(ids.count)]
                guard let difficulty = truth[id], let rating = ratings[id] else { continue }
                let right = Double.random(in: 0..<1, using: &generator) < 1 / (1 + exp(-(skill - difficulty)))
                (player, ratings[id]) = LearnerModel.update(player: player, question: rating, correct: right)
            }
        }
        return (truth, ratings)
    }

    @Test(arguments: [-1.5, -0.5, 0.5, 2.0])
    func simulatedPlayersOfKnownSkillAreRightAboutSeventyPercentOfTheTime(skill: Double) {
        var generator = SeededGenerator(seed: 42)
        var (truth, ratings) = Self.community(using: &generator)
        var player = Rating.newPlayer
        var outcomes: [Bool] = []
        for _ in 0..<250 {
            guard let id = AdaptivePicker.next(for: player, among: ratings, using: &generator),
                  let difficulty = truth[id], let rating = ratings[id] else { break }
            let right = Double.random(in: 0..<1, using: &generator) < 1 / (1 + exp(-(skill - difficulty)))
            outcomes.append(right)
            (player, ratings[id]) = LearnerModel.update(player: player, question: rating, correct: right)
            ratings[id] = nil  // answered: not asked again
        }
        let late = outcomes.suffix(200)
        let rate = Double(late.filter { $0 }.count) / Double(late.count)
        #expect(rate > 0.6 && rate < 0.8, "skill \(skill): right \(rate) of the last 200")
        #expect(abs(player.value - skill) < 0.8, "skill \(skill): rated \(player.value)")
    }
}
