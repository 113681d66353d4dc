import Foundation

/// Days as the server counts them: UTC, midnight to midnight (Unix time has no leap seconds, UTC no daylight saving).
enum UTCDay {
    static func start(of date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    /// Days since 1970-01-01: how the leaderboard's table of first answers (`first_answer`) keys its days.
    static func number(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    static func interval(containing date: Date) -> DateInterval {
        DateInterval(start: start(of: date), duration: 86_400)
    }
}
