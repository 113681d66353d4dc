import Foundation
import Testing

/// The twin of `WorkingFolderEndToEndTests` on the defaults: no `--db`, a fresh HOME and XDG folders, commands given
/// with `-c` and through `source`, a transcript recorded and checked. The working folder holds afterwards only the
/// files the person named, and the database is where the defaults put it.
@Suite struct DefaultPathsWorkingFolderEndToEndTests {
    /// A scratch root with an empty working folder and an empty home, removed afterwards.
    struct Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-cwd-\(UUID().uuidString)")
        var work: URL { root.appendingPathComponent("work") }
        var home: URL { root.appendingPathComponent("home") }

        init() throws {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        }

        /// Runs `brainy arguments` in the working folder with only the home's XDG folders; returns its exit status.
        func brainy(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = PseudoTerminal.builtProduct(named: "brainy")
            process.arguments = arguments
            process.environment = ["HOME": home.path, "LANG": "C.UTF-8",
                                   "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                   "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                   "XDG_STATE_HOME": home.appendingPathComponent("state").path,
                                   "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
            process.currentDirectoryURL = work
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }

        func workingFolder() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: work.path))
        }
    }

    @Test func signingInAndStatsLeaveTheWorkingFolderEmpty() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        #expect(try scratch.brainy(["--lang", "en", "-c", "login guest", "-c", "stats"]) == 0)
        #expect(try scratch.workingFolder().isEmpty)
        let database = scratch.home.appendingPathComponent("data/brainy/brainy.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path))
    }

    @Test func recordSourceAndCheckLeaveOnlyTheNamedFiles() throws {
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        #expect(try scratch.brainy(["--lang", "en", "--seed", "3", "-c", "record session.transcript",
                                    "-c", "login guest", "-c", "mode mc", "-c", "category music", "-c", "start 2",
                                    "-c", "1", "-c", "record stop"]) == 0)
        try Data("login guest\n# a comment\nstats\nsettings\nhistory all\n".utf8)
            .write(to: scratch.work.appendingPathComponent("commands.txt"))
        #expect(try scratch.brainy(["--lang", "en", "-c", "source commands.txt"]) == 0)
        #expect(try scratch.brainy(["--check", "session.transcript"]) == 0)
        #expect(try scratch.workingFolder() == ["session.transcript", "commands.txt"])
    }
}
