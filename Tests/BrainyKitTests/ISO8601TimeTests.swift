import BrainyKit
import Foundation
import Testing

/// The API's hand-written ISO 8601 agrees with Foundation's, both ways.
@Suite struct ISO8601TimeTests {
    @Test(arguments: [0.0, 1_795_327_200, 1_795_327_200.5, -86_400 * 365.25 * 10, 951_782_400 /* 2000-02-29 */,
                      4_102_444_799.999, 1_700_000_000.125])
    func writesWhatFoundationWritesAndReadsItBack(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let written = ISO8601Time.string(from: date)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: date.timeIntervalSince1970.rounded(.down) != seconds)
        #expect(written == date.formatted(style))
        let read = try #require(ISO8601Time.date(from: written))
        #expect(abs(read.timeIntervalSince1970 - seconds) < 0.0005)
    }

    @Test func readsOffsetsAndLowercaseAndRefusesNonsense() throws {
        let utc = try #require(ISO8601Time.date(from: "2026-11-22T06:00:00Z"))
        #expect(ISO8601Time.date(from: "2026-11-22T15:00:00+09:00") == utc)
        #expect(ISO8601Time.date(from: "2026-11-22t06:00:00z") == utc)
        #expect(ISO8601Time.date(from: "2026-11-22T06:00:00.250Z")?.timeIntervalSince(utc) == 0.25)
        for bad in ["", "2026-11-22", "2026-13-01T00:00:00Z", "2026-11-22T06:00:00", "2026-11-22T06:00:00Zjunk",
                    "2026-11-22 06:00:00Z", "２０２６-11-22T06:00:00Z", "2026-11-22T06:00:00.Z"] {
            #expect(ISO8601Time.date(from: bad) == nil, "\(bad)")
        }
    }
}
