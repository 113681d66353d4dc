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

    /// The questions of stage `next` of `stages` (a category's, from `stages(of:)`), or why there are none: the
    /// category has no whole stage, or every stage is cleared.
    public static func questions(ofStage next: Int, in stages: [[String]], category: QuizCategory)
        throws(BrainyError) -> [String] {
        guard !stages.isEmpty else { throw .noQuestions(category) }
        guard next <= stages.count else { throw .allStagesCleared(category, stages: stages.count) }
        return stages[next - 1]
    }
}
