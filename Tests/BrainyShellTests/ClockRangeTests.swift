import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `clock advance` and `clock set` keep the clock where `--clock` may start it: the database cannot read back a year
/// past 8999.
@Suite struct ClockRangeTests {
    let shell: ShellHarness

    init() throws { shell = try ShellHarness() }

    private func moveHarnessClock(to text: String) throws {
        let target = try #require(ISO8601DateFormatter().date(from: text))
        shell.clock.advance(by: target.timeIntervalSince(shell.clock.now()))
    }

    @Test func theRangeIsNamedByItsOwnDatesAndEndsAtTheLastSecondOf8999() {
        #expect(ClockRange.firstText == "1970-01-01T00:00:00Z")
        #expect(ClockRange.lastText == "8999-12-31T23:59:59Z")
        #expect(ISO8601Time.string(from: ClockRange.dates.upperBound.addingTimeInterval(1)) == "9000-01-01T00:00:00Z")
    }

    @Test func advancingPastTheLastYearIsRefusedWithTheRange() throws {
        try moveHarnessClock(to: "8990-01-01T00:00:00Z")
        let first = shell.run(["clock advance 3650d"], qa: true)
        #expect(first.status == 0, "\(first.output)")
        let reached = shell.clock.now()
        let second = shell.run(["clock advance 3650d"], qa: true)
        #expect(second.status == 1)
        #expect(second.output.contains("the clock stays between 1970-01-01T00:00:00Z and 8999-12-31T23:59:59Z"),
                "\(second.output)")
        #expect(!second.output.contains("needs more"))
        #expect(shell.clock.now() == reached)
        #expect(!shell.run(["clock"], qa: true).output.contains("10000"))
        let korean = shell.run(["clock advance 3650d"], language: .ko, qa: true)
        #expect(korean.output.contains("1970-01-01T00:00:00Z에서 8999-12-31T23:59:59Z 사이에만"), "\(korean.output)")
    }

    @Test func settingBeforeTheFirstTimeIsRefusedWithTheRange() throws {
        try moveHarnessClock(to: "1975-01-01T00:00:00Z")
        let result = shell.run(["clock set 1969-12-31T00:00:00Z"], qa: true)
        #expect(result.status == 1)
        #expect(result.output.contains("the clock stays between 1970-01-01T00:00:00Z and 8999-12-31T23:59:59Z"),
                "\(result.output)")
    }

    @Test func aStepBeyondTenYearsSaysTheReach() {
        let result = shell.run(["clock advance 9999999d"], qa: true)
        #expect(result.status == 1)
        #expect(result.output.contains("the clock moves at most 10 years (3650d) at a time"), "\(result.output)")
        #expect(!result.output.contains("needs more"))
        let korean = shell.run(["clock advance 9999999d"], language: .ko, qa: true)
        #expect(korean.output.contains("한 번에 10년(3650d)까지만"), "\(korean.output)")
    }

    @Test func aStepWithinTheRangeStillMoves() {
        let result = shell.run(["clock advance 3650d"], qa: true)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("2036-"))
    }
}
