import ArgumentParser
import BrainyKit
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

/// `brainy`: parses flags, opens the database, imports a newer bundled pack, and hands over to the shell.
struct BrainyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brainy",
        abstract: "The Brainy quiz shell.",
        discussion: """
            Interactive on a terminal. Not on a terminal (a pipe, -c, -f): no prompt, '#' starts a comment, and the \
            first error stops the run with a non-zero exit code (1: a command failed, 3: the database cannot be used).
            """,
        version: ShellRunner.version)

    @Option(name: .short, help: "Run these commands (separated by ';') and exit.")
    var command: String?

    @Option(name: .short, help: "Run the commands in this file and exit.")
    var file: String?

    @Option(help: "The SQLite database (default: $XDG_DATA_HOME/brainy/brainy.sqlite).")
    var db: String?

    @Option(help: "The sync server's URL.")
    var server: String?

    @Option(help: "Fixes question selection and option order.")
    var seed: UInt64?

    @Option(help: "Language of messages: ko or en (overrides the user's setting).")
    var lang: String?

    @Flag(help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    func validate() throws {
        if let lang, Language(parsing: lang) == nil { throw ValidationError("--lang takes ko or en, not '\(lang)'.") }
        if command != nil && file != nil { throw ValidationError("Give -c or -f, not both.") }
    }

    func run() throws {
        umask(0o077)
        let language = lang.flatMap(Language.init(parsing:))
        let dataDirectory = DataDirectory.resolve()
        let path = db ?? dataDirectory.appendingPathComponent("brainy.sqlite").path
        let clock = SystemClock()
        let database: AppDatabase
        do {
            database = try AppDatabase.openFile(at: path)
            try PackLoader.importIfNewer(from: BrainyResources.corePackDirectory, into: database, now: clock.now())
        } catch {
            FileHandle.standardError.write(Data(("brainy: " + error.message[language ?? .ko] + "\n").utf8))
            throw ExitCode(3)
        }
        let config = (try? JSONDecoder().decode(RemoteConfig.self, from: Data(contentsOf: BrainyResources.defaultConfigURL)))
            ?? RemoteConfig()
        let deps = ShellDependencies(
            repository: database, hasher: ScryptPasswordHasher(), clock: clock, config: config, seed: seed,
            serverURL: server, languageOverride: language,
            colorEnabled: !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(1) == 1)
        let input: Shell.Input
        if let command {
            input = .lines([command])
        } else if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                FileHandle.standardError.write(Data("brainy: cannot read \(file)\n".utf8))
                throw ExitCode(2)
            }
            input = .lines(text.components(separatedBy: "\n"))
        } else {
            input = .standardInput(historyFile: dataDirectory.appendingPathComponent("history"))
        }
        let status = Shell.run(deps, input: input)
        if status != 0 { throw ExitCode(status) }
    }
}

/// `$XDG_DATA_HOME/brainy`, or `~/.local/share/brainy`.
enum DataDirectory {
    static func resolve() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        }
        let directory = base.appendingPathComponent("brainy", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return directory
    }
}
