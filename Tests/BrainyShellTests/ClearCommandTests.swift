@testable import BrainyShell
import BrainyKit
import Testing

/// `clear` clears a terminal's screen; allowed in every state, and in a script or a pipe it writes nothing at all.
@Suite struct ClearCommandTests {
    @Test func clearIsAllowedWhereverACommandCanBeTyped() {
        for state in FlowState.allCases where !state.isTransient {
            #expect(TransitionTable.allows(.clear, in: state), "\(state)")
        }
    }

    @Test func inAScriptClearWritesNothingAndTheRunGoesOn() throws {
        let shell = try ShellHarness()
        let alone = shell.run(["clear"])
        #expect(alone.status == 0)
        #expect(alone.output.isEmpty, "\(alone.output.debugDescription)")
        // Mid-quiz too: the question stays open and nothing is graded.
        let session = shell.session()
        for command in ["login guest", "mode short", "category music", "start 2"] { _ = try session.execute(command) }
        let before = session.console.captured
        #expect(try session.execute("clear") == .proceed)
        #expect(session.console.captured == before)
        #expect(session.flow.state == .question)
        #expect(session.flow.play?.answers.isEmpty == true)
    }

    @Test func helpAndCompletionOfferClear() throws {
        let session = try ShellHarness().session()
        _ = try session.execute("help")
        #expect(session.console.captured.contains("clear"))
        #expect(ShellCompleter(contexts: session.contexts).candidates("cle").contains("clear"))
    }
}
