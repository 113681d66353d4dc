/// One entry of a question pack's file (or its manifest) that could not be read: which file, where in it (a readable
/// path such as `questions[3].category`, empty for the whole file) and what is wrong there.
public struct PackEntryProblem: Equatable, Sendable {
    /// What is wrong with the entry, in terms the shell words in Korean and English (never the decoder's own text).
    public enum Kind: Equatable, Sendable {
        /// A word from a fixed list (a category, a difficulty) that is not in it; `found`: the pack's value, if it
        /// was a string.
        case notInList(allowed: [String], found: String?)
        /// The entry is absent (or null).
        case missing
        /// The entry holds another kind of value than the one expected.
        case wrongType(expected: ValueShape)
        /// The entry's value could not be read for another reason.
        case unreadable
        /// The file is not JSON; `position` is where the reader stopped, when it said.
        case notJSON(position: TextPosition?)
        /// The file could not be read at all (absent, a folder, no permission).
        case cannotRead
    }

    /// The kind of JSON value an entry must hold.
    public enum ValueShape: Equatable, Sendable {
        case text, number, truthValue, list, object
    }

    /// A place in a text file, counted from 1.
    public struct TextPosition: Equatable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var file: String
    public var entry: String
    public var kind: Kind

    public init(file: String, entry: String = "", kind: Kind) {
        self.file = file
        self.entry = entry
        self.kind = kind
    }
}
