import BrainyKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
                guard !steps.isEmpty else { throw Transcript.ParseError(line: index + 1, message: "an input before any command") }
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
    public func play(_ script: DemoScript, deps: ShellDependencies) -> Int32 {
        let reader = ScriptedLineReader()
        let console = Console(language: script.header.language, theme: .dark, colorEnabled: deps.colorEnabled)
        let session = ShellSession(deps: deps, reader: reader, console: console)
        try? session.restoreSession()
        for (index, entry) in script.steps.enumerated() {
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
                console.error(error.message[console.language])
                console.error("brainy: " + console.text(Localized(ko: "데모가 \(index + 1)번째 단계에서 멈췄습니다: ",
                                                                  en: "the demo stopped at step \(index + 1): ")) + entry.command)
                return 1
            }
        }
        return 0
    }

    private func typeOut(_ text: String) {
        var text = text
        text.withUTF8 { buffer in _ = Glibc.write(1, buffer.baseAddress, buffer.count) }
    }

    private func pause(_ seconds: Double) {
        guard seconds > 0 else { return }
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        nanosleep(&time, nil)
    }

    private func waitForEnter() {
        var byte: UInt8 = 0
        while Glibc.read(0, &byte, 1) == 1, byte != UInt8(ascii: "\n") {}
    }
}

/// `1.5s`, `800ms` or a number of seconds.
public enum PaceText {
    public static func seconds(_ text: String) -> Double? {
        if text.hasSuffix("ms"), let value = Double(text.dropLast(2)) { return value / 1000 }
        if text.hasSuffix("s"), let value = Double(text.dropLast()) { return value }
        return Double(text)
    }
}
