import BrainyKit
import BrainyPasswords
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

/// `brainy --check FILE [--update]`: replays a transcript on a new database in a temporary folder, with the seed,
/// clock, language and time zone it records.
struct TranscriptCheck {
    let file: String
    let update: Bool
    let language: Language

    func run() -> Int32 {
        let transcript: Transcript
        do {
            transcript = try Transcript.parse(String(contentsOfFile: file, encoding: .utf8))
        } catch let error as Transcript.ParseError {
            return fail("\(file):\(error.line): \(error.message)", code: 2)
        } catch {
            return fail(ErrorMessage.of(ShellError.fileNotReadable(file))[language], code: 2)
        }
        let header = transcript.header
        let scratch: ScratchShell
        do {
            scratch = try ScratchShell(header: header)
        } catch {
            return fail(ErrorMessage.of(error)[language], code: 3)
        }
        defer { scratch.remove() }
        var options = scratch.options
        options.columnsOverride = header.columns
        let outcome = TranscriptChecker.replay(transcript, services: scratch.services, options: options)
        if update {
            do {
                try Data(outcome.updated.text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                return fail(ErrorMessage.of(ShellError.fileNotWritable(file))[language], code: 2)
            }
            print(file + ": " + Localized(ko: "갱신함 (명령 \(transcript.entries.count)개).",
                                          en: "updated (\(transcript.entries.count) commands).")[language])
            return 0
        }
        guard let mismatch = outcome.mismatch else {
            print(file + ": ok — " + Localized(ko: "명령 \(transcript.entries.count)개가 모두 기록대로 출력했습니다.",
                                               en: "all \(transcript.entries.count) commands printed what was recorded.")[language])
            return 0
        }
        let headline = Localized(ko: "\(file): 명령 \(transcript.entries.count)개 중 \(mismatch + 1)번째의 출력이 다릅니다: $ ",
                                 en: "\(file): the output of command \(mismatch + 1) of \(transcript.entries.count) differs: $ ")
        FileHandle.standardError.write(Data((headline[language] + transcript.entries[mismatch].command + "\n" + outcome.report).utf8))
        let advice = Localized(ko: "새 출력이 맞다면 'brainy --check \(file) --update'로 기록을 고치세요.\n",
                               en: "Run 'brainy --check \(file) --update' if the new output is right.\n")
        FileHandle.standardError.write(Data(advice[language].utf8))
        return 1
    }

    private func fail(_ message: String, code: Int32) -> Int32 {
        FileHandle.standardError.write(Data("brainy: \(message)\n".utf8))
        return code
    }
}

/// The remote config bundled with the shell.
enum BundledConfig {
    static func load() -> RemoteConfig {
        (try? JSONDecoder().decode(RemoteConfig.self, from: Data(contentsOf: BrainyResources.defaultConfigURL))) ?? RemoteConfig()
    }
}

/// A new database in a temporary folder, wired with a transcript's or demo's seed, clock, language and time zone.
struct ScratchShell {
    let folder: URL
    let services: ShellServices
    var options: ShellOptions

    init(header: Transcript.Header, colorEnabled: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-scratch-\(UUID().uuidString)")
        let database = try AppDatabase.openFile(at: folder.appendingPathComponent("scratch.sqlite").path)
        try database.importPackIfNewer(from: BrainyResources.corePackDirectory, now: header.clock)
        services = ShellServices(repository: database, hasher: ScryptPasswordHasher(), clock: ManualClock(header.clock),
                                 config: BundledConfig.load())
        options = ShellOptions(seed: header.seed, languageOverride: header.language, colorEnabled: colorEnabled,
                               timeZone: header.timeZone, qaEnabled: header.qa)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// `brainy --demo FILE [--step] [--pace 1.5s]`.
struct Demo {
    let file: String
    let pace: Double
    let step: Bool
    let noColor: Bool
    let language: Language

    func run() -> Int32 {
        let script: DemoScript
        do {
            script = try DemoScript.parse(String(contentsOfFile: file, encoding: .utf8))
        } catch let error as Transcript.ParseError {
            FileHandle.standardError.write(Data("brainy: \(file):\(error.line): \(error.message)\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("brainy: \(ErrorMessage.of(ShellError.fileNotReadable(file))[language])\n".utf8))
            return 2
        }
        let color = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && Platform.isTerminal(.output)
        let scratch: ScratchShell
        do {
            scratch = try ScratchShell(header: script.header, colorEnabled: color)
        } catch {
            FileHandle.standardError.write(Data("brainy: \(ErrorMessage.of(error)[language])\n".utf8))
            return 3
        }
        defer { scratch.remove() }
        return DemoPlayer(pace: pace, step: step).play(script, services: scratch.services, options: scratch.options)
    }
}
