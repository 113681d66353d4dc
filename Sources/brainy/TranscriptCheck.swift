import BrainyKit
import BrainyPasswords
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

/// `brainy --check FILE… [--update] [--coverage]`: replays each transcript on a new database in a temporary folder,
/// with the seed, clock, language and time zone it records; with `--coverage`, says which transitions of the state
/// machine they took together.
struct TranscriptCheck {
    let files: [String]
    let update: Bool
    let coverage: Bool
    let language: Language

    func run() -> Int32 {
        let taken = TransitionCoverage()
        var status: Int32 = 0
        // Many transcripts start from copies of one database with the pack imported.
        let template = files.count > 1 ? try? ScratchTemplate(clock: Date(timeIntervalSince1970: 0)) : nil
        for file in files {
            status = max(status, check(file, shown: OutsideText.clean(file), coverage: taken, template: template))
        }
        if files.count > 1, status == 0 {
            print(Localized(ko: "트랜스크립트 \(files.count)개를 확인했습니다: 모든 명령이 기록대로 출력했습니다.",
                            en: "\(files.count) transcripts checked: every command printed what was recorded.")[language])
        }
        if coverage { print(taken.report()) }
        return status
    }

    /// Checks one transcript; `shown` is its name as printed (a file's name may hold terminal controls).
    private func check(_ file: String, shown: String, coverage: TransitionCoverage, template: ScratchTemplate?) -> Int32 {
        guard file.contains(where: { !$0.isWhitespace }) else {
            return fail(Localized(ko: "--check에는 트랜스크립트 파일의 경로를 주세요 (예: brainy --check session.transcript). \(Josa.attach("'\(shown)'", .topic)) 쓸 수 없습니다.",
                                  en: "--check takes a transcript file's path (like brainy --check session.transcript), not '\(shown)'.")[language],
                        code: 2)
        }
        let transcript: Transcript
        do {
            transcript = try Transcript.parse(String(contentsOfFile: file, encoding: .utf8))
        } catch let error as Transcript.ParseError {
            return fail(TranscriptMessage.parse(error, shown: shown)[language], code: 2)
        } catch {
            return fail(ErrorMessage.of(ShellError.fileNotReadable(file))[language], code: 2)
        }
        let header = transcript.header
        let scratch: ScratchShell
        do {
            scratch = try ScratchShell(header: header, template: template)
        } catch {
            return fail(ErrorMessage.of(error)[language], code: 3)
        }
        defer { scratch.remove() }
        var options = scratch.options
        options.columnsOverride = header.columns
        let outcome = TranscriptChecker.replay(transcript, services: scratch.services, options: options,
                                               observer: { coverage.note($0) })
        if update {
            do {
                try Data(outcome.updated.text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                return fail(ErrorMessage.of(ShellError.fileNotWritable(file))[language], code: 2)
            }
            print(shown + ": " + Localized(ko: "갱신함 (명령 \(transcript.entries.count)개).",
                                          en: "updated (\(transcript.entries.count) commands).")[language])
            return 0
        }
        guard let mismatch = outcome.mismatch else {
            if files.count == 1 {
                print(shown + ": ok — " + Localized(ko: "명령 \(transcript.entries.count)개가 모두 기록대로 출력했습니다.",
                                                   en: "all \(transcript.entries.count) commands printed what was recorded.")[language])
            }
            return 0
        }
        let headline = Localized(ko: "\(shown): 명령 \(transcript.entries.count)개 중 \(mismatch + 1)번째의 출력이 다릅니다: $ ",
                                 en: "\(shown): the output of command \(mismatch + 1) of \(transcript.entries.count) differs: $ ")
        // The transcript's text (a command, the recorded and replayed output) may hold controls: shown cleaned.
        let command = OutsideText.clean(transcript.entries[mismatch].command)
        let report = OutsideText.clean(outcome.report, keepingLines: true)
        FileHandle.standardError.write(Data((headline[language] + command + "\n" + report).utf8))
        let advice = Localized(ko: "새 출력이 맞다면 'brainy --check \(shown) --update'로 기록을 고치세요.\n",
                               en: "Run 'brainy --check \(shown) --update' if the new output is right.\n")
        FileHandle.standardError.write(Data(advice[language].utf8))
        return 1
    }

    private func fail(_ message: String, code: Int32) -> Int32 {
        StandardError.say(message)
        return code
    }
}

/// `brainy --paths DIR`: one shortest transcript per transition of the state machine, made from the table and
/// played through the shell to be sure each takes its transition.
struct PathsWriter {
    let folder: String
    let language: Language

