import BrainyKit
import Foundation

/// A quiz id as typed: the first characters (four or more) of a UUID.
enum QuizIdPattern {
    static func looksLikeId(_ word: String) -> Bool {
        word.count >= 4 && word.allSatisfy { $0.isHexDigit || $0 == "-" }
    }
}

/// Reads the filters of `history`: a category, a type, from=/to= dates, `today`, `week`, a count or `all`.
enum HistoryFilterParser {
    private static let everything = ["all", "전체"]
    private static let fromPrefixes = ["from=", "since="]
    private static let toPrefixes = ["to=", "until="]
    private static var typeNames: [String] { QuizType.allCases.map(\.rawValue) }

    /// The words completion offers (quiz ids come from the database).
    static var typedNames: [String] {
        QuizCategory.typedNames + typeNames + [everything[0], fromPrefixes[0], toPrefixes[0]]
    }

    /// What a word may be, for a refusal.
    private static var expected: [String] {
        [QuizCategory.allCases.map(\.name.ko).joined(separator: "|"), typeNames.joined(separator: "|"),
         fromPrefixes[0] + "YYYY-MM-DD", toPrefixes[0] + "YYYY-MM-DD", "N", everything[0], "<id>"]
    }

    static func parse(_ words: [String], timeZone: TimeZone) throws -> HistoryFilter {
        var filter = HistoryFilter()
        for word in words {
            let lower = word.lowercased()
            if let category = QuizCategory(parsing: lower) {
                filter.category = category
            } else if let type = QuizType(parsing: lower) {
                filter.type = type
            } else if everything.contains(lower) {
                filter.limit = Int.max
            } else if let count = Int(lower), count > 0 {
                filter.limit = count
            } else if fromPrefixes.contains(where: lower.hasPrefix) {
                filter.from = try date(String(lower.drop(while: { $0 != "=" }).dropFirst()), timeZone, word)
            } else if toPrefixes.contains(where: lower.hasPrefix) {
                // Inclusive: up to the end of that day (a calendar day, which is not always 24 hours).
                let day = try date(String(lower.drop(while: { $0 != "=" }).dropFirst()), timeZone, word)
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                filter.until = calendar.date(byAdding: .day, value: 1, to: day) ?? day + 86_400
            } else {
                throw ShellError.invalidArgument(command: CommandName.history.rawValue, value: word, expected: expected)
            }
        }
        if let from = filter.from, let until = filter.until, until <= from {
            throw ShellError.invalidArgument(command: CommandName.history.rawValue, value: words.joined(separator: " "),
                                              expected: ["from=YYYY-MM-DD before to=YYYY-MM-DD"])
        }
        return filter
    }

    private static func date(_ text: String, _ timeZone: TimeZone, _ word: String) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        guard let date = formatter.date(from: text) else {
            throw ShellError.invalidArgument(command: CommandName.history.rawValue, value: word,
                                              expected: [fromPrefixes[0] + "YYYY-MM-DD", toPrefixes[0] + "YYYY-MM-DD"])
        }
        return date
    }
}
