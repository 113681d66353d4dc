import Foundation

/// A question template of AI mode: from the knowledge base it makes one draft per entity it can ask about; a draft
/// becomes a question once three of its distractors are drawn and the four options shuffled.
///
/// The templates, their categories and difficulties (the rule is per template; see each file for the wording):
///
/// | id | category | difficulty | asks |
/// | --- | --- | --- | --- |
/// | `capital` | country | easy | the capital of a country |
/// | `capital-country` | country | medium | the country of a capital |
/// | `continent` | country | easy | the continent of a country |
/// | `currency` | general | medium | the currency of a country |
/// | `language` | general | medium | the official language of a country |
/// | `known-for` | person | easy | who is known for a work or achievement |
/// | `nationality` | person | medium | the country a person is from |
/// | `birth-year` | person | hard | the year a person was born |
/// | `song-artist` | music | easy (classical works: medium) | who sang or composed a song or work |
/// | `song-year` | music | hard | the year a song was released (a work premiered, published, composed) |
/// | `drama-network` | drama | medium | the network or platform that first aired a drama |
/// | `drama-cast` | drama | hard | a lead actor of a drama |
/// | `drama-year` | drama | hard | the year a drama was first aired |
struct QuestionTemplate: Sendable {
    let id: String
    let category: QuizCategory
    let drafts: @Sendable (KnowledgeBase) -> [QuestionDraft]

    /// Every template, in the order `QuestionGenerator.all` lists their questions.
    static let all: [QuestionTemplate] = CountryTemplates.all + GeneralTemplates.all + PersonTemplates.all
        + MusicTemplates.all + DramaTemplates.all

    static func templates(for category: QuizCategory) -> [QuestionTemplate] {
        all.filter { $0.category == category }
    }
}

/// One option of a question in both languages, with the other forms a short answer accepts when it is the answer.
struct Choice: Sendable, Equatable {
    var ko: String
    var en: String
    var alternatives: KnowledgeBase.Alternatives

    init(ko: String, en: String, alternatives: KnowledgeBase.Alternatives = KnowledgeBase.Alternatives()) {
        self.ko = ko
        self.en = en
        self.alternatives = alternatives
    }

    init(_ named: KnowledgeBase.Named) {
        self.init(ko: named.ko, en: named.en, alternatives: named.alternatives)
    }

    /// A year: `1756년` in Korean, `1756` in English, each accepting the other.
    static func year(_ year: Int) -> Choice {
        Choice(ko: "\(year)년", en: "\(year)")
    }

    /// Every form in both languages.
    var forms: [String] { [ko, en] + alternatives.ko + alternatives.en }
}

/// A question before its distractors are drawn: everything that depends only on the knowledge base.
struct QuestionDraft: Sendable {
    var template: String
    var entity: String
    var category: QuizCategory
    var difficulty: Difficulty
    var text: Localized
    var answer: Choice
    /// Valid distractors (checked against the answer with the grader, distinct in both languages), closest first.
    var distractors: [Choice]
    /// How many of the closest distractors the draw picks three from.
    var pool: Int
    var explanation: Localized
    /// The accepted forms other than the answer, in each language (the other language's forms after its own).
    var koAlternatives: [String]
    var enAlternatives: [String]

    var id: String { "ai-\(template)-\(entity)" }
    var provenance: String { "kb:\(template):\(entity)" }

    /// A draft, or nil when fewer than three valid distractors remain among `candidates` (ranked closest first).
    /// A candidate is dropped when, in either language, it normalises to the answer or an earlier candidate, or the
    /// grader would accept it (or its other-language form) as the answer.
    init?(knowledge: KnowledgeBase, template: String, entity: String, category: QuizCategory, difficulty: Difficulty,
          text: Localized, answer: Choice, candidates: [Choice], pool: Int = .max, explanation: Localized) {
        let accepted = Acceptance(answer.forms.map(knowledge.normalized))
        var seenKo: Set<String> = [knowledge.normalized(answer.ko)]
        var seenEn: Set<String> = [knowledge.normalized(answer.en)]
        var kept: [Choice] = []
        let wanted = max(pool, 3)
        for candidate in candidates {
            let ko = knowledge.normalized(candidate.ko)
            let en = knowledge.normalized(candidate.en)
            guard !ko.isEmpty, !en.isEmpty, !seenKo.contains(ko), !seenEn.contains(en),
                  !accepted.accepts(normalized: ko), !accepted.accepts(normalized: en)
            else { continue }
            seenKo.insert(ko)
            seenEn.insert(en)
            kept.append(candidate)
            if kept.count >= wanted { break }
        }
        guard kept.count >= 3,
              Self.namedAfterTheSubject.contains(template) || !Self.givesAway(answer, in: text, normalize: knowledge.normalized)
        else { return nil }
        self.template = template
        self.entity = entity
        self.category = category
        self.difficulty = difficulty
        self.text = text
        self.answer = answer
        self.distractors = kept
        self.pool = wanted
        self.explanation = explanation
        let ko = answer.alternatives.ko
        let en = answer.alternatives.en
        koAlternatives = Self.alternatives(leading: answer.ko, [ko, [answer.en], en], normalize: knowledge.normalized)
        enAlternatives = Self.alternatives(leading: answer.en, [en, [answer.ko], ko], normalize: knowledge.normalized)
    }

