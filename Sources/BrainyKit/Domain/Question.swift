/// One question of a pack, in both languages.
public struct Question: Codable, Equatable, Sendable, Identifiable {
    /// The question in one language.
    public struct Text: Codable, Equatable, Sendable {
        public var text: String
        public var answer: String
        public var alternatives: [String]
        public var options: [String]
        public var explanation: String

        public init(text: String, answer: String, alternatives: [String] = [], options: [String], explanation: String) {
            self.text = text
            self.answer = answer
            self.alternatives = alternatives
            self.options = options
            self.explanation = explanation
        }

        /// The answer and every accepted alternative.
        public var acceptedForms: [String] { [answer] + alternatives }

        /// Where the answer stands among the options, as written in the pack.
        public var answerIndex: Int? { options.firstIndex(of: answer) }
    }

    public var id: String
    public var category: QuizCategory
    public var difficulty: Difficulty
    /// Suits being read aloud (for the voice mode).
    public var voice: Bool
    public var ko: Text
    public var en: Text

    public init(id: String, category: QuizCategory, difficulty: Difficulty, voice: Bool = false, ko: Text, en: Text) {
        self.id = id
        self.category = category
        self.difficulty = difficulty
        self.voice = voice
        self.ko = ko
        self.en = en
    }

    public func text(in language: Language) -> Text {
        language == .ko ? ko : en
    }

    /// The answer index shared by both languages (options are listed in the same order in each).
    public var answerIndex: Int { ko.answerIndex ?? 0 }

    /// Every accepted form in both languages: a Korean player may type the English name and the other way round.
    public var acceptedForms: [String] { ko.acceptedForms + en.acceptedForms }
}

/// A versioned set of questions.
public struct QuestionPack: Codable, Equatable, Sendable {
    public var id: String
    public var version: String
    public var questions: [Question]

    public init(id: String, version: String, questions: [Question]) {
        self.id = id
        self.version = version
        self.questions = questions
    }
}
