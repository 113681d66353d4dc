import Foundation

/// Dates as the shell shows them, in the machine's time zone.
public enum BrainyDateFormat {
    public static func minute(_ date: Date, timeZone: TimeZone = .current) -> String {
        format(date, "yyyy-MM-dd HH:mm", timeZone)
    }

    public static func day(_ date: Date, timeZone: TimeZone = .current) -> String {
        format(date, "yyyy-MM-dd", timeZone)
    }

    private static func format(_ date: Date, _ pattern: String, _ timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