    /// Whether the question's text holds its answer, in either language (either language's form in either text, so a
    /// transliteration counts too): "Who is known for 'Hawking radiation'?" (호킹 복사), "Which country has Mexico
    /// City as its capital?", "노벨상 제정으로 잘 알려진 인물은?". A word of the answer counts when it is long
    /// enough to mean something alone: two Hangul syllables, four Latin letters; numbers never (a year in a title
    /// that tells songs apart).
    /// Templates whose answers are named after the country asked about, options and answer alike (Mexican peso, Thai
    /// baht, German; 멕시코 페소, 독일어): telling them apart is the question, so they are not held to `givesAway`.
    static let namedAfterTheSubject: Set<String> = ["currency", "language"]

    static func givesAway(_ answer: Choice, in text: Localized, normalize: (String) -> String) -> Bool {
        // Words as written, so that a word of the answer is matched against the start of a word of the text (호킹 in
        // "호킹 복사", 노벨 in "노벨상", Pasteur in "Pasteurization"), never across words ("Jae-sang" in "Who sang").
        func words(_ text: String) -> [String] {
            text.split { $0.isWhitespace || "'\"‘’“”()[],.?!:;·/".contains($0) }.map { normalize(String($0)) }
        }
        let said = words(text.ko) + words(text.en)
        // The words of the name itself (호킹 of 스티븐 호킹), and other names whole (백범, not 작가 of "작가 한강").
        let named = [answer.ko, answer.en].flatMap { $0.split(whereSeparator: \.isWhitespace) }
        for word in named + (answer.alternatives.ko + answer.alternatives.en).map { Substring($0) } {
            let letters = word.filter(\.isLetter)
            let hangul = letters.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
            guard letters.count >= (hangul ? 2 : 4) else { continue }
            let key = normalize(String(word))
            if !key.isEmpty, said.contains(where: { $0.hasPrefix(key) }) { return true }
        }
        return false
    }

    /// The question: three distractors drawn from the closest `pool`, shuffled with the answer.
    func build<G: RandomNumberGenerator>(using generator: inout G) -> GeneratedQuestion {
        let chosen = Draw.shuffled(Array(distractors.prefix(pool)), using: &generator).prefix(3)
        let options = Draw.shuffled([answer] + chosen, using: &generator)
        let ko = Question.Text(
            text: text.ko, answer: answer.ko,
            alternatives: koAlternatives,
            options: options.map(\.ko), explanation: explanation.ko
        )
        let en = Question.Text(
            text: text.en, answer: answer.en,
            alternatives: enAlternatives,
            options: options.map(\.en), explanation: explanation.en
        )
        let voice = options.allSatisfy { Self.isPlain($0.en) }
        let question = Question(id: id, category: category, difficulty: difficulty, voice: voice, ko: ko, en: en)
        return GeneratedQuestion(question: question, provenance: provenance)
    }

    /// The accepted forms other than `answer`, each once after normalising, in the order given.
    private static func alternatives(leading answer: String, _ groups: [[String]],
                                     normalize: (String) -> String) -> [String] {
        var seen: Set<String> = [normalize(answer)]
        var result: [String] = []
        for form in groups.joined() {
            let key = normalize(form)
            if key.isEmpty || seen.contains(key) { continue }
            seen.insert(key)
            result.append(form)
        }
        return result
    }

    /// The rule for `voice`: an English option is "plain" when it holds only letters (any script, accents
    /// included), digits, spaces, hyphens and apostrophes, so that it reads aloud as it is written ("Tokyo",
    /// "Port-au-Prince", "1756"); punctuation, brackets and symbols ("Washington, D.C.", "E.T.", "Berber (Tamazight)")
    /// make the question unsuitable for voice mode. A question is `voice` when all four English options are plain.
    static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " || scalar == "-"
                || scalar == "'" || scalar == "\u{2019}" || scalar.properties.generalCategory == .nonspacingMark
        }
    }
}

