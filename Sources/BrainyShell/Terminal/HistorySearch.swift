
/// A backwards incremental search of the history, as Ctrl-R does in bash: each key narrows or moves the match.
struct HistorySearch {
    let originalLine: String
    /// Newest first.
    let entries: [String]
    private(set) var query = ""
    private(set) var matchIndex: Int?
    private(set) var failed = false

    init(originalLine: String, entries: [String]) {
        self.originalLine = originalLine
        self.entries = entries
    }

    /// What the line shows: the match, or the line as it was before anything matched.
    var line: String { matchIndex.map { entries[$0] } ?? originalLine }

    var prompt: String {
        failed ? "(failed reverse-i-search)`\(query)': " : "(reverse-i-search)`\(query)': "
    }

    /// Where the cursor goes: at the start of the matched text, counted in characters from the end of the line.
    var charactersAfterMatchStart: Int {
        guard let matchIndex, !query.isEmpty,
              let range = entries[matchIndex].range(of: query, options: .caseInsensitive)
        else { return 0 }
        return entries[matchIndex][range.lowerBound...].unicodeScalars.count
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        query.unicodeScalars.append(scalar)
        find(from: matchIndex ?? 0, skipping: nil)
    }

    mutating func deleteLastCharacter() {
        guard !query.isEmpty else { return }
        query.unicodeScalars.removeLast()
        matchIndex = nil
        if query.isEmpty {
            failed = false
        } else {
            find(from: 0, skipping: nil)
        }
    }

    /// The next older line holding the query (other than the one shown).
    mutating func findOlder() {
        guard !query.isEmpty else { return }
        find(from: (matchIndex ?? -1) + 1, skipping: matchIndex.map { entries[$0] })
    }

    private mutating func find(from start: Int, skipping shown: String?) {
        let found = entries.indices.dropFirst(start).first { index in
            entries[index] != shown && entries[index].range(of: query, options: .caseInsensitive) != nil
        }
        failed = found == nil
        if let found { matchIndex = found }
    }
}
