import BrainyKit
import Foundation
import GRDB

/// Dates as GRDB stores them, "YYYY-MM-DD HH:MM:SS.SSS" in UTC, read without a `Calendar`.
///
/// GRDB reads that text through a Gregorian `Calendar`, and making its first one looks up the system time zone and
/// loads ICU's calendar data: 10% of a start-up, for the signed-in session's dates. The arithmetic is a few lines
/// (days from the civil date, `ISO8601Time.days(fromCivil:)`); `StoredDateTests` holds it to GRDB's reading
/// over many dates. Anything else in a date column (a number, another SQLite date form) is read as GRDB reads it.
enum StoredDate {
    /// The date GRDB's storage text stands for, or nil when `text` is not exactly that form.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 23, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x20, bytes[13] == 0x3A,
                  bytes[16] == 0x3A, bytes[19] == 0x2E else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for index in start..<start + count {
                    let digit = Int(bytes[index]) - 0x30
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  let millisecond = number(20, 3),
                  (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
            else { return nil }
            let days = ISO8601Time.days(fromCivil: year, month, day)
            // Seconds since 2001-01-01 (Date's own reference), whole then fraction, as Foundation's calendar adds them.
            let seconds = (days - 11_323) * 86_400 + hour * 3_600 + minute * 60 + second
            return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(millisecond * 1_000_000) / 1e9)
        }
    }
}

extension Row {
    /// The date in `column` (see `StoredDate`).
    func storedDate(_ column: String) -> Date {
        parsedDate(column) ?? self[column]
    }

    /// The date in `column`, or nil when it holds NULL (see `StoredDate`).
    func storedDateIfAny(_ column: String) -> Date? {
        parsedDate(column) ?? self[column]
    }

    /// The column's date when it holds GRDB's storage text; nil for anything else (text of another form, a number,
    /// NULL), which GRDB then reads.
    private func parsedDate(_ column: String) -> Date? {
        guard case let .string(text) = (self[column] as DatabaseValue).storage else { return nil }
        return StoredDate.parse(text)
    }
}
