/// The config's feature flags, by the names `flags` shows and takes.
public enum FeatureFlag: String, CaseIterable, Sendable {
    case aiQuiz, voiceMode, offlineMode

    /// Reads a flag by its name (any case) or its short form: `ai`, `voice`, `offline`.
    public init?(parsing text: String) {
        let key = text.lowercased()
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == key || $0.shortName == key }) else {
            return nil
        }
        self = found
    }

    private var shortName: String {
        switch self {
        case .aiQuiz: "ai"
        case .voiceMode: "voice"
        case .offlineMode: "offline"
        }
    }

    public static var typedNames: [String] { allCases.map(\.rawValue) }
}

extension RemoteConfig.FeatureFlags {
    public subscript(flag: FeatureFlag) -> Bool {
        get {
            switch flag {
            case .aiQuiz: aiQuiz
            case .voiceMode: voiceMode
            case .offlineMode: offlineMode
            }
        }
        set {
            switch flag {
            case .aiQuiz: aiQuiz = newValue
            case .voiceMode: voiceMode = newValue
            case .offlineMode: offlineMode = newValue
            }
        }
    }
}
