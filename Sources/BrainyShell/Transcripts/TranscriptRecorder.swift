import BrainyKit
import Foundation

/// Writes a transcript while `record FILE` is on: the file is rewritten after every command, so a killed shell
/// keeps what it recorded.
///
/// No secret is written: what was typed at a password prompt is kept as a placeholder on a `<! ` line, and so is a
/// word of a command that may be a password (`SecretWords`); a URL's credentials become `***`. Each secret has its
/// own placeholder (`transcript-secret-1`, …; the same secret the same one), and wherever the output repeats a
/// secret the placeholder stands there too, so that `brainy --check` replays the transcript with the placeholders as
/// the passwords and compares the same output.
final class TranscriptRecorder {
    let file: URL
    private(set) var transcript: Transcript
    private var inputs: [String] = []
    private var secretInputs: Set<Int> = []
    /// Each secret met so far and its placeholder, in the order met.
    private var secrets: [(secret: String, placeholder: String)] = []
    /// The secrets the current command read or was given.
    private var current: [String] = []

    init(file: URL, header: Transcript.Header) {
        self.file = file
        self.transcript = Transcript(header: header)
    }

    /// Something the current command read (an email); `secret` for what was typed at a password prompt.
    func noteInput(_ text: String, secret: Bool = false) {
        if secret {
            secretInputs.insert(inputs.count)
            inputs.append(placeholder(for: text))
        } else {
            inputs.append(text)
        }
    }

    func add(command: String, output: String) throws {
        let shown = SecretWords.masked(command, placeholder: placeholder(for:)) ?? command
        var entry = Transcript.Entry(command: shown, inputs: inputs, output: Transcript.normalized(hidingSecrets(output)))
        entry.secretInputs = secretInputs
        transcript.entries.append(entry)
        inputs = []
        secretInputs = []
        current = []
        try save()
    }

    /// The placeholder of `secret`: one per secret, the first time it is met.
    private func placeholder(for secret: String) -> String {
        current.append(secret)
        if let known = secrets.first(where: { $0.secret == secret }) { return known.placeholder }
        let placeholder = "transcript-secret-\(secrets.count + 1)"
        secrets.append((secret, placeholder))
        return placeholder
    }

    /// `output` with every secret it repeats replaced by its placeholder (case aside: a word is often shown
    /// lowercased), the current command's first, and a URL's credentials masked. Secrets shorter than four characters
    /// are left, as they would match anywhere.
    private func hidingSecrets(_ output: String) -> String {
        var hidden = output
        let ordered = secrets.filter { current.contains($0.secret) }.sorted { $0.secret.count > $1.secret.count }
            + secrets.filter { !current.contains($0.secret) }.sorted { $0.secret.count > $1.secret.count }
        for (secret, placeholder) in ordered where secret.count >= 4 {
            hidden = hidden.replacingOccurrences(of: secret, with: placeholder, options: .caseInsensitive)
        }
        return hidden.contains("://") ? hidden.split(separator: " ", omittingEmptySubsequences: false)
            .map { SecretWords.masking(String($0)) }.joined(separator: " ") : hidden
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
                              observer: ((ShellTransition) -> Void)? = nil) -> Outcome {
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
