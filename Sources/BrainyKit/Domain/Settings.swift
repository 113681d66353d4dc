/// A user's preferences, kept per user.
public struct Settings: Codable, Equatable, Sendable {
    public enum Theme: String, Codable, Sendable, CaseIterable {
        case dark, light, system
    }

    public var theme: Theme = .system
    public var language: Language = .ko
    /// Seconds allowed per question; 0 turns the timer off.
    public var timerSeconds: Int = 0
    public var defaultCount: Int = 10
    public var defaultSelection: QuestionSelection = .random
    public var notifications: Bool = true
    /// How `history`, `stats`, `state`, `profile` and `settings` print: for people, or for scripts.
    public var outputFormat: OutputFormat = .table
    /// Voice mode: the pace of the speech, in words per minute.
    public var voiceSpeed: Int = 160
    /// Voice mode: the question's text shown with its speech, or kept hidden until the answer (a listening quiz).
    public var voiceText: Bool = true

    /// The paces voice mode can speak at, in words per minute.
    public static let voiceSpeeds = 80...400

    public init() {}

    /// A setting, as `settings` names and shows it.
    public enum Key: String, CaseIterable, Sendable {
        case theme, language, timer, count, selection, notifications, format
        case voiceSpeed = "voice-speed"
        case voiceText = "voice-text"

        public var help: Localized {
            switch self {
            case .theme: Localized(ko: "색 테마: dark, light, system", en: "colour theme: dark, light, system")
            case .language: Localized(ko: "언어: ko, en", en: "language: ko, en")
            case .timer: Localized(ko: "문제당 제한 시간(초), off는 끄기", en: "seconds per question, off to turn it off")
            case .count: Localized(ko: "기본 문제 수 (1–50)", en: "default question count (1–50)")
            case .selection:
                Localized(ko: "기본 출제 방식: " + QuestionSelection.typedNames.joined(separator: ", "),
                          en: "default selection: " + QuestionSelection.typedNames.joined(separator: ", "))
            case .notifications: Localized(ko: "알림: on, off", en: "notifications: on, off")
            case .format: Localized(ko: "출력 형식: table, plain, json", en: "output format: table, plain, json")
            case .voiceSpeed: Localized(ko: "음성모드 말 빠르기 (분당 단어 80–400)", en: "voice mode's pace (words per minute, 80–400)")
            case .voiceText: Localized(ko: "음성모드에서 문제 글도 보기: on, off (off면 답한 뒤에 보임)",
                                       en: "voice mode shows the question's text: on, off (off: only after the answer)")
            }
        }

        public var allowedValues: [String] {
            switch self {
            case .theme: Theme.allCases.map(\.rawValue)
            case .language: Language.allCases.map(\.rawValue)
            case .timer: [Switch.off.rawValue, "10", "15", "20", "30", "60"]
            case .count: ["5", "10", "15", "20"]
            case .selection: QuestionSelection.allCases.map(\.rawValue)
            case .notifications: Switch.typedNames
            case .format: OutputFormat.allCases.map(\.rawValue)
            case .voiceSpeed: ["120", "160", "200"]
            case .voiceText: Switch.typedNames
            }
        }
    }

    public func value(of key: Key) -> String {
        switch key {
        case .theme: theme.rawValue
        case .language: language.rawValue
        case .timer: timerSeconds == 0 ? Switch.off.rawValue : String(timerSeconds)
        case .count: String(defaultCount)
        case .selection: defaultSelection.rawValue
        case .notifications: Switch(notifications).rawValue
        case .format: outputFormat.rawValue
        case .voiceSpeed: String(voiceSpeed)
        case .voiceText: Switch(voiceText).rawValue
        }
    }

    /// Changes one setting from the text a user typed.
    public mutating func set(_ key: Key, to text: String) throws(BrainyError) {
        let value = text.lowercased()
        switch key {
        case .theme:
            guard let theme = Theme(rawValue: value) else { throw .invalidSetting(key, value: text, allowed: key.allowedValues) }
            self.theme = theme
        case .language:
            guard let language = Language(parsing: value) else { throw .invalidSetting(key, value: text, allowed: key.allowedValues) }
            self.language = language
        case .timer:
            if Switch(parsing: value) == .off { timerSeconds = 0; return }
            guard let seconds = Int(value.replacingOccurrences(of: "s", with: "")), (3...600).contains(seconds) else {
                throw .invalidSetting(key, value: text, allowed: ["off", "3–600"])
            }
            timerSeconds = seconds
        case .count:
            guard let count = Int(value), (1...50).contains(count) else { throw .invalidSetting(key, value: text, allowed: ["1–50"]) }
            defaultCount = count
        case .selection:
            guard let selection = QuestionSelection(parsing: value) else {
                throw .invalidSetting(key, value: text, allowed: key.allowedValues)
            }
            defaultSelection = selection
        case .format:
            guard let format = OutputFormat(rawValue: value) else {
                throw .invalidSetting(key, value: text, allowed: key.allowedValues)
            }
            outputFormat = format
        case .notifications:
            guard let chosen = Switch(parsing: value) else {
                throw .invalidSetting(key, value: text, allowed: key.allowedValues)
            }
            notifications = chosen.isOn
        case .voiceSpeed:
            guard let speed = Int(value), Self.voiceSpeeds.contains(speed) else {
                throw .invalidSetting(key, value: text, allowed: ["\(Self.voiceSpeeds.lowerBound)–\(Self.voiceSpeeds.upperBound)"])
            }
            voiceSpeed = speed
        case .voiceText:
            guard let chosen = Switch(parsing: value) else { throw .invalidSetting(key, value: text, allowed: key.allowedValues) }
            voiceText = chosen.isOn
        }
    }
}

/// Output for people (`table`), for line tools (`plain`: tab-separated, no colour) or for programs (`json`).
public enum OutputFormat: String, Codable, Sendable, CaseIterable {
    case table, plain, json
}
