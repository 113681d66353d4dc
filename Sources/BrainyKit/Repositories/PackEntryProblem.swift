/// One entry of a question pack's file that could not be read: which file, where in it (a readable path such as
/// `questions[3].category`), what was found there and, for a word from a fixed list, the words allowed.
public struct PackEntryProblem: Equatable, Sendable {
    public var file: String
    public var entry: String
    /// The reader's words about the entry (English, from the JSON decoder), shown only when nothing better is known.
    public var detail: String
    /// The words the entry may hold, when it is one of a list (a category, a type); empty otherwise.
    public var allowed: [String]

    public init(file: String, entry: String, detail: String, allowed: [String] = []) {
        self.file = file
        self.entry = entry
        self.detail = detail
        self.allowed = allowed
    }
}
