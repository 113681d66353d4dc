/// A flag of `brainy-server` that takes a number of seconds: its name, the range it accepts and its default, declared
/// once for its help (`ServerOptions`), its check and the setting's default (`ServerArguments`).
struct SecondsFlag: Sendable {
    let name: String
    let range: ClosedRange<Double>
    let defaultValue: Double

    /// `0.1 to 600 (default: 4)`, as the help says it.
    var rangeText: String { "\(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound)) (default: \(Self.plain(defaultValue)))" }

    /// `4`, not `4.0`; `0.1` as it is.
    static func plain(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static let refusalDelay = SecondsFlag(name: "refusal-delay", range: 0...60, defaultValue: 1)
    static let databaseTimeout = SecondsFlag(name: "database-timeout", range: 0.1...600, defaultValue: 4)
    static let headerTimeout = SecondsFlag(name: "header-timeout", range: 1...3_600, defaultValue: 10)
    static let bodyTimeout = SecondsFlag(name: "body-timeout", range: 1...3_600, defaultValue: 30)
    static let idleTimeout = SecondsFlag(name: "idle-timeout", range: 1...3_600, defaultValue: 60)
    static let all: [SecondsFlag] = [refusalDelay, databaseTimeout, headerTimeout, bodyTimeout, idleTimeout]
}
