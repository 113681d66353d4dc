import Foundation

/// Reads lines without a terminal: from a pipe through one buffer (passwords included, so nothing is lost between
/// readers), or from a list of lines (`-c` and `-f`). No prompt is shown.
public final class PlainLineReader: LineReader {
    private var pending: [String]?
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var atEnd = false
    public private(set) var linesConsumed = 0

    /// Reads standard input (or another descriptor).
    public init(fileDescriptor: Int32 = 0) {
        self.fileDescriptor = fileDescriptor
        self.pending = nil
    }

    /// Reads the given lines, then ends.
    public init(lines: [String]) {
        self.fileDescriptor = -1
        self.pending = lines
    }

    public var isInteractive: Bool { false }

    public func readLine(prompt: String) -> LineInput {
        let input = nextLine()
        if case .line = input { linesConsumed += 1 }
        return input
    }

    private func nextLine() -> LineInput {
        if pending != nil {
            guard let line = pending?.first else { return .end }
            pending?.removeFirst()
            return .line(line)
        }
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var lineBytes = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if lineBytes.last == UInt8(ascii: "\r") { lineBytes.removeLast() }
                return .line(String(decoding: lineBytes, as: UTF8.self))
            }
            if atEnd {
                guard !buffer.isEmpty else { return .end }
                defer { buffer.removeAll() }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { Platform.read(.input, into: $0) }
            if count == 0 { atEnd = true } else { buffer += chunk[..<count] }
        }
    }

    public func readSecret(prompt: String) -> String? {
        if case let .line(text) = readLine(prompt: prompt) { return text }
        // `-c "register …"` on a terminal: the password is asked there, without echo.
        if pending != nil, Platform.isTerminal(.input) { return SecretInput.read(prompt: prompt) }
        return nil
    }

    public func remember(_ line: String) {}
}
