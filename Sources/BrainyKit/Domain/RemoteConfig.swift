/// The static config a server publishes (and the shell bundles a default of).
public struct RemoteConfig: Codable, Equatable, Sendable {
    public struct FeatureFlags: Codable, Equatable, Sendable {
        public var aiQuiz: Bool
        public var voiceMode: Bool
        public var offlineMode: Bool

        public init(aiQuiz: Bool = false, voiceMode: Bool = true, offlineMode: Bool = true) {
            self.aiQuiz = aiQuiz
            self.voiceMode = voiceMode
            self.offlineMode = offlineMode
        }
    }

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

    public init(
        version: String = "default", authMethodsEnabled: [String] = ["guest", "email", "google", "apple"],
        guestModeEnabled: Bool = true, passwordMinLength: Int = 8, sessionTimeoutMinutes: Int = 1440,
        maxLoginAttempts: Int = 5, lockoutMinutes: Int = 15, minAppVersion: String = "0.1.0",
        maintenanceMode: Bool = false, featureFlags: FeatureFlags = FeatureFlags(),
        categories: [QuizCategory] = QuizCategory.allCases
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
    }

    public func allowsLogin(_ provider: AuthProvider) -> Bool {
        if provider == .guest && !guestModeEnabled { return false }
        return authMethodsEnabled.contains(provider.rawValue)
    }
}
