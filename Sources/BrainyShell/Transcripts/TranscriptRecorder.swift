import BrainyKit
import Foundation

/// Writes a transcript while `record FILE` is on: the file is rewritten after every command, so a killed shell
/// keeps what it recorded.
final class TranscriptRecorder {
    let file: URL
    private(set) var transcript: Transcript
    private var inputs: [String] = []

    init(file: URL, header: Transcript.Header) {
        self.file = file
        self.transcript = Transcript(header: header)
    }

    /// Something the current command read (an email or a password).
    func noteInput(_ text: String) { inputs.append(text) }

    func add(command: String, output: String) throws {
        transcript.entries.append(Transcript.Entry(command: command, inputs: inputs,
                                                   output: Transcript.normalized(output)))
        inputs = []
        try save()
    }

    func save() throws {
        do {
            try Data(transcript.text.utf8).write(to: file, options: .atomic)
        } catch {
            throw ShellError.fileNotWritable(file.path)
        }
    }
}

/// Replays a transcript on a new database and compares each command's output with the recorded one.
public enum TranscriptChecker {
    public struct Outcome {
        /// The first command whose output differs (from 0), or nil when all match.
        public var mismatch: Int?
        /// What to tell the tester: where it broke and a diff.
        public var report: String
        /// The transcript with this run's outputs (for `--update`).
        public var updated: Transcript
    }

    /// Replays `transcript`; `observer` hears every transition the flow takes (for a coverage report).
    public static func replay(_ transcript: Transcript, services: ShellServices, options: ShellOptions,
                              observer: ((FlowTransition) -> Void)? = nil) -> Outcome {
        let player = TranscriptPlayer(services: services, options: options, language: transcript.header.language,
                                      observer: observer)
        var updated = transcript
        var mismatch: Int?
        var report = ""
        for (index, entry) in transcript.entries.enumerated() {
            let (output, outcome) = player.play(entry.command, inputs: entry.inputs)
            updated.entries[index].output = output
            if mismatch == nil && output != entry.output {
                mismatch = index
                report = LineDiff.unified(expected: entry.output, actual: output)
            }
            if outcome == .exit { break }
        }
        return Outcome(mismatch: mismatch, report: report, updated: updated)
    }
}

/// Serves the inputs a transcript recorded to the commands that ask for them.
final class ScriptedLineReader: LineReader {
    var inputs: [String] = []
    var isInteractive: Bool { true }

    func readLine(prompt: String) -> LineInput {
        guard !inputs.isEmpty else { return .end }
        return .line(inputs.removeFirst())
    }

    func readSecret(prompt: String) -> String? {
        inputs.isEmpty ? nil : inputs.removeFirst()
    }

    func remember(_ line: String) {}
}

/// A line diff for people: `-` expected, `+` actual, two lines of context.
enum LineDiff {
    static func unified(expected: String, actual: String) -> String {
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(Character, String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                lines.append(("-", a[i])); i += 1
            } else {
                lines.append(("+", b[j])); j += 1
            }
        }
        let changed = Set(lines.indices.filter { lines[$0].0 != " " })
        let shown = lines.indices.filter { index in changed.contains { abs($0 - index) <= 2 } }
        var result = "--- recorded\n+++ this run\n"
        var previous: Int?
        for index in shown {
            if let previous, index > previous + 1 { result += "  …\n" }
            result += "\(lines[index].0) \(lines[index].1)\n"
            previous = index
        }
        return result
    }
}
