import BrainyKit
import Foundation
import Testing
@testable import BrainyShell
@testable import BrainyStore

/// Issue 13's shell-side defects, each pinned where it showed.
@Suite struct ShellReliabilityTests {
    static func temporaryFile() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-shell-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("brainy.sqlite").path
    }

    /// Item 10: on a read-only database the records are shown; a write stops a script with 3 and says why.
    @Test func aReadOnlyDatabaseShowsHistoryAndAWriteExitsWithThree() throws {
        let path = Self.temporaryFile()
        let writable = try ShellHarness(databasePath: path)
        #expect(writable.run(["login guest", "mode short", "category drama", "start 1", "right", "next"]).status == 0)
        let readOnly = try ShellHarness(databasePath: path)
        let services = ShellServices(repository: try AppDatabase.openFile(at: path, readOnly: true),
                                     hasher: readOnly.services().hasher, clock: readOnly.clock, config: readOnly.config)
        func run(_ lines: [String]) -> (Int32, String) {
            let reader = PlainLineReader(lines: lines)
            let session = ShellSession(services: services,
                                       options: ShellOptions(seed: 1, languageOverride: .en, timeZone: .gmt),
                                       reader: reader, console: Console(language: .en, theme: .system, colorEnabled: false,
                                                                        capturing: true))
            return (ShellRunner(session: session, reader: reader).run(), session.console.captured)
        }
        let history = run(["history"])
        #expect(history.0 == 0, "\(history.1)")
        #expect(history.1.contains("drama"), "\(history.1)")
        let write = run(["settings timer 10"])
        #expect(write.0 == 3, "\(write.1)")
        #expect(write.1.contains("read-only"), "\(write.1)")
        #expect(!write.1.contains("SQLite"))
    }
}
