import Foundation

/// A rating on the logit scale of the one-parameter (Rasch) model, with how many answers it has learnt from: a
/// player's ability in one category, or a question's difficulty.
public struct Rating: Equatable, Sendable, Codable {
    public var value: Double
    public var answers: Int

    public init(value: Double, answers: Int = 0) {
        self.value = value
        self.answers = answers
    }

    /// A new player: taken to be right about 70% of the time on questions labelled medium, so that the first quiz
    /// starts in the middle and can go down as well as up.
    public static let newPlayer = Rating(value: log(0.7 / 0.3))

    /// A question never answered here: its pack's label says where it starts.
    public static func start(for difficulty: Difficulty) -> Rating {
        switch difficulty {
        case .easy: Rating(value: -1)
        case .medium: Rating(value: 0)
        case .hard: Rating(value: 1)
        }
    }

    /// On the chess-like scale people know (1500 for a new player, 400 points for ten-to-one odds).
    public var points: Int { Int((1500 + (value - Rating.newPlayer.value) * 400 / log(10)).rounded()) }
}

/// The learner model: the chance that a player of ability θ answers a question of difficulty b is
/// 1 / (1 + e^−(θ−b)), and every answer moves both ratings by the surprise (what happened less what was expected), as
/// Elo does: a right answer to a hard question moves them more than one to an easy question. Each rating moves less
/// as it learns from more answers (the step falls from `firstStep` towards `lastStep`).
public enum LearnerModel {
    static let firstStep = 0.6
    static let lastStep = 0.12

    /// The chance of a right answer.
    public static func chance(of player: Rating, against question: Rating) -> Double {
        1 / (1 + exp(-(player.value - question.value)))
    }

    /// Both ratings after one answer.
    public static func update(player: Rating, question: Rating, correct: Bool) -> (player: Rating, question: Rating) {
        let surprise = (correct ? 1 : 0) - chance(of: player, against: question)
        let moved = Rating(value: player.value + step(player.answers) * surprise, answers: player.answers + 1)
        let learnt = Rating(value: question.value - step(question.answers) * surprise, answers: question.answers + 1)
        return (moved, learnt)
    }

    static func step(_ answers: Int) -> Double {
        max(lastStep, firstStep / (1 + Double(answers) / 8))
    }

    /// The difficulty at which the player is right `target` of the time.
    public static func difficulty(for player: Rating, target: Double) -> Double {
        player.value - log(target / (1 - target))
    }
}
