/// The config's feature flags: the one list of them. Their raw values are the config's JSON keys and the names
/// `flags` shows and takes; `RemoteConfig.FeatureFlags` stores a value for each case.
public enum FeatureFlag: String, CaseIterable, CodingKey, Sendable {
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

extension RemoteConfig {
    /// Whether each `FeatureFlag` is on. Coded as an object with one boolean per flag, every one required.
    public struct FeatureFlags: Codable, Equatable, Sendable {
        private var values: [FeatureFlag: Bool]

        /// Every flag on, except those `values` turns off (or on).
        public init(_ values: [FeatureFlag: Bool] = [:]) {
            self.values = Dictionary(uniqueKeysWithValues: FeatureFlag.allCases.map { ($0, values[$0] ?? true) })
        }

        public subscript(flag: FeatureFlag) -> Bool {
            get { values[flag] ?? true }
            set { values[flag] = newValue }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: FeatureFlag.self)
            var values: [FeatureFlag: Bool] = [:]
            for flag in FeatureFlag.allCases { values[flag] = try container.decode(Bool.self, forKey: flag) }
            self.values = values
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FeatureFlag.self)
            for flag in FeatureFlag.allCases { try container.encode(self[flag], forKey: flag) }
        }
    }
}
