/// What one read from the user gave.
public enum LineInput: Equatable, Sendable {
    /// A line, without its newline.
    case line(String)
    /// The user cancelled the line being edited (Ctrl-C on a terminal).
    case cancelled
    /// The input ended (Ctrl-D on an empty line, or the end of a pipe or script).
    case end
}

/// Gives the candidates for the word under the cursor.
///
/// It receives the text of the line before the cursor; the word being completed is what follows the last space
/// (empty after a space). It returns whole words that start with that word (compared case-insensitively).
public typealias Completer = (_ lineBeforeCursor: String) -> [String]

/// What the line editor learns when it asks between keys (a question's time limit runs): the prompt as it should
/// read now, whether the time is up (the line ends as cancelled and the caller closes the question), and in how
/// many seconds to ask again.
public struct PromptTick: Equatable, Sendable {
    public var prompt: String
    public var timeUp: Bool
    public var nextTick: Double

    public init(prompt: String, timeUp: Bool, nextTick: Double) {
        self.prompt = prompt
        self.timeUp = timeUp
        self.nextTick = nextTick
    }
}

/// Asked by the line editor while it waits for a key; nil when nothing needs to be redrawn by time.
public typealias PromptTicker = () -> PromptTick?

/// Reads the user's lines: through libedit on a terminal, through one plain buffered reader otherwise.
public protocol LineReader: AnyObject {
    /// True when a person types at a terminal: prompts and banners are shown, errors do not end the run.
    var isInteractive: Bool { get }
    /// Reads one line, showing `prompt` on a terminal.
    func readLine(prompt: String) -> LineInput
    /// Reads one line; a live terminal asks `ticker` while it waits, redraws the prompt it gives without touching
    /// what is being typed, and ends the line as `.cancelled` when it says the time is up. Other readers ignore it.
    func readLine(prompt: String, ticker: PromptTicker?) -> LineInput
    /// Reads a secret (a password): without echo on a terminal, never entered into history.
    /// Returns nil when the input ended or the user cancelled.
    func readSecret(prompt: String) -> String?
    /// Enters an accepted line into the history kept across runs (never called for a line holding a secret).
    func remember(_ line: String)
    /// How many lines of a script or pipe were read so far (for error messages); 0 on a terminal.
    var linesConsumed: Int { get }
}

extension LineReader {
    public var linesConsumed: Int { 0 }

    public func readLine(prompt: String, ticker: PromptTicker?) -> LineInput {
        readLine(prompt: prompt)
    }
}
