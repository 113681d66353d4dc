import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `source FILE` (psql's `\i`, sqlite3's `.read`): a file's commands run as if typed, each failing line reported with
/// its number.
@Suite struct SourceCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func theFilesCommandsRunOneALineWithCommentsSkipped() throws {
        let path = try file("setup.brainy", "# how I like to start\nlogin guest\n\nmode mc; category music  # a comment too\n")
        let result = try ShellHarness().run(["source \(path)", "state"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("State: ready"))
    }

    @Test func aFailingLineIsReportedWithItsNumberAndTheNextLinesStillRun() throws {
        let path = try file("mixed.brainy", "login guest\nmode quantum\nmode mc\n")
        let shell = try ShellHarness()
        let session = shell.session()
        #expect(throws: ShellError.sourcedFileFailed(path, failures: 1)) { try session.execute("source \(path)") }
        #expect(session.console.captured.contains("mixed.brainy, line 2"))
        #expect(session.flow.state == .choosingCategory)
    }

    @Test func aFileThatSourcesItselfStopsAtTheNestingLimit() throws {
        let path = folder.appendingPathComponent("loop.brainy").path
        try "source \(path)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try ShellHarness().session()
        #expect(throws: ShellError.self) { try session.execute("source \(path)") }
        #expect(session.console.captured.contains("nested more than \(SourceCommand.nestingLimit) deep"))
        #expect(session.sourceDepth == 0)
    }

    @Test func exitInAFileLeaves() throws {
        let path = try file("bye.brainy", "exit\nlogin guest\n")
        let session = try ShellHarness().session()
        #expect(try session.execute("source \(path)") == .exit)
        #expect(session.flow.user == nil)
    }

    @Test func theQuietExampleChangesNothingAndPrintsNothing() throws {
        let session = try ShellHarness().session()
        #expect(try session.execute(SourceCommand.quietExample) == .proceed)
        #expect(session.console.captured.isEmpty)
    }

    @Test(arguments: ["\\h start", "help start"])
    func backslashHExplainsOneCommand(line: String) throws {
        let result = try ShellHarness().run([line])
        #expect(result.output.contains("start [random"), "\(result.output)")
    }
}
