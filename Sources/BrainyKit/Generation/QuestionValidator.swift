import Foundation

/// Checks a question before it is offered: generated ones (AI mode) and, as well, any pack's.
public enum QuestionValidator {
    /// What is wrong with a question, in plain English (empty when valid): four distinct options in each language,
    /// the answer among them at the same place in both, both languages present (Korean text in Hangul, English text
    /// without), every alternative accepted by the grader, no other option accepted by the grader, an explanation in
    /// both languages, the text ending in a question mark, an id without spaces; every field within its length
    /// (`Limits`) and free of control and bidirectional characters (a line break allowed in an explanation only).
    public static func problems(_ question: Question) -> [String] {
        var problems: [String] = []
        if question.id.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("The id is empty.")
        } else if question.id.contains(where: \.isWhitespace) {
            problems.append("The id '\(question.id)' contains white space.")
        } else if question.id.count > Limits.id {
            problems.append("The id is longer than \(Limits.id) characters.")
        }
        for language in Language.allCases {
            problems += self.problems(question.text(in: language), language: language, question: question)
        }
        if let ko = question.ko.answerIndex, let en = question.en.answerIndex, ko != en {
            problems.append("The answer is option \(ko + 1) in Korean but option \(en + 1) in English.")
        }
        return problems
    }

    /// The longest each field may be, in characters: a few times the longest of the bundled bank (text 161,
    /// explanation 174, answer and option 39, 7 alternatives), so that no real question is refused while a model's
    /// 100 KB string is.
    public enum Limits {
        public static let id = 64
        public static let text = 400
        public static let answer = 100
        public static let explanation = 600
        public static let alternatives = 12
    }

    /// The text used to tell duplicates: normalized (AnswerNormalizer) question text.
    public static func normalizedText(_ text: String) -> String {
        AnswerNormalizer.normalize(text)
    }

    private static func problems(_ text: Question.Text, language: Language, question: Question) -> [String] {
        let name = language == .ko ? "Korean" : "English"
        var problems: [String] = []
        let body = text.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.isEmpty {
            problems.append("The \(name) text is missing.")
        } else {
            if !body.hasSuffix("?") { problems.append("The \(name) text does not end with a question mark.") }
            if language == .ko, !containsHangul(body) { problems.append("The Korean text holds no Hangul.") }
            if language == .en, containsHangul(body) { problems.append("The English text holds Hangul.") }
        }
        if AnswerNormalizer.normalize(text.answer).isEmpty { problems.append("The \(name) answer is missing.") }
        if text.explanation.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("The \(name) explanation is missing.")
        }
        problems += lengthProblems(text, name: name)
        if text.options.count != 4 {
            problems.append("The \(name) options number \(text.options.count), not 4.")
        }
        var seen: [String: String] = [:]
        for option in text.options {
            let key = AnswerNormalizer.normalize(option)
            if key.isEmpty {
                problems.append("The \(name) option '\(option)' is empty once normalized.")
            } else if let earlier = seen[key] {
                problems.append("The \(name) options '\(earlier)' and '\(option)' are the same once normalized.")
            } else {
                seen[key] = option
            }
        }
        if !text.answer.isEmpty, !text.options.contains(text.answer) {
            problems.append("The \(name) answer '\(text.answer)' is not among the options.")
        }
        for alternative in text.alternatives where !AnswerGrader.isCorrect(alternative, for: question) {
            problems.append("The \(name) alternative '\(alternative)' is not accepted by the grader.")
        }
        for option in text.options where option != text.answer && AnswerGrader.isCorrect(option, for: question) {
            problems.append("The \(name) option '\(option)' is not the answer but the grader accepts it.")
        }
        return problems
    }

    private static func lengthProblems(_ text: Question.Text, name: String) -> [String] {
        var problems: [String] = []
        let fields = [("text", text.text, Limits.text), ("answer", text.answer, Limits.answer),
                      ("explanation", text.explanation, Limits.explanation)]
            + text.options.map { ("option", $0, Limits.answer) } + text.alternatives.map { ("alternative", $0, Limits.answer) }
        for (field, value, limit) in fields {
            if value.count > limit { problems.append("A \(name) \(field) is longer than \(limit) characters.") }
            if value.unicodeScalars.contains(where: { isHidden($0, lineBreakAllowed: field == "explanation") }) {
                problems.append("A \(name) \(field) holds a control or bidirectional character.")
            }
        }
        if text.alternatives.count > Limits.alternatives {
            problems.append("The \(name) alternatives number \(text.alternatives.count), more than \(Limits.alternatives).")
        }
        return problems
    }

    /// A control character (C0, DEL, C1) or one that reorders or hides text (bidirectional controls, zero-width
    /// spaces, the soft hyphen, the byte-order mark).
    private static func isHidden(_ scalar: Unicode.Scalar, lineBreakAllowed: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !lineBreakAllowed
        case 0..<0x20, 0x7F...0x9F, 0xAD, 0x61C, 0x200B, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2060,
             0x2066...0x2069, 0xFEFF, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func containsHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value)
            || (0x3130...0x318F).contains($0.value) }
    }
}
