import Foundation
import Testing

/// The bundled demos show what a stakeholder wants to see: right answers, a cleared stage, AI mode following a player
/// who does well, and the times a person takes (the demo's clock moves a few seconds an answer, never 0.0 s).
@Suite struct DemoOutcomeTests {
    func play(_ name: String) throws -> String {
        let result = try BrainyProcess.run(["--demo", DemoTests.folder.appendingPathComponent(name).path, "--pace", "0"])
        #expect(result.status == 0, "\(result.err)")
        return result.out
    }

    /// The numbers after `label` on each line that has it: "Score: 5/5" → [5, 5]; "Time: 28.1s" → [28.1].
    func numbers(after label: String, in output: String) -> [[Double]] {
        output.split(separator: "\n").compactMap { line -> [Double]? in
            guard let range = line.range(of: label) else { return nil }
            let rest = line[range.upperBound...].prefix { !$0.isLetter || $0 == "s" || $0 == "초" }
            return rest.split(whereSeparator: { !($0.isNumber || $0 == ".") }).compactMap { Double($0) }
        }
    }

    @Test func theAIDemoPlaysAPlayerWhoDoesWellAndTheQuestionsFollow() throws {
        let out = try play("ai-mode.brainy")
        #expect(numbers(after: "Score: ", in: out) == [[5, 5], [3, 3]], "\(out.suffix(1500))")
        // The questions get harder as the player is right.
        #expect(out.contains("[1/5] country · easy"))
        #expect(out.contains("[3/3] music · hard"))
        let rating = try #require(out.split(separator: "\n").first { $0.hasPrefix("country  1") && $0.contains("answers") })
        let points = try #require(Int(rating.split(separator: " ")[1]))
        #expect(points > 1500, "\(rating)")
        // 5 and 3 answers, each a few seconds.
        let times = numbers(after: "Time: ", in: out).map { $0[0] }
        #expect(times.count == 2)
        if times.count == 2 {
            #expect((15...55).contains(times[0]), "\(times)")
            #expect((9...33).contains(times[1]), "\(times)")
        }
    }

    @Test(arguments: ["ai-mode.brainy", "first-time-player.brainy", "stage-progress.brainy", "week-of-play.brainy"])
    func everyDemoShowsRightAnswersInPlausibleTimes(_ name: String) throws {
        let out = try play(name)
        #expect(out.contains("✔"), "a right answer")
        #expect(!out.contains("Time: 0.0s") && !out.contains("시간: 0.0초"), "\(out.suffix(800))")
        let scores = numbers(after: "Score: ", in: out) + numbers(after: "점수: ", in: out)
        #expect(!scores.isEmpty)
        for score in scores where score.count == 2 {
            #expect(score[0] * 2 >= score[1], "\(name): a quiz played \(score) — a demo shows a player doing well")
        }
    }

    @Test func theStageDemoClearsTwoStages() throws {
        let out = try play("stage-progress.brainy")
        #expect(numbers(after: "점수: ", in: out) == [[5, 5], [4, 5]])
        #expect(out.contains("스테이지 1 통과") && out.contains("스테이지 2 통과"))
    }

    @Test func theWeekDemoWinsMostOfItsQuizzes() throws {
        let out = try play("week-of-play.brainy")
        #expect(numbers(after: "점수: ", in: out) == [[3, 3], [2, 2], [2, 3], [2, 2]], "\(out.suffix(1500))")
        #expect(!out.contains("시간 초과"))
    }
}
