import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// Model-based paths: from the transition table, a shortest path to every transition, confirmed by the shell.
@Suite struct PathPlannerTests {
    @Test func everyTransitionOfTheTableGetsAPath() {
        let plan = PathPlanner.plan()
        #expect(plan.unreachable.isEmpty, "\(plan.unreachable.map(\.label))")
        #expect(plan.paths.count == ShellTransition.all.count)
        for path in plan.paths {
            #expect(path.steps.last?.transitions.contains(path.transition) == true, "\(path.transition.label)")
        }
    }

    @Test func pathsAreTheShortest() throws {
        let plan = PathPlanner.plan(for: [
            ShellTransition(from: .signedOut, trigger: .command(.login), to: .home),
            ShellTransition(from: .question, trigger: .command(.answer), to: .answered),
            ShellTransition(from: .answered, trigger: .command(.next), to: .finished),
            ShellTransition(from: .signedOut, trigger: .system(.maintenanceStarted), to: .maintenance),
        ])
        #expect(plan.paths.map(\.steps.count) == [1, 5, 6, 1])
        let lines = plan.paths[2].steps.flatMap(\.lines)
        #expect(lines == [.command("login guest"), .command("mode mc"), .command("category country"),
                          .command("start 1"), .answer(right: true), .command("next")])
    }

    @Test func aTransitionNothingCanTakeIsReported() {
        let impossible = ShellTransition(from: .home, trigger: .command(.answer), to: .answered)
        let plan = PathPlanner.plan(for: [impossible])
        #expect(plan.paths.isEmpty)
        #expect(plan.unreachable == [impossible])
    }

    @Test(arguments: [
        ShellTransition(from: .answered, trigger: .command(.next), to: .stageCleared),
        ShellTransition(from: .interrupted, trigger: .command(.resume), to: .stageFailed),
        ShellTransition(from: .home, trigger: .command(.login), to: .interrupted),
        ShellTransition(from: .signedOut, trigger: .command(.register), to: .interrupted),
        ShellTransition(from: .question, trigger: .system(.sessionExpired), to: .signedOut),
        ShellTransition(from: .maintenance, trigger: .system(.sessionRestored), to: .maintenance),
        ShellTransition(from: .maintenance, trigger: .system(.maintenanceEnded), to: .answered),
        ShellTransition(from: .question, trigger: .command(.speak), to: .answered),
    ])
    func aPathPlayedThroughTheShellTakesItsTransition(_ transition: ShellTransition) throws {
        let path = try #require(PathPlanner.plan(for: [transition]).paths.first)
        let shell = try ShellHarness(questionsPerCategory: 20)
        let recordings = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: recordings) }
        let transcript = try PathWriter.transcript(for: path, services: shell.services(), recordings: recordings)
        #expect(transcript.header.qa)
        #expect(transcript.entries.count >= path.steps.count)
        #expect(!transcript.entries.contains { $0.output.contains("Unexpected error") })
    }

    @Test func theCoverageReportSaysWhatNoTranscriptTook() {
        let coverage = TransitionCoverage()
        coverage.note(ShellTransition(from: .signedOut, trigger: .command(.login), to: .home))
        let report = coverage.report()
        #expect(report.hasPrefix("coverage: 1 of \(ShellTransition.all.count) transitions (0%)"))
        #expect(report.contains("  signed_out --help--> signed_out"))
        #expect(!report.contains("  signed_out --login--> home"))
    }

    @Test func theFlagsTakeSeveralTranscriptsAndAFolderForPaths() throws {
        let options = try LaunchOptions.parse(["--check", "--coverage", "a.transcript", "b.transcript"])
        #expect(options.checkFiles == ["a.transcript", "b.transcript"] && options.coverage)
        #expect(try LaunchOptions.parse(["--check", "one.transcript", "--update"]).checkFiles == ["one.transcript"])
        #expect(try LaunchOptions.parse(["--paths", "out"]).pathsFolder == "out")
        #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(["--coverage"]) }
        #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(["--check"]) }
    }
}
