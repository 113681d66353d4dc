import BrainyKit
@testable import BrainyShell
import Foundation
import Testing

/// The state the session shares with its services, used with no session around it: the services feed the flow
/// events and put configs in force through it.
@Suite struct SessionStateTests {
    static func state(config: RemoteConfig = RemoteConfig(),
                      console: Console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        -> SessionState {
        SessionState(config: config, clock: ManualClock(Date(timeIntervalSince1970: 1_795_327_200)), console: console,
                     languageOverride: nil, seed: 1)
    }

    @Test func anEventTheFlowRefusesLeavesTheFlowWhereItWas() {
        let state = Self.state()
        let before = state.flow
        // Nobody is signed in: signing out is refused.
        #expect(throws: BrainyError.self) { try state.apply(.signedOut) }
        #expect(state.flow == before)
        #expect(state.takeEffectsDue().isEmpty)
    }

    @Test func aConfigPutInForceTurnsMaintenanceOnAndOffAndTheObserverHearsBothMoves() {
        let state = Self.state()
        var heard: [ShellTransition] = []
        state.transitionObserver = { heard.append($0) }
        var config = RemoteConfig()
        config.maintenanceMode = true
        state.configInForce.adopt(config)
        #expect(state.flow.state == .maintenance && state.config.maintenanceMode)
        config.maintenanceMode = false
        state.adopt(config)
        #expect(state.flow.state == .signedOut)
        #expect(heard.map(\.to) == [.maintenance, .signedOut])
    }

    @Test func theClockStandsStillWhileHeldAndTheSettingsPutInForceReachTheConsoleAndTheFlow() {
        let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
        let state = Self.state(console: console)
        let held = ManualClock(Date(timeIntervalSince1970: 0))
        state.clockOverride = held
        #expect(state.now == Date(timeIntervalSince1970: 0))
        #expect(!state.runsOnWallClock)
        var settings = Settings()
        settings.language = .ko
        settings.timerSeconds = 30
        state.applyUserSettings(settings)
        #expect(state.settings == settings && console.language == .ko)
        #expect(state.flow.timerSeconds == 30)
        state.applyUserSettings(nil)
        #expect(state.settings == Settings() && state.flow.timerSeconds == Settings().timerSeconds)
    }

    @Test func theSameSeedDrawsTheSameGeneratorsAndReseedingStartsThemAgain() {
        var first = Self.state().drawGenerator()
        var again = Self.state().drawGenerator()
        #expect(first.next() == again.next())
        let state = Self.state()
        func threeIds() -> [String] {
            (0..<3).map { _ in
                var drawn = state.drawGenerator()
                return drawn.uuidString()
            }
        }
        let before = threeIds()
        state.reseed(1)
        #expect(threeIds() == before)
        #expect(Set(before).count == 3)
    }
}
