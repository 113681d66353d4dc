import Foundation
import Testing

/// The transcripts in Tests/Transcripts replay through the built binary exactly as recorded. After a change that is
/// meant to alter what the shell prints, refresh them with `scripts/update-transcripts` and read the diff.
@Suite struct TranscriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Transcripts")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".transcript") }.sorted()
    }

    @Test func theProjectKeepsTheTranscriptsTheIssueAsksFor() {
        for name in ["first-time-player", "stage-unlocked", "timed-out-answer", "lock-out", "interrupted-and-resumed",
                     "refusals"] {
            #expect(Self.files.contains(name + ".transcript"), "missing \(name).transcript")
        }
    }

    @Test(arguments: files)
    func theTranscriptReplaysAsRecorded(_ name: String) throws {
        let result = try BrainyProcess.run(["--check", Self.folder.appendingPathComponent(name).path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("ok"))
    }

    @Test func aBrokenTranscriptSaysWhereAndExitsNonZero() throws {
        let original = try String(contentsOf: Self.folder.appendingPathComponent("refusals.transcript"), encoding: .utf8)
        let broken = original.replacingOccurrences(of: "Did you mean 'history'?", with: "Did you mean 'hysteria'?")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).transcript")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let result = try BrainyProcess.run(["--lang", "en", "--check", file.path])
        #expect(result.status == 1)
        #expect(result.err.contains("differs: $ hsitory"))
        #expect(result.err.contains("- 'hsitory' is not a command. Did you mean 'hysteria'?"))
        #expect(result.err.contains("+ 'hsitory' is not a command. Did you mean 'history'?"))
        let updated = try BrainyProcess.run(["--check", file.path, "--update"])
        #expect(updated.status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
    }
}

/// Runs the built binary with pipes.
enum BrainyProcess {
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws
        -> (status: Int32, out: String, err: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = PseudoTerminal.builtProduct(named: "brainy")
        process.arguments = arguments
        process.environment = ["HOME": home.path, "XDG_DATA_HOME": home.path, "LANG": "C.UTF-8"]
            .merging(environment) { $1 }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}

/// The demo scripts the project ships run to their end without an error.
@Suite struct DemoTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demos")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".brainy") }.sorted()
    }

    @Test func thereAreAtLeastThreeDemos() {
        #expect(Self.files.count >= 3)
    }

    @Test(arguments: files)
    func theDemoRunsToItsEnd(_ name: String) throws {
        let result = try BrainyProcess.run(["--demo", Self.folder.appendingPathComponent(name).path, "--pace", "0"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("데모가"))
    }

    @Test func theStageDemoUnlocksTheSecondStage() throws {
        let result = try BrainyProcess.run(["--demo", Self.folder.appendingPathComponent("stage-progress.brainy").path,
                                            "--pace", "0"])
        #expect(result.out.contains("스테이지 1 통과"))
        #expect(result.out.contains("스테이지 2 통과"))
    }

    @Test func theAIDemoMakesQuestionsAndShowsTheRating() throws {
        let result = try BrainyProcess.run(["--demo", Self.folder.appendingPathComponent("ai-mode.brainy").path,
                                            "--pace", "0"])
        #expect(result.out.contains("questions from the knowledge base"), "\(result.out.suffix(800))")
        #expect(result.out.contains("Rating (1500 is average"), "\(result.out.suffix(800))")
    }

    @Test func theWeekDemoShowsAStreak() throws {
        let result = try BrainyProcess.run(["--demo", Self.folder.appendingPathComponent("week-of-play.brainy").path,
                                            "--pace", "0"])
        #expect(result.out.contains("연속 학습: 현재 4일 · 최고 4일"), "\(result.out.suffix(800))")
    }
}
