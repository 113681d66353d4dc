/// On or off, as a person types it (`on`, `true`, `yes`, `1`, `켜기` …): timers, flags, maintenance, notifications.
public enum Switch: String, CaseIterable, Sendable {
    case on, off

    public init?(parsing text: String) {
        switch text.lowercased() {
        case "on", "true", "yes", "1", "켜기", "켬": self = .on
        case "off", "false", "no", "0", "none", "끄기", "끔": self = .off
        default: return nil
        }
    }

    public init(_ isOn: Bool) { self = isOn ? .on : .off }

    public var isOn: Bool { self == .on }

    /// The words completion offers.
    public static var typedNames: [String] { allCases.map(\.rawValue) }
}
