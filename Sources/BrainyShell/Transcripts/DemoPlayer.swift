import BrainyKit
import Foundation

/// A demo script: the header of a transcript (`# seed`, `# clock`, `# lang`, `# qa`), then one command a line;
/// `#` lines are comments and `< text` lines are what the command before them reads (a test password).
public struct DemoScript: Sendable {
    public var header: Transcript.Header
    public var steps: [Transcript.Entry]

    public static func parse(_ text: String) throws(Transcript.ParseError) -> DemoScript {
        // The header is read the transcript's way; the commands are plain lines.
        let headerText = text.components(separatedBy: "\n").prefix { $0.hasPrefix("#") || $0.isEmpty }.joined(separator: "\n")
        let header = try Transcript.parse(headerText).header
        var steps: [Transcript.Entry] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("< ") {
                guard !steps.isEmpty else { throw Transcript.ParseError(line: index + 1, problem: .inputBeforeCommand) }
                steps[steps.count - 1].inputs.append(String(line.dropFirst(2)))
            } else {
                steps.append(Transcript.Entry(command: line))
            }
        }
        return DemoScript(header: header, steps: steps)
    }
}

/// Plays a demo for an audience: each command is typed at a human pace, then runs; with `step`, Enter starts each one.
public struct DemoPlayer {
    public var pace: Double
    public var step: Bool

    public init(pace: Double, step: Bool) {
        self.pace = pace
        self.step = step
    }

    /// Runs the script to its end; the first error stops it (exit code 1).
    public func play(_ script: DemoScript, services: ShellServices, options: ShellOptions) -> Int32 {
        let reader = ScriptedLineReader()
        let console = Console(language: script.header.language, theme: .dark, colorEnabled: options.colorEnabled)
        let session = ShellSession(services: services, options: options, reader: reader, console: console)
        try? session.restoreSession()
        // The demo's clock moves as a person's time would: a result or the history then shows plausible times.
        let clock = services.clock as? ManualClock
        var timing = DemoTiming(seed: script.header.seed)
        for (index, entry) in script.steps.enumerated() {
            clock?.advance(by: timing.seconds(before: entry.command, answering: DemoTiming.answers(entry.command, in: session.flow)))
            if step { waitForEnter() } else if index > 0 { pause(pace) }
            typeOut(console.paint(session.prompt, \.muted))
            for character in entry.command {
                typeOut(String(character))
                pause(pace / 25)
            }
            typeOut("\n")
            reader.inputs = entry.inputs
            do {
                if try session.execute(entry.command) == .exit { return 0 }
            } catch {
                console.error(console.text(session.message(for: error)))
                console.error("brainy: " + console.text(Localized(ko: "데모가 \(index + 1)번째 단계에서 멈췄습니다: ",
                                                                  en: "the demo stopped at step \(index + 1): ")) + entry.command)
                return 1
            }
        }
        return 0
    }

    private func typeOut(_ text: String) {
        Platform.write(text, to: .output)
    }

    private func pause(_ seconds: Double) {
        Platform.sleep(seconds: seconds)
    }

    private func waitForEnter() {
        while let byte = Platform.readByte(), byte != UInt8(ascii: "\n") {}
    }
}

/// `1.5s`, `800ms` or a number of seconds, from 0 to `longest`.
public enum PaceText {
    /// The longest pause between a demo's commands: past it, a pause is no pace (and 1e300 or inf seconds cannot be
    /// slept: converting them to whole nanoseconds stopped the shell with SIGILL).
    public static let longest = 60.0

    /// The seconds `text` says; nil for anything else, or outside 0 to `longest`.
    public static func seconds(_ text: String) -> Double? {
        let value: Double?
        if text.hasSuffix("ms"), let milliseconds = Double(text.dropLast(2)) {
            value = milliseconds / 1000
        } else if text.hasSuffix("s") {
            value = Double(text.dropLast())
        } else {
            value = Double(text)
        }
        guard let value, (0...longest).contains(value) else { return nil }
        return value
    }
}
