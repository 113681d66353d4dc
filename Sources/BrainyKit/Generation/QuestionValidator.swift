import Foundation

/// Checks a question before it is offered: generated ones (AI mode) and, as well, any pack's.
public enum QuestionValidator {
    /// What is wrong with a question, in plain English (empty when valid): four distinct options in each language,
    /// the answer among them at the same place in both, both languages present (Korean text in Hangul, English text
    /// without), every alternative accepted by the grader, no other option accepted by the grader, an explanation in
    /// both languages, the text ending in a question mark, an id without spaces.
    public static func problems(_ question: Question) -> [String] {
        var problems: [String] = []
        if question.id.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("The id is empty.")
        } else if question.id.contains(where: \.isWhitespace) {
            problems.append("The id '\(question.id)' contains white space.")
        }
        for language in Language.allCases {
            problems += self.problems(question.text(in: language), language: language, question: question)
        }
        if let ko = question.ko.answerIndex, let en = question.en.answerIndex, ko != en {
            problems.append("The answer is option \(ko + 1) in Korean but option \(en + 1) in English.")
        }
        return problems
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

    private static func containsHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value)
            || (0x3130...0x318F).contains($0.value) }
    }
}
