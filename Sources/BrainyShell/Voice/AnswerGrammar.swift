import BrainyKit

/// What can be said in answer to a question, as a grammar for the recognizer: for a question with options, their
/// numbers (or letters) and their texts; otherwise the answer and its accepted alternatives. A heard phrase is turned
/// back into what the player would have typed.
struct AnswerGrammar: Equatable {
    /// Each phrase that can be heard, as words, with the answer it stands for.
    let phrases: [(words: [String], answer: String)]
    /// Only the phrases are answers (a quiz with options): anything else heard is no answer at all.
    let closed: Bool
    /// Each phrase's text as written, keyed by its token (`"23_5"` → "23.5°"): a phrase with a word the CMU dictionary
    /// lacks is pronounced whole by eSpeak NG from this text, digits and signs included, as it is said.
    private(set) var texts: [String: String] = [:]

    static func == (lhs: AnswerGrammar, rhs: AnswerGrammar) -> Bool {
        lhs.phrases.map(\.words) == rhs.phrases.map(\.words) && lhs.phrases.map(\.answer) == rhs.phrases.map(\.answer)
            && lhs.closed == rhs.closed
    }

    init(for play: QuizPlay, language: Language) {
        var phrases: [(words: [String], answer: String)] = []
        closed = play.quiz.type.hasOptions
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
                if !words.isEmpty {
                    phrases.append((words, label))
                    texts[Self.token(words)] = option
                }
            }
        } else {
            // The answer and its alternatives, and what else may be said: the question's other options and a few
            // everyday words, so that a wrong answer is heard as wrong instead of forced onto the right one.
            let text = question.text(in: language)
            for form in [text.answer] + text.alternatives + text.options + Self.catchAll {
                let words = Self.words(form)
                if !words.isEmpty, !phrases.contains(where: { $0.words == words }) {
                    phrases.append((words, form))
                    texts[Self.token(words)] = form
                }
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

    /// A phrase as one recognizer word ("23_5", "na_hong_jin"): `words` splits it back at "_".
    static func token(_ words: [String]) -> String { words.joined(separator: "_") }

    /// The grammar in JSGF, keeping only the phrases all of whose words the recognizer knows.
    func jsgf(keeping known: Set<String>) -> String {
        let alternatives = kept(known).map { $0.joined(separator: " ") }.joined(separator: " | ")
        return "#JSGF V1.0;\ngrammar answer;\npublic <answer> = \(alternatives.isEmpty ? "<NULL>" : alternatives);\n"
    }

    /// The distinct phrases the recognizer can say, in a stable order: a phrase pronounced whole (its token known) as
    /// that one word, else a phrase all of whose words it knows.
    private func kept(_ known: Set<String>) -> [[String]] {
        let said = phrases.map(\.words).compactMap { words -> [String]? in
            if words.count > 0, known.contains(Self.token(words)) { return [Self.token(words)] }
            return words.allSatisfy(known.contains) ? words : nil
        }
        return Array(Set(said)).sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    /// The garbage loop's words: one a phone, spelt so that no word of a phrase can be one (`words` splits at "_").
    static let garbage = GarbagePhones.all.map { ("g_" + $0.lowercased(), $0) }

    /// The grammar as a PocketSphinx finite-state grammar: the phrases (kept as for `jsgf`), and beside them a loop of
    /// single phones that anything else said falls into. What is not an answer (another word, a sentence, noise) is
    /// heard as that loop rather than forced onto the nearest phrase. `entry` is the loop's cost to enter, `phone` the
    /// cost of each phone in it: measured with scripts/voice_rejection.py (docs/voice.md).
    func fsg(keeping known: Set<String>, entry: Double = GarbagePhones.entry, phone: Double = GarbagePhones.phone) -> String {
        let kept = kept(known)
        var lines: [String] = []
        var states = 2  // 0 starts, 1 ends
        for words in kept {
            var from = 0
            for (position, word) in words.enumerated() {
                let to = position == words.count - 1 ? 1 : states
                if to == states { states += 1 }
                let probability = position == 0 ? 1.0 / Double(kept.count) : 1.0
                lines.append("TRANSITION \(from) \(to) \(probability) \(word)")
                from = to
            }
        }
        let loop = states
        states += 1
        for (word, _) in Self.garbage {
            lines.append("TRANSITION 0 \(loop) \(entry * phone) \(word)")
            lines.append("TRANSITION \(loop) \(loop) \(phone) \(word)")
        }
        lines.append("TRANSITION \(loop) 1 1.0")
        return "FSG_BEGIN answer\nNUM_STATES \(states)\nSTART_STATE 0\nFINAL_STATE 1\n" + lines.joined(separator: "\n")
            + "\nFSG_END\n"
    }

    /// What the player would have typed for what was heard: an option's label, or the answer's words; nil when
    /// nothing was heard, or, for a quiz with options, when what was heard is none of them.
    func answer(for heard: String) -> String? {
        let words = Self.words(heard)
        guard !words.isEmpty else { return nil }
        if let phrase = phrases.first(where: { $0.words == words }) { return phrase.answer }
        if words.count == 1, let number = NumberWords.number(words[0]),
           !closed || phrases.contains(where: { $0.answer == String(number) }) {
            return String(number)
        }
        return closed ? nil : words.joined(separator: " ")
    }
}

/// The phones of the recognizer's US English model, as the garbage loop's words, and the loop's costs.
enum GarbagePhones {
    static let all = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH",
                      "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V",
                      "W", "Y", "Z", "ZH"]
    /// Entering the loop costs as much as this probability … (a tenth of the 5·10⁻⁵ it was: fewer spoken options fall into
    /// the loop, and the free phones' confidence refuses what is none of them; docs/voice.md)
    static let entry = 5e-6
    /// … and each phone in it this much.
    static let phone = 0.1
}
