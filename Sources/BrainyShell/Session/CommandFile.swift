import BrainyKit
import Foundation

/// A file of commands, one a line (several on a line with ';'), '#' starting a comment: the start-up file
/// (`brainyrc`) and `source FILE`. Every line runs; one that fails is reported with the file and its line number and
/// the next line runs, as psql does with its start-up file.
struct CommandFile {
    let path: String
    let lines: [String]

    /// Reads the file as UTF-8 text.
    static func read(_ path: String) throws(ShellError) -> CommandFile {
        // Through a file handle, so that /dev/null and /dev/stdin read too.
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .fileNotReadable(path) }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() ?? Data() else { throw .fileNotReadable(path) }
        guard let text = String(data: data, encoding: .utf8) else { throw .fileNotUTF8(path) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        return CommandFile(path: path, lines: lines)
    }

    /// What running the file came to: whether a line asked to leave the shell, and how many commands failed.
    struct Outcome: Equatable {
        var exit = false
        var failures = 0
    }

    /// Runs every line through the session; stops early only at `exit`.
    func run(in session: ShellSession) -> Outcome {
        var outcome = Outcome()
        for (index, raw) in lines.enumerated() {
            let line = CommandLineSplitter.strippingComment(raw)
            guard raw.utf8.count <= ShellRunner.lineLimit else {
                report(ShellError.lineTooLong(limit: ShellRunner.lineLimit), line: index + 1, in: session)
                outcome.failures += 1
                continue
            }
            for command in CommandLineSplitter.commands(line) {
                do {
                    if try session.execute(command) == .exit {
                        outcome.exit = true
                        return outcome
                    }
                } catch {
                    report(error, line: index + 1, in: session)
                    outcome.failures += 1
                }
            }
        }
        return outcome
    }

    private func report(_ error: any Error, line: Int, in session: ShellSession) {
        let console = session.console
        let shown = OutsideText.clean(path)
        let place = Localized(ko: "\(shown) \(line)번째 줄", en: "\(shown), line \(line)")
        console.error("brainy: " + console.text(place) + ": " + console.text(session.message(for: error)))
    }
}
