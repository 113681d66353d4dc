@testable import BrainyShell
import BrainyKit
import Foundation
import Testing

/// A command's context acts on the shell it was made from, through its own named members only: what a command saves
/// through it is kept and in force, and what it switches (the clock held while recording) is switched for the shell.
@Suite struct CommandContextTests {
    @Test func settingsSavedThroughTheDeviceContextAreKeptAndInForce() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        _ = try session.execute("login guest")
        let user = try #require(session.flow.user)
        let context = session.contexts.device()
        var changed = context.settings
        try changed.set(.timer, to: "20")
        try context.saveSettings(changed, userId: user.id)
        #expect(try shell.database.settings(userId: user.id).timerSeconds == 20)
        #expect(context.settings.timerSeconds == 20)
        #expect(context.flow.timerSeconds == 20)
    }

    @Test func aDeviceValueSetThroughTheContextIsReadBackAndForgottenWithNil() throws {
        let session = try ShellHarness().session()
        let context = session.contexts.device()
        try context.setDeviceValue("voice-out", for: SyncKeys.voiceOut)
        #expect(try context.deviceValue(SyncKeys.voiceOut) == "voice-out")
        try context.setDeviceValue(nil, for: SyncKeys.voiceOut)
        #expect(try context.deviceValue(SyncKeys.voiceOut) == nil)
    }

    @Test func theShellContextHoldsTheClockAndLetsItGoAgain() throws {
        let shell = try ShellHarness()
        let context = shell.session().contexts.shell()
        #expect(context.runsOnManualClock)
        context.holdClock(true)
        let held = context.now
        shell.clock.advance(by: 90)
        #expect(context.now == held)
        context.holdClock(false)
        #expect(context.now == held.addingTimeInterval(90))
    }

    @Test func aCommandRunWithItsContextChangesTheShellItWasMadeFrom() throws {
        let session = try ShellHarness().session()
        #expect(!session.timingEnabled)
        #expect(try TimingCommand.run(CommandArguments(parsing: "timing on"), in: session.contexts.shell()) == .proceed)
        #expect(session.timingEnabled)
        #expect(session.console.captured.contains("Timing is on."))
    }
}
