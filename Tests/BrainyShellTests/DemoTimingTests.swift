@testable import BrainyShell
import BrainyKit
import Testing

/// A demo's clock moves as a person's time would: seconds to read and answer a question, a moment for anything else,
/// the same on every run of the same script.
@Suite struct DemoTimingTests {
    @Test func answeringTakesAFewSecondsAndTheSameEveryRun() {
        var first = DemoTiming(seed: 2026), second = DemoTiming(seed: 2026)
        for answer in ["1", "서태지와 아이들", "Ludwig van Beethoven", "next"] {
            let seconds = first.seconds(before: answer, answering: true)
            #expect((3...11).contains(seconds), "\(answer): \(seconds)")
            #expect(second.seconds(before: answer, answering: true) == seconds)
        }
        #expect(first.seconds(before: "history", answering: false) == 2)
    }

    @Test func aDemoPlayedThroughTheSessionShowsItsTimes() throws {
        let shell = try ShellHarness()
        let script = try DemoScript.parse("""
            # seed 7
            # clock 2026-03-02T19:30:00Z
            # lang en
            login guest
            mode mc
            category music
            start 2
            1
            next
            2
            next
            """)
        let clock = shell.clock
        let started = clock.now()
        var timing = DemoTiming(seed: script.header.seed)
        let session = shell.session()
        for step in script.steps {
            clock.advance(by: timing.seconds(before: step.command, answering: DemoTiming.answers(step.command, in: session.flow)))
            _ = try session.execute(step.command)
        }
        let elapsed = clock.now().timeIntervalSince(started)
        #expect(elapsed > 10, "the demo took \(elapsed) s on its clock")
        #expect(!session.console.captured.contains("Time: 0.0s"), "\(session.console.captured)")
    }
}
