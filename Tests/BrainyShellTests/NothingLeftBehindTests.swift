@testable import BrainyShell
import BrainyKit
import Foundation
import Testing

/// A file named `<file>` was once committed at the repository's root: a transcript header, written by `record <file>`
/// typed as the help shows it, in a test whose working folder was the repository. The usage's placeholder is refused
/// now, and every command typed as its usage reads leaves the working folder as it was.
@Suite struct NothingLeftBehindTests {
    @Test func recordRefusesTheUsagesPlaceholder() throws {
        let session = try ShellHarness().session()
        #expect(throws: ShellError.placeholderPath("<file>")) { try session.execute("record <file>") }
        #expect(session.recorder == nil)
        #expect(session.message(for: ShellError.placeholderPath("<file>")).en.contains("give a file name"))
    }

    /// Every command of the registry, typed as its usage reads (each alternative, placeholders and all), in a signed-in
    /// session with the QA commands: nothing new appears in the working folder.
    @Test func everyUsageTypedAsItReadsLeavesTheWorkingFolderAsItWas() throws {
        let folder = FileManager.default.currentDirectoryPath
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        let session = try ShellHarness().session(qa: true)
        _ = try session.execute("login guest")
        // Left out: what waits on a person or a device (the microphone, a browser), and leaving.
        let skipped: Set<CommandName> = [.speak, .exit, .ad, .login, .register, .logout, .reset]
        for command in CommandRegistry.commands where !skipped.contains(command.name) {
            for usage in command.usage.components(separatedBy: " | ") {
                _ = try? session.execute(usage)
                if session.recorder != nil { _ = try? session.execute("record stop") }
            }
        }
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(after.subtracting(before).isEmpty, "left behind in \(folder): \(after.subtracting(before).sorted())")
    }
}
