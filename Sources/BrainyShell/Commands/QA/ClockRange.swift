import BrainyKit
import Foundation

/// The times the shell's clock may show, whether `--clock` starts it there or `clock advance`/`clock set` move it:
/// the database keeps four-digit years, and a clock past them (a session ending in 10000) stopped the shell with a
/// stack trace at the first command.
enum ClockRange {
    /// From the epoch to the last second of the year 8999.
    static let dates = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 221_845_391_999)
    /// `1970-01-01T00:00:00Z`, as the messages name the range.
    static let firstText = ISO8601Time.string(from: dates.lowerBound)
    /// `8999-12-31T23:59:59Z`.
    static let lastText = ISO8601Time.string(from: dates.upperBound)
    /// How far `clock advance` and `clock set` may move the clock at once: ten years.
    static let reach: TimeInterval = 10 * 365 * 86_400
}
