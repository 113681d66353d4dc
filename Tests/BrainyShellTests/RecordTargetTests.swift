import Foundation
import Glibc
import Testing
@testable import BrainyShell

/// `record FILE` rewrites its file whole after every command, by writing beside it and renaming over it. Given
/// /dev/null (as a fuzzer running as root did), that rename replaced the machine's /dev/null with a regular file.
/// Only a regular file, or a new one, is taken; a link is followed to its file.
@Suite struct RecordTargetTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func attempt(_ path: String) throws -> (session: ShellSession, error: (any Error)?) {
        let session = try ShellHarness().session()
        do {
            _ = try session.execute("record \(path)")
            return (session, nil)
        } catch {
            return (session, error)
        }
    }

    @Test func aPipeOrAFolderIsRefusedAndLeftAsItWas() throws {
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        for path in [pipe, folder.path] {
            let (session, error) = try attempt(path)
            #expect(error as? ShellError == .notARegularFile(path))
            #expect(session.recorder == nil)
            #expect(session.message(for: try #require(error)).en.contains("is not a regular file"))
        }
        var status = stat()
        #expect(lstat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the pipe is still a pipe")
    }

    @Test func aDeviceIsRefusedAndLeftAsItWas() throws {
        let (_, error) = try attempt("/dev/null")
        #expect(error as? ShellError == .notARegularFile("/dev/null"))
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func aLinkIsFollowedAndStaysALink() throws {
        let file = folder.appendingPathComponent("real.transcript")
        let link = folder.appendingPathComponent("link.transcript")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let (session, error) = try attempt(link.path)
        #expect(error == nil)
        _ = try session.execute("record stop")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("# brainy transcript"))
    }

    /// The path as typed is echoed without its control sequences (a title or clipboard escape must not reach the
    /// terminal), though the file keeps the name it was given.
    @Test func thePathIsEchoedWithoutEscapeSequences() throws {
        let path = folder.appendingPathComponent("t\u{1B}]0;pwned\u{7}.transcript").path
        let (session, error) = try attempt(path)
        #expect(error == nil)
        _ = try session.execute("record stop")
        #expect(!session.console.captured.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(session.console.captured.contains("Recording to "))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
