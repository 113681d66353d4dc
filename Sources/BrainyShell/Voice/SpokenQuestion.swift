import BrainyKit

/// What is read aloud for a question: its number, its text and, for a quiz with options, each option with its
/// label (in the player's language).
enum SpokenQuestion {
    static func text(of play: QuizPlay, in language: Language) -> String {
        guard let question = play.current else { return "" }
        var parts = [Localized(ko: "\(play.index + 1)번 문제.", en: "Question \(play.index + 1).")[language],
                     question.text(in: language).text]
        if play.quiz.type.hasOptions {
            let labels = play.optionLabels
            for (position, option) in play.shownOptions(in: language).enumerated() where !play.removedPositions.contains(position) {
                let label = play.usesLetterLabels ? labels[position] : NumberWords.word(position + 1, language)
                parts.append("\(label), \(option).")
            }
        }
        return parts.joined(separator: " ")
    }
}

/// Option numbers as they are said and heard: one to four.
enum NumberWords {
    static let english = ["one", "two", "three", "four", "five", "six"]

    static func word(_ number: Int, _ language: Language) -> String {
        language == .ko ? "\(number)번" : (number >= 1 && number <= english.count ? english[number - 1] : String(number))
    }

    /// The number a heard word names ("three" → 3, "for" → 4, "삼번" → 3), if any.
    static func number(_ word: String) -> Int? {
        if let index = english.firstIndex(of: word) { return index + 1 }
        if let number = ["won": 1, "to": 2, "too": 2, "tree": 3, "for": 4, "fore": 4][word] { return number }
        // Korean, as another recognizer writes it: 일/하나/1번/첫 번째…
        var korean = word
        for suffix in ["번째", "번"] where korean.hasSuffix(suffix) { korean = String(korean.dropLast(suffix.count)) }
        if let digits = Int(korean), (1...english.count).contains(digits), korean != word { return digits }
        let koreanNumbers: [String: Int] = ["일": 1, "하나": 1, "한": 1, "첫": 1, "이": 2, "둘": 2, "두": 2, "삼": 3,
                                            "셋": 3, "세": 3, "사": 4, "넷": 4, "네": 4]
        return korean != word || ["하나", "둘", "셋", "넷"].contains(korean) ? koreanNumbers[korean] : nil
    }
}
