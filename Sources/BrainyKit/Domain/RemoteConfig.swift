/// The static config a server publishes (and the shell bundles a default of).
public struct RemoteConfig: Codable, Equatable, Sendable {
    public var version: String
    public var authMethodsEnabled: [String]
    public var guestModeEnabled: Bool
    public var passwordMinLength: Int
    public var sessionTimeoutMinutes: Int
    public var maxLoginAttempts: Int
    public var lockoutMinutes: Int
    public var minAppVersion: String
    public var maintenanceMode: Bool
    public var featureFlags: FeatureFlags
    public var categories: [QuizCategory]
    /// How often ads are shown; a config without this section (written before ads) gets `AdsConfig()`.
    public var ads: AdsConfig
    /// Whether the shell imports a newer question pack by itself when it finds one at start (else it says that one
    /// is waiting for 'sync'); a config without it (written before) says no.
    public var autoImportPack: Bool

    public init(
        version: String = "default", authMethodsEnabled: [String] = ["guest", "email", "google", "apple", "kakao", "naver"],
        guestModeEnabled: Bool = true, passwordMinLength: Int = 8, sessionTimeoutMinutes: Int = 1440,
        maxLoginAttempts: Int = 5, lockoutMinutes: Int = 15, minAppVersion: String = "0.1.0",
        maintenanceMode: Bool = false, featureFlags: FeatureFlags = FeatureFlags(),
        categories: [QuizCategory] = QuizCategory.allCases, ads: AdsConfig = AdsConfig(),
        autoImportPack: Bool = false
    ) {
        self.version = version
        self.authMethodsEnabled = authMethodsEnabled
        self.guestModeEnabled = guestModeEnabled
        self.passwordMinLength = passwordMinLength
        self.sessionTimeoutMinutes = sessionTimeoutMinutes
        self.maxLoginAttempts = maxLoginAttempts
        self.lockoutMinutes = lockoutMinutes
        self.minAppVersion = minAppVersion
        self.maintenanceMode = maintenanceMode
        self.featureFlags = featureFlags
        self.categories = categories
        self.ads = ads
        self.autoImportPack = autoImportPack
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(String.self, forKey: .version)
        authMethodsEnabled = try container.decode([String].self, forKey: .authMethodsEnabled)
        guestModeEnabled = try container.decode(Bool.self, forKey: .guestModeEnabled)
        passwordMinLength = try container.decode(Int.self, forKey: .passwordMinLength)
        sessionTimeoutMinutes = try container.decode(Int.self, forKey: .sessionTimeoutMinutes)
        maxLoginAttempts = try container.decode(Int.self, forKey: .maxLoginAttempts)
        lockoutMinutes = try container.decode(Int.self, forKey: .lockoutMinutes)
        minAppVersion = try container.decode(String.self, forKey: .minAppVersion)
        maintenanceMode = try container.decode(Bool.self, forKey: .maintenanceMode)
        featureFlags = try container.decode(FeatureFlags.self, forKey: .featureFlags)
        categories = try container.decode([QuizCategory].self, forKey: .categories)
        ads = try container.decodeIfPresent(AdsConfig.self, forKey: .ads) ?? AdsConfig()
        autoImportPack = try container.decodeIfPresent(Bool.self, forKey: .autoImportPack) ?? false
    }

    /// Whether the config lets people sign in with `provider`. The list is read as it stands for every method: a
    /// social provider also needs the server set up for it (Google and Apple by their client ids or `--dev-idp`, Kakao
    /// and Naver by `--kakao-client-id` / `--naver-client-id` or `--dev-idp`), and the config is where an operator
    /// turns one off without restarting the server. A config written before Kakao and Naver were known does not name
    /// them, and so keeps them off until it does.
    public func allowsLogin(_ provider: AuthProvider) -> Bool {
        if provider == .guest && !guestModeEnabled { return false }
        return authMethodsEnabled.contains(provider.rawValue)
    }
}
