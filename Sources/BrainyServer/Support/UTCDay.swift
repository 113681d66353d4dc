import Foundation

/// Days as the server counts them: UTC, midnight to midnight (Unix time has no leap seconds, UTC no daylight saving).
enum UTCDay {
    static func start(of date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    static func interval(containing date: Date) -> DateInterval {
        DateInterval(start: start(of: date), duration: 86_400)
    }
}
