import BrainyKit
import Foundation

/// A recorded run: what was typed and what the shell printed, with the seed, clock, language and time zone it ran
/// with, so that `brainy --check` can replay it on a new database and compare.
///
/// ```
/// # brainy transcript
/// # seed 7
/// # clock 2026-01-01T09:00:00Z
/// # lang en
/// # tz UTC
/// # qa on
/// $ register qa@example.com
/// < password123
/// < password123
/// Created the account qa@example.com.
/// $ mode mc
/// …
/// ```
/// Lines after `$ ` are commands, `< ` lines are what the command read (an email), `<! ` lines what it read at a
/// password prompt (never the password: a placeholder, typed as the password when the transcript is replayed), and
/// the other lines up to the next command are its output. A transcript written by hand may give a test account's
/// password on a `< ` line.
public struct Transcript: Equatable, Sendable {
    public struct Header: Equatable, Sendable {
        public var seed: UInt64
        public var clock: Date
        public var language: Language
        public var timeZone: TimeZone
        public var qa: Bool
        /// The width tables were fitted to.
        public var columns: Int
        /// Recorded with ads on (`# ads on`): the ads it shows are part of what it compares.
        public var ads = false

        public init(seed: UInt64, clock: Date, language: Language, timeZone: TimeZone, qa: Bool, columns: Int = 100,
                    ads: Bool = false) {
            self.ads = ads
            self.seed = seed
            self.clock = clock
            self.language = language
            self.timeZone = timeZone
            self.qa = qa
            self.columns = columns
        }
    }

    public struct Entry: Equatable, Sendable {
        public var command: String
        public var inputs: [String]
        /// The positions in `inputs` read at a password prompt (written `<! `).
        public var secretInputs: Set<Int> = []
        public var output: String

        public init(command: String, inputs: [String] = [], output: String = "") {
            self.command = command
            self.inputs = inputs
            self.output = output
        }
    }

    public var header: Header
    public var entries: [Entry]

    public init(header: Header, entries: [Entry] = []) {
        self.header = header
        self.entries = entries
    }

    /// A transcript (or demo script) line that cannot be read; `TranscriptMessage.parse` words it.
    public struct ParseError: Error, Equatable {
        /// What is wrong on the line.
        public enum Problem: Equatable, Sendable {
            case badSeed, badClock, badLanguage, badTimeZone, badColumns
            /// Text before the first command that is not a `# header` line.
            case textBeforeCommands
            /// A demo's `< input` line before any command.
            case inputBeforeCommand
        }

        public var line: Int
        public var problem: Problem
    }

    public static func parse(_ text: String) throws(ParseError) -> Transcript {
        var header = Header(seed: 1, clock: Date(timeIntervalSince1970: 1_767_258_000), language: .en,
                            timeZone: TimeZone(identifier: "UTC")!, qa: false)
        var entries: [Entry] = []
        var outputLines: [String] = []
        func closeEntry() {
            guard !entries.isEmpty else { return }
            entries[entries.count - 1].output = normalized(outputLines.joined(separator: "\n"))
            outputLines = []
        }
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if entries.isEmpty, line.hasPrefix("#") {
                let words = line.dropFirst().split(separator: " ").map(String.init)
                guard words.count >= 2 else { continue }
                switch words[0] {
                case "seed":
                    guard let seed = UInt64(words[1]) else { throw ParseError(line: index + 1, problem: .badSeed) }
                    header.seed = seed
                case "clock":
                    guard let date = ISO8601DateFormatter().date(from: words[1]) else {
                        throw ParseError(line: index + 1, problem: .badClock)
                    }
                    header.clock = date
                case "lang":
                    guard let language = Language(parsing: words[1]) else { throw ParseError(line: index + 1, problem: .badLanguage) }
                    header.language = language
                case "tz":
                    guard let zone = TimeZone(identifier: words[1]) else { throw ParseError(line: index + 1, problem: .badTimeZone) }
                    header.timeZone = zone
                case "qa": header.qa = words[1] == "on"
                case "ads": header.ads = words[1] == "on"
                case "columns":
                    guard let columns = Int(words[1]), columns >= 20 else { throw ParseError(line: index + 1, problem: .badColumns) }
                    header.columns = columns
                default: continue
                }
            } else if line.hasPrefix("$ ") {
                closeEntry()
                entries.append(Entry(command: String(line.dropFirst(2))))
            } else if line.hasPrefix("<! "), let last = entries.indices.last, outputLines.isEmpty {
                entries[last].secretInputs.insert(entries[last].inputs.count)
                entries[last].inputs.append(String(line.dropFirst(3)))
            } else if line.hasPrefix("< "), let last = entries.indices.last, outputLines.isEmpty {
                entries[last].inputs.append(String(line.dropFirst(2)))
            } else if !entries.isEmpty {
                outputLines.append(line)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ParseError(line: index + 1, problem: .textBeforeCommands)
            }
        }
        closeEntry()
        return Transcript(header: header, entries: entries)
    }

    public var text: String {
        var lines = ["# brainy transcript", "# seed \(header.seed)",
                     "# clock \(ISO8601DateFormatter().string(from: header.clock))", "# lang \(header.language.rawValue)",
                     "# tz \(header.timeZone.identifier)", "# qa \(header.qa ? "on" : "off")", "# columns \(header.columns)"]
            + (header.ads ? ["# ads on"] : [])
        for entry in entries {
            lines.append("$ " + entry.command)
            lines += entry.inputs.indices.map { (entry.secretInputs.contains($0) ? "<! " : "< ") + entry.inputs[$0] }
            if !entry.output.isEmpty { lines.append(entry.output) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Output as compared: trailing spaces and blank lines at the end removed, timings masked.
    public static func normalized(_ output: String) -> String {
        var lines = output.components(separatedBy: "\n").map { line -> String in
            var line = line
            while line.last == " " { line.removeLast() }
            if let range = line.range(of: #"^(Time|시간): [0-9.]+ ms$"#, options: .regularExpression) {
                line.replaceSubrange(range, with: line.hasPrefix("Time") ? "Time: … ms" : "시간: … ms")
            }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: "\n")
    }
}
