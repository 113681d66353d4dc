import BrainyKit
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

/// `brainy --check FILE [--update]`: replays a transcript on a new database in a temporary folder, with the seed,
/// clock, language and time zone it records.
struct TranscriptCheck {
    let file: String
    let update: Bool

    func run() -> Int32 {
        let transcript: Transcript
        do {
            transcript = try Transcript.parse(String(contentsOfFile: file, encoding: .utf8))
        } catch let error as Transcript.ParseError {
            return fail("\(file):\(error.line): \(error.message)", code: 2)
        } catch {
            return fail("cannot read \(file)", code: 2)
        }
        let header = transcript.header
        let scratch: ScratchShell
        do {
            scratch = try ScratchShell(header: header)
        } catch {
            return fail(error.message.en, code: 3)
        }
        defer { scratch.remove() }
        var deps = scratch.deps
        deps.columnsOverride = header.columns
        let outcome = TranscriptChecker.replay(transcript, deps: deps)
        if update {
            do {
                try Data(outcome.updated.text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                return fail("cannot write \(file)", code: 2)
            }
            print("\(file): updated (\(transcript.entries.count) commands).")
            return 0
        }
        guard let mismatch = outcome.mismatch else {
            print("\(file): ok — \(outcome.report)")
            return 0
        }
        FileHandle.standardError.write(Data("\(file): command \(mismatch + 1) of \(transcript.entries.count)\n\(outcome.report)".utf8))
        FileHandle.standardError.write(Data("Run 'brainy --check \(file) --update' if the new output is right.\n".utf8))
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
    let deps: ShellDependencies

    init(header: Transcript.Header, colorEnabled: Bool = false) throws(BrainyError) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-scratch-\(UUID().uuidString)")
        let database = try AppDatabase.openFile(at: folder.appendingPathComponent("scratch.sqlite").path)
        try PackLoader.importIfNewer(from: BrainyResources.corePackDirectory, into: database, now: header.clock)
        deps = ShellDependencies(
            repository: database, hasher: ScryptPasswordHasher(), clock: ManualClock(header.clock),
            config: BundledConfig.load(), seed: header.seed, languageOverride: header.language, colorEnabled: colorEnabled,
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

    func run() -> Int32 {
        let script: DemoScript
        do {
            script = try DemoScript.parse(String(contentsOfFile: file, encoding: .utf8))
        } catch let error as Transcript.ParseError {
            FileHandle.standardError.write(Data("brainy: \(file):\(error.line): \(error.message)\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("brainy: cannot read \(file)\n".utf8))
            return 2
        }
        let color = !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil && isatty(1) == 1
        let scratch: ScratchShell
        do {
            scratch = try ScratchShell(header: script.header, colorEnabled: color)
        } catch {
            FileHandle.standardError.write(Data("brainy: \(error.message.en)\n".utf8))
            return 3
        }
        defer { scratch.remove() }
        return DemoPlayer(pace: pace, step: step).play(script, deps: scratch.deps)
    }
}
