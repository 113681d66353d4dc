import BrainyKit
import BrainyShell
import Foundation

/// A script's lines read at a person's pace: the shell's manual clock moves `secondsPerLine` before each line, so that
/// an answer takes that long after its question was shown.
final class PacedLineReader: LineReader {
    private let inner: PlainLineReader
    private let clock: ManualClock
    private let secondsPerLine: TimeInterval

    init(_ inner: PlainLineReader, clock: ManualClock, secondsPerLine: TimeInterval) {
        self.inner = inner
        self.clock = clock
        self.secondsPerLine = secondsPerLine
    }

    var isInteractive: Bool { inner.isInteractive }
    var linesConsumed: Int { inner.linesConsumed }

    func readLine(prompt: String) -> LineInput {
        clock.advance(by: secondsPerLine)
        return inner.readLine(prompt: prompt)
    }

    func readSecret(prompt: String) -> String? { inner.readSecret(prompt: prompt) }
    func remember(_ line: String) { inner.remember(line) }
}
