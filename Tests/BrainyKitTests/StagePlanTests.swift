import Testing
@testable import BrainyKit

@Suite struct StagePlanTests {
    @Test func questionsAreOrderedByDifficultyThenId() {
        let stages = StagePlan.stages(of: [
            ("m-2", .medium), ("h-1", .hard), ("e-3", .easy), ("m-1", .medium), ("e-1", .easy),
            ("e-2", .easy), ("h-2", .hard), ("m-3", .medium), ("e-4", .easy), ("h-3", .hard),
        ])
        #expect(stages == [["e-1", "e-2", "e-3", "e-4", "m-1"], ["m-2", "m-3", "h-1", "h-2", "h-3"]])
    }

    @Test func difficultyComesBeforeTheId() {
        let stages = StagePlan.stages(of: [
            ("a", .hard), ("b", .medium), ("c", .easy), ("d", .hard), ("e", .easy),
        ])
        #expect(stages == [["c", "e", "b", "a", "d"]])
    }

    @Test(arguments: [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (14, 2), (23, 4)])
    func stagesHoldFiveAndAnIncompleteLastOneIsDropped(questions: Int, stages: Int) {
        let pairs = (0..<questions).map { (id: "q\(1_000 + $0)", difficulty: Difficulty.easy) }
        let plan = StagePlan.stages(of: pairs)
        #expect(plan.count == stages)
        #expect(plan.allSatisfy { $0.count == StagePlan.stageSize })
        #expect(plan.flatMap { $0 } == pairs.prefix(stages * 5).map(\.id))
    }

    @Test func fourRightOfFivePasses() {
        #expect(StagePlan.passed(correct: 5))
        #expect(StagePlan.passed(correct: 4))
    }

    @Test func threeRightOfFiveFails() {
        #expect(!StagePlan.passed(correct: 3))
        #expect(!StagePlan.passed(correct: 0))
    }

    @Test func theNextStageIsOnePastTheHighestCleared() {
        #expect(StagePlan.nextStage(highestCleared: 0) == 1)
        #expect(StagePlan.nextStage(highestCleared: 3) == 4)
    }
}
