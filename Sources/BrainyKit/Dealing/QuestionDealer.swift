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
