import Foundation

/// Decides whether a typed answer is right.
public enum AnswerGrader {
    /// Answers at least this long (in characters, after normalising) and holding no digit forgive one typo.
    public static let typoToleranceMinimumLength = 5

    /// Short answer: right when the typed text matches the answer or an accepted alternative after normalising, or
    /// is one typo away from a long enough one without digits.
    public static func isCorrect(_ typed: String, acceptedForms: [String]) -> Bool {
        let given = Array(AnswerNormalizer.normalize(typed))
        guard !given.isEmpty else { return false }
        for form in acceptedForms {
            let expected = Array(AnswerNormalizer.normalize(form))
            if expected.isEmpty { continue }
            if given == expected { return true }
            if expected.count >= typoToleranceMinimumLength,
               !expected.contains(where: \.isNumber),
               isOneEditApart(given, expected) {
                return true
            }
        }
        return false
    }

    /// Short answer against a question: the forms of both languages count.
    public static func isCorrect(_ typed: String, for question: Question) -> Bool {
        isCorrect(typed, acceptedForms: question.acceptedForms)
    }

    /// Grades an answer again from its words alone, without the quiz's option order (the server's check of an
    /// upload): with options, an answer that is one of the options (in either language) is right only when it is the
    /// answer; any other answer is right when the grader takes it as the answer typed, as the shell does.
    public static func isCorrect(_ answer: String, for question: Question, withOptions: Bool) -> Bool {
        if withOptions {
            let normalized = AnswerNormalizer.normalize(answer)
            for text in [question.en, question.ko] {
                if let index = text.options.firstIndex(where: { AnswerNormalizer.normalize($0) == normalized }) {
                    return index == text.answerIndex
                }
            }
        }
        return isCorrect(answer, for: question)
    }

    /// True when `a` becomes `b` by one insertion, deletion or substitution (or they are equal).
    static func isOneEditApart(_ a: [Character], _ b: [Character]) -> Bool {
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if i == a.count && i == b.count { return true }
        let aRest = a[min(i + 1, a.count)...]
        let bRest = b[min(i + 1, b.count)...]
        return aRest.elementsEqual(bRest) || a[i...].elementsEqual(bRest) || aRest.elementsEqual(b[i...])
    }
}

/// Resolves what a player typed for a multiple-choice question to the option shown at that place.
public enum OptionPicker {
    public enum Pick: Equatable, Sendable {
        /// The shown position (from 0).
        case position(Int)
        case outOfRange(Int)
        case noMatch
    }

    /// `typed` is an option number (1-based, as shown) or an option's text; `shown` are the options as displayed.
    /// With `letters`, options are labelled A–D (see `OptionLabels`).
    public static func pick(_ typed: String, shown: [String], letters: Bool = false) -> Pick {
        // Full-width digits and "2 번" read as numbers too.
        let compact = typed.precomposedStringWithCompatibilityMapping.filter { !$0.isWhitespace }
        if letters {
            // Options that are numbers are labelled A–D: a letter picks one, a number is an option's text.
            let letter = compact.uppercased()
            if letter.count == 1, let index = OptionLabels.letters.firstIndex(of: letter), index < shown.count {
                return .position(index)
            }
            let normalized = AnswerNormalizer.normalize(typed)
            if let index = shown.firstIndex(where: { AnswerNormalizer.normalize($0) == normalized }) { return .position(index) }
            return .noMatch
        }
        let digits = compact.hasSuffix("번") ? String(compact.dropLast()) : compact
        let normalized = AnswerNormalizer.normalize(typed)
        if let number = Int(digits) {
            if shown.indices.contains(number - 1) { return .position(number - 1) }
            // A year typed in full picks the option that says it.
            if let index = shown.firstIndex(where: { AnswerNormalizer.normalize($0) == normalized }) {
                return .position(index)
            }
            return .outOfRange(number)
        }
        if let index = shown.firstIndex(where: { AnswerNormalizer.normalize($0) == normalized }) {
            return .position(index)
        }
        return .noMatch
    }
}

/// How options are labelled on screen: 1–4, or A–D when the options themselves are numbers (so that "3" always means
/// the option that says 3).
public enum OptionLabels {
    static let letters = ["A", "B", "C", "D", "E", "F", "G", "H"]

    /// True when, in any of the languages shown, an option is a number or every option starts with one (1945년,
    /// 100도, 4개): a typed number then means an option's text, never its place.
    public static func usesLetters(_ optionSets: [[String]]) -> Bool {
        optionSets.contains { options in
            options.contains { Int(AnswerNormalizer.normalize($0)) != nil }
                || (!options.isEmpty && options.allSatisfy { AnswerNormalizer.normalize($0).first?.isNumber == true })
        }
    }

    public static func labels(count: Int, letters useLetters: Bool) -> [String] {
        useLetters ? Array(letters.prefix(count)) : (0..<count).map { String($0 + 1) }
    }
}
