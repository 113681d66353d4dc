import BrainyKit
import Foundation
import GRDB
import Testing
@testable import BrainyStore

/// The start-up's own reading of stored dates gives exactly what GRDB's gives.
@Suite struct StoredDateTests {
    @Test func everyStoredDateReadsAsGRDBReadsIt() throws {
        var generator = SeededGenerator(seed: 0x5EED_DA7E)
        // From 1900 to 2200, each at a random millisecond, and the edges of months, leap days and centuries.
        var dates = (0..<20_000).map { _ in
            Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800_000...7_258_118_400_000, using: &generator)) / 1000)
        }
        for text in ["2000-02-29 23:59:59.999", "1900-03-01 00:00:00.000", "2100-02-28 12:00:00.500",
                     "2024-12-31 23:59:59.999", "1970-01-01 00:00:00.000", "1969-12-31 23:59:59.001",
                     "2001-01-01 00:00:00.000"] {
            dates.append(try #require(Date.fromDatabaseValue(text.databaseValue)))
        }
        for date in dates {
            let stored = date.databaseValue
            let text = try #require(String.fromDatabaseValue(stored))
            let expected = try #require(Date.fromDatabaseValue(stored))
            let parsed = try #require(StoredDate.parse(text), "not parsed: \(text)")
            #expect(parsed == expected, "\(text): \(parsed.timeIntervalSinceReferenceDate) against \(expected.timeIntervalSinceReferenceDate)")
        }
    }

    @Test func otherFormsAreLeftToGRDB() throws {
        for text in ["2024-05-01", "2024-05-01 10:20", "2024-05-01T10:20:30.000", "2024-13-01 00:00:00.000",
                     "2024-05-01 10:20:30.0000", "２０２４-05-01 10:20:30.000", ""] {
            #expect(StoredDate.parse(text) == nil, "\(text)")
        }
        let queue = try DatabaseQueue()
        try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: """
                SELECT '2024-05-01 10:20:30.250' AS text, '2024-05-01' AS day, 1700000000.5 AS number, NULL AS none
                """))
            #expect(row.storedDate("text") == Date.fromDatabaseValue("2024-05-01 10:20:30.250".databaseValue))
            #expect(row.storedDate("day") == Date.fromDatabaseValue("2024-05-01".databaseValue))
            #expect(row.storedDate("number") == Date(timeIntervalSince1970: 1_700_000_000.5))
            #expect(row.storedDateIfAny("none") == nil)
            #expect(row.storedDateIfAny("text") == row.storedDate("text"))
        }
    }
}
