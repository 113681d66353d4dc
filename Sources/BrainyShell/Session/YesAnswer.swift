import Foundation

/// A yes to a `[Y/n]` question, in Korean or English; an empty line is the default, yes.
enum YesAnswer {
    static let words: Set<String> = ["", "y", "yes", "예", "네", "응", "ㅇ"]

    static func isYes(_ text: String) -> Bool {
        words.contains(text.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
