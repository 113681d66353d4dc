/// The five quiz categories.
public enum QuizCategory: String, CaseIterable, Codable, Sendable, Comparable {
    case person, general, country, drama, music

    /// 인물, 상식, 나라, 드라마, 음악 / person, general, country, drama, music.
    public var name: Localized {
        switch self {
        case .person: Localized(ko: "인물", en: "person")
        case .general: Localized(ko: "상식", en: "general")
        case .country: Localized(ko: "나라", en: "country")
        case .drama: Localized(ko: "드라마", en: "drama")
        case .music: Localized(ko: "음악", en: "music")
        }
    }

    /// Reads a category by its Korean or English name, case-insensitively.
    public init?(parsing text: String) {
        let key = text.lowercased()
        guard let found = Self.allCases.first(where: { $0.name.ko == key || $0.name.en == key || $0.rawValue == key })
        else { return nil }
        self = found
    }

    /// Every name a user may type, Korean first.
    public static var typedNames: [String] {
        allCases.map(\.name.ko) + allCases.map(\.name.en)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