/// The grader's rule (`AnswerGrader.isCorrect`) with the accepted forms normalised once, for checking many
/// candidates against one answer. `QuestionValidator` checks every question with the grader itself.
struct Acceptance {
    private let forms: [[Character]]

    /// `forms` already normalised.
    init(_ forms: [String]) {
        self.forms = forms.map { Array($0) }.filter { !$0.isEmpty }
    }

    /// Whether the grader accepts a typed answer, given already normalised.
    func accepts(normalized typed: String) -> Bool {
        let given = Array(typed)
        guard !given.isEmpty else { return false }
        return forms.contains { expected in
            given == expected
                || (expected.count >= AnswerGrader.typoToleranceMinimumLength && !expected.contains(where: \.isNumber)
                    && AnswerGrader.isOneEditApart(given, expected))
        }
    }
}

/// Random draws that depend only on the generator's numbers, so a seed gives the same draw on every platform and
/// Swift version.
enum Draw {
    static func below<G: RandomNumberGenerator>(_ bound: Int, using generator: inout G) -> Int {
        precondition(bound > 0)
        return Int(generator.next() % UInt64(bound))
    }

    /// Fisher–Yates.
    static func shuffled<T, G: RandomNumberGenerator>(_ items: [T], using generator: inout G) -> [T] {
        var result = items
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, below(i + 1, using: &generator))
        }
        return result
    }

    /// A stable 64-bit hash (FNV-1a) of a text: the seed of a question's own draw in `QuestionGenerator.all`.
    static func seed(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// Wording shared by the templates.
enum Phrase {
    /// A title or work in single quotes; in double quotes when it holds an apostrophe; as it is when it holds
    /// double quotes already.
    static func quoted(_ text: String) -> String {
        if text.contains("\"") || text.contains("\u{201C}") { return text }
        return text.contains("'") ? "\"\(text)\"" : "'\(text)'"
    }

    /// The particle alone that fits after `word` (은/는, 이/가, …), for when something stands between them. `Josa`
    /// reads past quotes and a trailing bracket: "연설(1963)" and "'소금 행진(1930)'" take the particle of "연설" and
    /// "행진".
    static func particle(after word: String, _ particle: Josa.Particle) -> String {
        String(Josa.attach(word, particle).dropFirst(word.count))
    }

    /// `Josa.attach`, reading past a trailing bracket: "'나쁜 남자'(2002)를", "소금 행진(1930)으로".
    static func attach(_ word: String, _ particle: Josa.Particle) -> String {
        word + self.particle(after: word, particle)
    }

    /// A country's English name as it reads inside a sentence: "the United Kingdom", "the Philippines", "Japan".
    static func country(_ name: String) -> String {
        let withThe: Set<String> = ["Philippines", "Netherlands", "Bahamas", "Maldives", "Gambia", "Comoros"]
        let prefixes = ["United ", "Republic ", "Democratic ", "Central African ", "Czech ", "Dominican ", "Federated "]
        if withThe.contains(name) || prefixes.contains(where: name.hasPrefix) || name.hasSuffix(" Islands") {
            return "the " + name
        }
        return name
    }

    /// The first letter in upper case (a sentence that starts with "the United Kingdom").
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// "A, B and C" / "A, B, C" (Korean).
    static func list(_ items: [String], language: Language) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if language == .ko { return items.joined(separator: ", ") }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// A life span: "1756–1791" / "born 1970"; Korean "1756~1791" / "1970~".
    static func lifespan(born: Int, died: Int?) -> Localized {
        if let died { return Localized(ko: "\(born)~\(died)", en: "\(born)–\(died)") }
        return Localized(ko: "\(born)~", en: "born \(born)")
    }

    /// A sentence followed by a note, when there is one.
    static func withNote(_ text: Localized, _ note: KnowledgeBase.Note?) -> Localized {
        guard let note else { return text }
        return Localized(ko: text.ko + " " + note.ko, en: text.en + " " + note.en)
    }

    /// Close years for a year question, nearest first (−1, +1, −2, +2, …), within `range` and never `year` itself.
    static func nearYears(_ year: Int, spread: Int, within range: ClosedRange<Int>) -> [Choice] {
        (1...spread).flatMap { [year - $0, year + $0] }.filter { range.contains($0) }.map(Choice.year)
    }
}

extension Array {
    /// Sorted by an integer key, ties kept in their original order on every Swift version.
    func stableSorted(by key: (Element) -> Int) -> [Element] {
        let keys = map(key)
        return keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { self[$0] }
    }
}
