/// Deals the questions of a quiz: which questions, in which order, and each one's option order. Driven only by the
/// seeded generator, so the same seed deals the same quiz on every machine.
public enum QuestionDealer {
    /// Picks `count` questions at random among `candidateIds` (sorted first, so the database's order never matters).
    public static func dealRandom(
        from candidateIds: [String], count: Int, optionCount: Int = 4, using generator: inout SeededGenerator
    ) -> [DealtQuestion] {
        var pool = candidateIds.sorted()
        let wanted = min(count, pool.count)
        // A partial Fisher–Yates: only the first `wanted` places are drawn.
        for i in 0..<wanted {
            let j = i + generator.below(pool.count - i)
            pool.swapAt(i, j)
        }
        return pool.prefix(wanted).map { id in
            DealtQuestion(questionId: id, optionOrder: generator.shuffled(Array(0..<optionCount)))
        }
    }

    /// Deals a stage's questions in their stage order, with shuffled options.
    public static func dealInOrder(
        _ questionIds: [String], optionCount: Int = 4, using generator: inout SeededGenerator
    ) -> [DealtQuestion] {
        questionIds.map { DealtQuestion(questionId: $0, optionOrder: generator.shuffled(Array(0..<optionCount))) }
    }
}

/// Stages: per category (and quiz type), the questions ordered by difficulty then id, cut into stages of five.
/// Passing a stage (at least four right of five) unlocks the next.
public enum StagePlan {
    public static let stageSize = 5
    public static let passMark = 4

    /// The ids of every stage in order, from (id, difficulty) pairs. A last, incomplete stage is dropped.
    public static func stages(of questions: [(id: String, difficulty: Difficulty)]) -> [[String]] {
        let ordered = questions.sorted { ($0.difficulty.rank, $0.id) < ($1.difficulty.rank, $1.id) }.map(\.id)
        return stride(from: 0, to: ordered.count - stageSize + 1, by: stageSize).map {
            Array(ordered[$0..<$0 + stageSize])
        }
    }

    public static func passed(correct: Int) -> Bool { correct >= passMark }

    /// The stage to play next: one past the highest cleared stage (stages count from 1).
    public static func nextStage(highestCleared: Int) -> Int { highestCleared + 1 }
}
