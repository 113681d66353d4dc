import Foundation
import Testing
@testable import BrainyKit

@Suite struct StreakCalculatorTests {
    static let march1 = 19_783
    static let july1 = 19_905
    static let utc = TimeZone(identifier: "UTC")!
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    static func date(day: Int, hour: Double) -> Date {
        Date(timeIntervalSince1970: Double(day) * 86_400 + hour * 3_600)
    }

    @Test func dayNumbersCountDaysSinceTheEpoch() {
        #expect(StreakCalculator.dayNumber(of: Date(timeIntervalSince1970: 0), timeZone: Self.utc) == 0)
        #expect(StreakCalculator.dayNumber(of: Self.date(day: Self.march1, hour: 23.99), timeZone: Self.utc) == Self.march1)
    }

    @Test func theDayIsTheOneInTheUsersTimeZone() {
        let afternoonUTC = Self.date(day: Self.march1, hour: 15.5)
        #expect(StreakCalculator.dayNumber(of: afternoonUTC, timeZone: Self.utc) == Self.march1)
        #expect(StreakCalculator.dayNumber(of: afternoonUTC, timeZone: Self.seoul) == Self.march1 + 1)

        let earlyUTC = Self.date(day: Self.march1, hour: 3)
        #expect(StreakCalculator.dayNumber(of: earlyUTC, timeZone: Self.losAngeles) == Self.march1 - 1)
    }

    @Test func daylightSavingTimeIsTakenFromTheDateItself() {
        // 07:30 UTC on 1 July is 00:30 PDT (UTC−7), still 30 June in standard time (UTC−8).
        let date = Self.date(day: Self.july1, hour: 7.5)
        #expect(StreakCalculator.dayNumber(of: date, timeZone: Self.losAngeles) == Self.july1)
    }

    @Test func aStreakIncludingTodayCountsToday() {
        let result = StreakCalculator.streaks(playedDays: [10, 11, 12], today: 12)
        #expect(result.current == 3)
        #expect(result.best == 3)
    }

    @Test func aStreakEndingYesterdayStillCountsBeforeTodaysPlay() {
        #expect(StreakCalculator.streaks(playedDays: [10, 11, 12], today: 13).current == 3)
    }

    @Test func aMissedDayResetsTheCurrentStreak() {
        let result = StreakCalculator.streaks(playedDays: [10, 11, 12], today: 14)
        #expect(result.current == 0)
        #expect(result.best == 3)
    }

    @Test func aGapStartsANewRun() {
        let result = StreakCalculator.streaks(playedDays: [1, 2, 3, 4, 8, 9], today: 9)
        #expect(result.current == 2)
        #expect(result.best == 4)
    }

    @Test func theBestStreakMayBeTheCurrentOne() {
        let result = StreakCalculator.streaks(playedDays: [1, 2, 5, 6, 7], today: 8)
        #expect(result.current == 3)
        #expect(result.best == 3)
    }

    @Test func severalQuizzesOnOneDayCountOnceAndOrderDoesNotMatter() {
        let result = StreakCalculator.streaks(playedDays: [12, 10, 11, 12, 10], today: 12)
        #expect(result.current == 3)
        #expect(result.best == 3)
    }

    @Test func noPlayMeansNoStreak() {
        let result = StreakCalculator.streaks(playedDays: [], today: 12)
        #expect(result.current == 0)
        #expect(result.best == 0)
    }

    @Test func aSingleDayPlayedTodayIsAStreakOfOne() {
        let result = StreakCalculator.streaks(playedDays: [12], today: 12)
        #expect(result.current == 1)
        #expect(result.best == 1)
    }
}
