import BrainyKit

/// What can be said in answer to a question, as a grammar for the recognizer: for a question with options, their
/// numbers (or letters) and their texts; otherwise the answer and its accepted alternatives. A heard phrase is turned
/// back into what the player would have typed.
struct AnswerGrammar: Equatable {
    /// Each phrase that can be heard, as words, with the answer it stands for.
    let phrases: [(words: [String], answer: String)]

    static func == (lhs: AnswerGrammar, rhs: AnswerGrammar) -> Bool {
        lhs.phrases.map(\.words) == rhs.phrases.map(\.words) && lhs.phrases.map(\.answer) == rhs.phrases.map(\.answer)
    }

    init(for play: QuizPlay, language: Language) {
        var phrases: [(words: [String], answer: String)] = []
        guard let question = play.current else { self.phrases = []; return }
        if play.quiz.type.hasOptions {
            let labels = play.optionLabels
            for (position, option) in play.shownOptions(in: language).enumerated() {
                let label = labels[position]
                if play.usesLetterLabels {
                    phrases.append(([label.lowercased()], label))
                } else {
                    phrases.append(([NumberWords.english[position]], label))
                }
                let words = Self.words(option)
                if !words.isEmpty { phrases.append((words, label)) }
            }
        } else {
            // The answer and its alternatives, and what else may be said: the question's other options and a few
            // everyday words, so that a wrong answer is heard as wrong instead of forced onto the right one.
            let text = question.text(in: language)
            for form in [text.answer] + text.alternatives + text.options + Self.catchAll {
                let words = Self.words(form)
                if !words.isEmpty, !phrases.contains(where: { $0.words == words }) { phrases.append((words, form)) }
            }
        }
        self.phrases = phrases
    }

    /// Said when the answer is not known, or half-said: heard as themselves, graded wrong.
    static let catchAll = ["I don't know", "no idea", "pass", "yes", "no", "maybe", "what", "the", "a", "one", "two",
                           "three", "four"]

    /// Lower-case words of letters and digits ("Brasília" → ["brasília"], "Rio de Janeiro" → three words).
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
    }

    var words: Set<String> { Set(phrases.flatMap(\.words)) }

    /// The grammar in JSGF, keeping only the phrases all of whose words the recognizer knows.
    func jsgf(keeping known: Set<String>) -> String {
        let kept = phrases.filter { $0.words.allSatisfy(known.contains) }.map { $0.words.joined(separator: " ") }
        let alternatives = Array(Set(kept)).sorted().joined(separator: " | ")
        return "#JSGF V1.0;\ngrammar answer;\npublic <answer> = \(alternatives.isEmpty ? "<NULL>" : alternatives);\n"
    }

    /// What the player would have typed for what was heard: an option's label, or the answer's words; nil when
    /// nothing was heard.
    func answer(for heard: String) -> String? {
        let words = Self.words(heard)
        guard !words.isEmpty else { return nil }
        if let phrase = phrases.first(where: { $0.words == words }) { return phrase.answer }
        if words.count == 1, let number = NumberWords.number(words[0]) { return String(number) }
        return words.joined(separator: " ")
    }
}
