/// The settings of the remote config a tester may change (QA's `config`), each with the values it takes.
public enum ConfigKey: String, CaseIterable, Sendable {
    case maintenance
    case minVersion = "min-version"
    case passwordMin = "password-min"
    case sessionTimeout = "session-timeout"
    case maxAttempts = "max-attempts"
    case lockout

    /// The numbers a numeric key takes (minutes for the timeouts); nil for the others.
    public var range: ClosedRange<Int>? {
        switch self {
        case .passwordMin: 1...128
        case .sessionTimeout: 1...525_600
        case .maxAttempts: 1...100
        case .lockout: 1...10_080
        case .maintenance, .minVersion: nil
        }
    }

    /// The value in `config`, as `config` shows it.
    public func value(in config: RemoteConfig) -> String {
        switch self {
        case .maintenance: Switch(config.maintenanceMode).rawValue
        case .minVersion: config.minAppVersion
        case .passwordMin: String(config.passwordMinLength)
        case .sessionTimeout: "\(config.sessionTimeoutMinutes)m"
        case .maxAttempts: String(config.maxLoginAttempts)
        case .lockout: "\(config.lockoutMinutes)m"
        }
    }

    /// What the key takes, for a refusal: `on|off`, `1.2.3` or a range.
    public var expected: [String] {
        switch self {
        case .maintenance: Switch.typedNames
        case .minVersion: ["1.2.3"]
        default: range.map { ["\($0.lowerBound)–\($0.upperBound)"] } ?? []
        }
    }

    public static var typedNames: [String] { allCases.map(\.rawValue) }
}