    func run() -> Int32 {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            StandardError.say(ErrorMessage.of(ShellError.fileNotWritable(folder))[language])
            return 2
        }
        let template: ScratchTemplate
        do {
            template = try ScratchTemplate(clock: PathWriter.header.clock)
        } catch {
            StandardError.say(ErrorMessage.of(error)[language])
            return 3
        }
        let result = PathWriter.writeAll(to: url) {
            let scratch = try ScratchShell(header: PathWriter.header, template: template)
            return (scratch.services, scratch.remove)
        }
        for failure in result.failures {
            StandardError.say(TranscriptMessage.noPath(for: failure.transition.label, detail: failure.message)[language])
        }
        for transition in result.unreachable {
            StandardError.say(TranscriptMessage.unreachable(transition.label)[language])
        }
        let missing = result.failures.count + result.unreachable.count
        let shown = OutsideText.clean(folder)
        print(Localized(ko: "상태 기계의 전이마다 하나씩, 트랜스크립트 \(result.written.count)개를 \(shown)에 썼습니다"
                            + (missing == 0 ? "." : "; 전이 \(missing)개는 트랜스크립트가 없습니다."),
                        en: "Wrote \(result.written.count) transcripts to \(shown), one per transition of the state machine"
                            + (missing == 0 ? "." : "; \(missing) transitions have none."))[language])
        return result.failures.isEmpty && result.unreachable.isEmpty ? 0 : 1
    }
}

/// The remote config bundled with the shell.
/// A new database in a temporary folder, wired with a transcript's or demo's seed, clock, language and time zone.
/// Given a template (a database with the pack imported), it starts from a copy of it.
struct ScratchShell {
    let folder: URL
    var services: ShellServices
    var options: ShellOptions

    init(header: Transcript.Header, colorEnabled: Bool = false, template: ScratchTemplate? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = folder.appendingPathComponent("scratch.sqlite").path
        if let template { try template.database.copy(toFile: path) }
        let database = try AppDatabase.openFile(at: path)
        if template == nil {
            try database.importPackIfNewer(from: BrainyResources.corePackDirectory, now: header.clock)
        }
        services = ShellServices(repository: database, hasher: ScryptPasswordHasher(), clock: ManualClock(header.clock),
                                 config: BundledConfig.load())
        services.knowledgeFolder = BrainyResources.knowledgeDirectory
        services.shippedAdsFile = BrainyResources.houseAdsURL
        options = ShellOptions(seed: header.seed, languageOverride: header.language, colorEnabled: colorEnabled,
                               timeZone: header.timeZone, qaEnabled: header.qa)
        options.adsEnabled = header.ads
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// A database with the bundled pack imported, copied for each of many transcripts (importing the pack is most of
/// the time a short transcript takes).
final class ScratchTemplate {
    let folder: URL
    let database: AppDatabase

    init(clock: Date) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-template-\(UUID().uuidString)")
        database = try AppDatabase.openFile(at: folder.appendingPathComponent("template.sqlite").path)
        try database.importPackIfNewer(from: BrainyResources.corePackDirectory, now: clock)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
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
            StandardError.say(TranscriptMessage.parse(error, shown: OutsideText.clean(file))[language])
            return 2
        } catch {
            StandardError.say(ErrorMessage.of(ShellError.fileNotReadable(file))[language])
            return 2
        }
        let color = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && Platform.isTerminal(.output)
        let scratch: ScratchShell
        do {
            scratch = try ScratchShell(header: script.header, colorEnabled: color)
        } catch {
            StandardError.say(ErrorMessage.of(error)[language])
            return 3
        }
        defer { scratch.remove() }
        return DemoPlayer(pace: pace, step: step).play(script, services: scratch.services, options: scratch.options)
    }
}
