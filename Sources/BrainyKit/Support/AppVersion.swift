/// A dotted version, compared number by number (0.10.0 is newer than 0.9.1).
public struct AppVersion: Comparable, Sendable {
    public let parts: [Int]

    public init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        self.parts = parts.map { $0! }
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let a = index < lhs.parts.count ? lhs.parts[index] : 0
            let b = index < rhs.parts.count ? rhs.parts[index] : 0
            if a != b { return a < b }
        }
        return false
    }

    /// Whether this shell's version is older than `minimum` (an unreadable minimum asks nothing).
    public static func isTooOld(_ current: String, for minimum: String) -> Bool {
        guard let minimum = AppVersion(minimum), let mine = AppVersion(current) else { return false }
        return mine < minimum
    }
}
