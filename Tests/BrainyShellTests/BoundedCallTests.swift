import BrainyKit
import BrainyTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import BrainyShell

/// An ad's fetch is bounded by the deadline clock (`ShellServices.deadlineClock`), not the wall clock: a test moves
/// that clock past the bound and the shell goes on at once without the ad; a fetch that answers before the clock
/// reaches the bound is kept, however long the machine took.
@Suite struct BoundedCallTests {
    /// Moves a clock past any bound each time something sleeps on it, until stopped.
    private final class ClockMover: Sendable {
        private let stopped = Atomic(false)
        private let done = DispatchSemaphore(value: 0)

        init(_ clock: SteppedClock) {
            Thread.detachNewThread { [self] in
                while !stopped.load(ordering: .relaxed) {
                    if clock.waitForSleeper(upTo: .milliseconds(50)) { clock.advance(by: .seconds(3600)) }
                }
                done.signal()
            }
        }

        func stop() {
            stopped.store(true, ordering: .relaxed)
            done.wait()
        }
    }

    @Test func aFetchStillUnderWayWhenTheClockPassesTheBoundIsCutOff() {
        let clock = SteppedClock()
        let mover = ClockMover(clock)
        defer { mover.stop() }
        let fetched = BoundedCall.bounded(seconds: 1, by: clock) { () async throws -> Int in
            try await Task.sleep(for: .seconds(3600))
            return 1
        }
        #expect(fetched == nil)
    }

    @Test func aFetchThatAnswersBeforeTheClockReachesTheBoundIsKept() {
        // The clock never moves: only the fetch can end the wait.
        let fetched = BoundedCall.bounded(seconds: 0.001, by: SteppedClock()) { () async throws -> Int in
            try await Task.sleep(for: .milliseconds(20))
            return 42
        }
        #expect(fetched == 42)
    }

    @Test func aFailedFetchIsNoAd() {
        let fetched = BoundedCall.bounded(seconds: 1, by: SteppedClock()) { () async throws -> Int in
            throw CancellationError()
        }
        #expect(fetched == nil)
    }

    @Test func qaSlowFetchesAreCutOffWhenTheShellsDeadlineClockPassesTheBound() throws {
        let shell = try ShellHarness()
        let clock = SteppedClock()
        var services = shell.services()
        services.deadlineClock = clock
        var options = shell.session(qa: true).options
        options.adsEnabled = true
        let session = ShellSession(services: services, options: options, reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        session.config.ads = AdsConfig(firstQuizOfDayFree: false, quizEndEvery: 1)
        let mover = ClockMover(clock)
        defer { mover.stop() }
        for line in ["login guest", "ads slow", "mode mc", "category music", "start 1", "1", "next"] {
            _ = try session.execute(line)
        }
        #expect(session.ads.slowFetchesCutOff == 1, "the quiz-end ad's fetch")
        _ = try session.execute("ad watch")
        #expect(session.ads.slowFetchesCutOff == 2, "the rewarded ad's")
        #expect(session.console.captured.contains("No ad to watch right now"))
        #expect(session.flow.state == .finished)
    }
}
