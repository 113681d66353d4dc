/// The languages every user-facing message exists in.
public enum Language: String, CaseIterable, Codable, Sendable {
    case ko, en

    /// Reads `ko`, `en`, `한국어`, `korean`, `영어`, `english`.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "ko", "kr", "korean", "한국어", "한글": self = .ko
        case "en", "english", "영어": self = .en
        default: return nil
        }
    }
}

/// A text in Korean and English; the shell picks one by the user's language.
public struct Localized: Equatable, Sendable, Codable {
    public var ko: String
    public var en: String

    public init(ko: String, en: String) {
        self.ko = ko
        self.en = en
    }

    public subscript(language: Language) -> String {
        language == .ko ? ko : en
    }

    /// Joins two texts language by language.
    public static func + (lhs: Localized, rhs: Localized) -> Localized {
        Localized(ko: lhs.ko + rhs.ko, en: lhs.en + rhs.en)
    }

    /// The same text in both languages (names, numbers).
    public static func same(_ text: String) -> Localized {
        Localized(ko: text, en: text)
    }
}
