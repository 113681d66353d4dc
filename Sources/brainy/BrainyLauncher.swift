import BrainyClient
import BrainyKit
import BrainyPasswords
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

/// Wires the real parts together: the database file, the bundled pack and config, the scrypt hasher, the clock.
struct BrainyLauncher {
    let options: LaunchOptions

    func run() -> Int32 {
        if options.showHelp { print(LaunchOptions.usage(in: options.language ?? .ko)); return 0 }
        if options.showVersion { print(ShellRunner.version); return 0 }
        if options.showManual { print(LaunchOptions.manual.manPage, terminator: ""); return 0 }
        if let shell = options.completionShell {
            print(LaunchOptions.manual.completionScript(for: shell), terminator: "")
            return 0
        }
        if case let .failure(missing) = BrainyResources.folder {
            // Before the database: the language setting is in it, so both languages unless --lang chose one.
            let languages = options.language.map { [$0] } ?? Language.allCases
            for language in languages {
                StandardError.say(missing.message[language])
            }
            return 3
        }
        Platform.restrictNewFilesToOwner()
        Platform.failWritesPastTheFileSizeLimit()
        if let folder = options.pathsFolder {
            return PathsWriter(folder: folder, language: options.language ?? .ko).run()
        }
        if !options.checkFiles.isEmpty {
            return TranscriptCheck(files: options.checkFiles, update: options.update, coverage: options.coverage,
                                   language: options.language ?? .ko).run()
        }
        if let file = options.demoFile {
            return Demo(file: file, pace: options.pace, step: options.step, noColor: options.noColor,
                        language: options.language ?? .ko).run()
        }
        let environment = Self.environment()
        let language = options.language
        let dataDirectory = DataDirectory.resolve(environment)
        let path = options.databasePath ?? dataDirectory + "/brainy.sqlite"
        let clock: any BrainyClock = options.clock.map { ManualClock($0) } ?? SystemClock()
        let database: AppDatabase
        do throws {
            if path == Self.inMemoryName {
                // As sqlite3 and psql's tools name it: a database that lives as long as this shell.
                database = try AppDatabase.inMemory()
            } else {
                // An explicit --db is used as given: like sqlite3, brainy does not invent folders for it.
                let folder = DataDirectory.folder(of: path)
                if options.databasePath != nil, !FileManager.default.fileExists(atPath: folder) {
                    throw StoreError.folderMissing(path: folder)
                }
                database = try AppDatabase.openFile(at: path)
            }
            if database.isReadOnly {
                // Reading commands work on a database this user may not write; every write says why it cannot.
                StandardError.say(ErrorMessage.of(StoreError.readOnly(path: path))[language ?? .ko])
            } else {
                try database.importPackIfNewer(fromFolder: BrainyResources.corePackPath,
                                               shipped: BrainyResources.corePackShipped, now: clock.now())
            }
        } catch {
            StandardError.say(ErrorMessage.of(error)[language ?? .ko])
            return 3
        }
        let config = BundledConfig.load()
        // How long one request to the sync server may take: BRAINY_SERVER_TIMEOUT seconds (default 15).
        let timeout = Self.seconds("BRAINY_SERVER_TIMEOUT", in: environment, fallback: 15, language: language)
        var services = ShellServices(
            repository: database, hasher: ScryptPasswordHasher(), clock: clock, config: config,
            remoteFactory: { url in HTTPRemoteAPI(baseURL: url, timeout: timeout) },
            transcriptionFactory: { url in
                HTTPSpeechTranscription(url: url, model: environment["BRAINY_ASR_MODEL"] ?? "whisper-1",
                                        apiKey: environment["BRAINY_ASR_KEY"] ?? environment["OPENAI_API_KEY"], timeout: timeout)
            })
        services.knowledgeFolder = BrainyResources.knowledgeDirectory
        services.shippedAdsFile = BrainyResources.houseAdsURL
        // The sign-in's tokens go to the machine's keyring when one answers; a database that lives as long as this
        // shell keeps them with it, so that nothing outlives it in the keyring.
        if path != Self.inMemoryName { services.keyring = .secretService() }
        // A language model takes longer than a sync server: BRAINY_AI_TIMEOUT seconds (default 30).
        let aiTimeout = Self.seconds("BRAINY_AI_TIMEOUT", in: environment, fallback: 30, language: language)
        services.chatFactory = { url in
            HTTPChatCompletion(url: url, model: environment["BRAINY_AI_MODEL"] ?? "llama3.2",
                               apiKey: environment["BRAINY_AI_KEY"] ?? environment["OPENAI_API_KEY"], timeout: aiTimeout)
        }
        var shellOptions = ShellOptions(
            seed: options.seed, serverURL: options.serverURL, languageOverride: language,
            colorEnabled: ColorChoice.enabled(noColorFlag: options.noColor, environment: environment,
                                              outputIsTerminal: Platform.isTerminal(.output)),
            qaEnabled: options.qa, formatOverride: options.format)
        shellOptions.audioOut = options.audioOut.map { URL(fileURLWithPath: $0, isDirectory: true) }
        shellOptions.asrURL = options.asrURL
        shellOptions.aiURL = options.aiURL
        // Ads show where a player watches; a script or a pipe gets them only when it asks.
        shellOptions.adsEnabled = options.ads ?? (Platform.isTerminal(.input) && Platform.isTerminal(.output))
        shellOptions.rememberSignIn = options.rememberSignIn
        // Results per upload request: a hundred requests for 100,000 results, little work lost when one is cut off.
        if let batch = environment["BRAINY_SYNC_BATCH"].flatMap(Int.init), batch > 0 { shellOptions.syncBatchSize = batch }
        if let server = options.serverURL, !ServerAddress.isValid(server) {
            StandardError.say(ErrorMessage.of(ShellError.invalidServerURL(SecretWords.masking(server)))[language ?? .ko])
            return 2
        }
        shellOptions.quiet = options.quiet
        if !options.scripts.isEmpty {
            // -c and -f run in the order given, as one script.
            var lines: [String] = []
            for script in options.scripts {
                switch script {
                case let .commands(commands):
                    lines.append(commands)
                case let .file(file):
                    let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
                    guard let data else {
                        StandardError.say(ErrorMessage.of(ShellError.fileNotReadable(file))[language ?? .ko])
                        return 2
                    }
                    guard let text = String(data: data, encoding: .utf8) else {
                        StandardError.say(ErrorMessage.of(ShellError.fileNotUTF8(file))[language ?? .ko])
                        return 2
                    }
                    var fileLines = text.components(separatedBy: "\n")
                    if fileLines.last == "" { fileLines.removeLast() }
                    lines += fileLines
                }
            }
            Self.finish(Shell.run(services, shellOptions, input: .lines(lines)), closing: database)
        }
        if !options.skipStartupFile { shellOptions.startupFile = StartupFile.resolve(environment) }
        if let size = environment["BRAINY_HISTSIZE"].flatMap(Int.init), size > 0 { shellOptions.historySize = size }
        let historyFile = environment["BRAINY_HISTFILE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: dataDirectory + "/history")
        Self.finish(Shell.run(services, shellOptions, input: .standardInput(historyFile: historyFile)), closing: database)
    }

    /// Seconds from an environment variable, `fallback` when it is unset. A value that is not a number of seconds
    /// from 0.1 to an hour ("inf", "1e300", "-5", "soon") is refused aloud and the fallback used: unchecked, an
    /// infinite or huge one ended the process when it was turned into a request's deadline.
    static func seconds(_ name: String, in environment: [String: String], fallback: TimeInterval,
                        language: Language?) -> TimeInterval {
        guard let text = environment[name] else { return fallback }
        if let value = TimeInterval(text), value.isFinite, (0.1...3600).contains(value) { return value }
        let message = ErrorMessage.of(ShellError.invalidSeconds(variable: name, value: OutsideText.clean(text), fallback: Int(fallback)))
        StandardError.say(message[language ?? .ko])
        return fallback
    }

    /// Ends the process once the shell is done: the database is closed, then the process exits with the shell's
    /// objects still held, so that they are not torn down one by one (as clang's `-disable-free` does; the kernel
    /// takes the memory back either way). Released, GRDB's queue unregisters from `NotificationCenter`, whose first
    /// use was 5% of a start-up.
    private static func finish(_ status: Int32, closing database: AppDatabase) -> Never {
        database.close()
        exit(status)
    }

    /// `--db :memory:`: SQLite's name for a database in memory.
    static let inMemoryName = ":memory:"

    /// The environment variables the launcher reads (the manual's ENVIRONMENT), each with `getenv`: building
    /// `ProcessInfo`'s whole dictionary cost 6% of a start-up.
    static let environmentNames = [
        "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM", "BRAINY_SERVER_TIMEOUT", "BRAINY_SYNC_BATCH",
        "BRAINY_ASR_MODEL", "BRAINY_ASR_KEY", "BRAINY_AI_TIMEOUT", "BRAINY_AI_MODEL", "BRAINY_AI_KEY", "OPENAI_API_KEY",
        "BRAINY_HISTSIZE", "BRAINY_HISTFILE",
    ]

    static func environment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in environmentNames {
            if let value = Platform.environmentValue(name) { environment[name] = value }
        }
        return environment
    }
}

/// `$XDG_DATA_HOME/brainy`, or `$HOME/.local/share/brainy`, created readable by its owner only. `$HOME` comes first,
/// as for every program that keeps files in the home folder; the password database's entry only when it is unset.
/// A relative `XDG_DATA_HOME` is ignored, as the XDG Base Directory specification says (it would put the database
/// wherever the shell happened to start).
/// Paths are plain strings here: `URL`'s first `path` built a `Set<UInt8>` whose conformance lookup scanned all of
/// the binary's conformance records (2% of a start-up).
enum DataDirectory {
    static func resolve(_ environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/share"
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share"
        }
        let directory = (base.hasSuffix("/") ? base : base + "/") + "brainy"
        Platform.makeFolders(directory)
        return directory
    }

    /// The folder a file path names, as `dirname` gives it: "." for a bare name, "/" for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }
}
