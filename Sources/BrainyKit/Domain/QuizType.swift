/// How questions are asked: 객관식, 주관식, 음성모드, AI모드.
public enum QuizType: String, CaseIterable, Codable, Sendable {
    case multipleChoice = "mc"
    case shortAnswer = "short"
    case voice
    case ai

    public var name: Localized {
        switch self {
        case .multipleChoice: Localized(ko: "객관식", en: "multiple choice")
        case .shortAnswer: Localized(ko: "주관식", en: "short answer")
        case .voice: Localized(ko: "음성모드", en: "voice")
        case .ai: Localized(ko: "AI모드", en: "AI")
        }
    }


    /// The question comes with four options to choose from (read aloud in voice mode).
    public var hasOptions: Bool {
        self == .multipleChoice || self == .voice || self == .ai
    }

    /// Chooses each question for the player as they go (AI mode always; the others with `start adaptive`).
    public var isAdaptive: Bool { self == .ai }

    /// Only questions written to be spoken (short, no formula or table) are dealt.
    public var needsVoiceReadyQuestions: Bool { self == .voice }

    /// Reads `mc`, `객관식`, `short`, `주관식`, `voice`, `음성모드`, `ai`, `AI모드`, and a few synonyms.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "mc", "객관식", "multiple", "multiple-choice", "choice": self = .multipleChoice
        case "short", "주관식", "short-answer", "text": self = .shortAnswer
        case "voice", "음성모드", "음성": self = .voice
        case "ai", "ai모드": self = .ai
        default: return nil
        }
    }

    /// The words offered by completion after `mode`.
    public static var typedNames: [String] {
        allCases.map(\.name.ko) + allCases.map(\.rawValue)
    }
}

/// 스테이지 (stages of five, unlocked in order) or 개별 (a one-off quiz).
public enum QuizFormat: String, CaseIterable, Codable, Sendable {
    case stage, individual

    public var name: Localized {
        switch self {
        case .stage: Localized(ko: "스테이지", en: "stage")
        case .individual: Localized(ko: "개별", en: "individual")
        }
    }

    public init?(parsing text: String) {
        switch text.lowercased() {
        case "stage", "스테이지": self = .stage
        case "individual", "개별", "single": self = .individual
        default: return nil
        }
    }

    /// The words completion offers after `format`.
    public static var typedNames: [String] { allCases.map(\.rawValue) + allCases.map(\.name.ko) }
}

/// 전체 무작위 (any question) or 풀었던 것 제외 (only questions this user never answered).
public enum QuestionSelection: String, CaseIterable, Codable, Sendable {
    case random, unsolved
    /// Chosen for the player by the learner model: right about 70% of the time.
    case adaptive

    public var name: Localized {
        switch self {
        case .random: Localized(ko: "전체 무작위", en: "random")
        case .unsolved: Localized(ko: "풀었던 것 제외", en: "unsolved")
        case .adaptive: Localized(ko: "맞춤", en: "adaptive")
        }
    }

    public init?(parsing text: String) {
        switch text.lowercased() {
        case "random", "무작위", "전체": self = .random
        case "unsolved", "new", "안푼것", "제외": self = .unsolved
        case "adaptive", "맞춤", "적응": self = .adaptive
        default: return nil
        }
    }

    public static var typedNames: [String] { allCases.map(\.rawValue) }
}

/// 쉬움, 보통, 어려움.
public enum Difficulty: String, CaseIterable, Codable, Sendable, Comparable {
    case easy, medium, hard

    public var name: Localized {
        switch self {
        case .easy: Localized(ko: "쉬움", en: "easy")
        case .medium: Localized(ko: "보통", en: "medium")
        case .hard: Localized(ko: "어려움", en: "hard")
        }
    }

    public var rank: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
