import Foundation
import Testing

/// A rewarded ad on a terminal runs on the wall clock: the countdown line redrawn each second until the end, where the
/// reward is granted; Enter (after `ad skip`, on an empty line, after anything) or Ctrl-C stops it at once with nothing
/// granted. (Elsewhere the ad moves with the injected clock: see AdsTests.)
@Suite struct AdsEndToEndTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-ads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func launch() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en", "--qa"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path,
                          "XDG_DATA_HOME": home.path, "NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        terminal.sendLine("login guest")
        _ = try terminal.expect("guest")
        return terminal
    }

    /// The defaults: no QA switch, the shipped config, a guest (no server ever gave ads), 24 and 40 rows, no PAGER.
    @Test(arguments: ["ad skip\r", "\r", "\u{3}"], [24, 40])
    func aGuestsShippedRewardedAdIsStoppedMidCountdownWithNoReward(keys: String, rows: Int) throws {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path,
                          "XDG_DATA_HOME": home.path, "PATH": "/usr/bin:/bin"],
            columns: 80, rows: rows)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        terminal.sendLine("login guest")
        _ = try terminal.expect("Signed in as guest")
        terminal.sendLine("ad watch")
        _ = try terminal.expect("┌ Rewarded ad · ")
        _ = try terminal.expect("s of the ad left · ")
        try terminal.waitForRawMode()
        terminal.send(keys)
        try expectSkippedWithNoReward(terminal)
    }

    @Test func aRewardedAdCountsDownOnTheWallClockAndGrantsItsRewardAtTheEnd() throws {
        let terminal = try launch()
        terminal.sendLine("ads ok 2; ad watch")
        _ = try terminal.expect("2s of the ad left")
        _ = try terminal.expect("1s of the ad left")
        _ = try terminal.expect("Ad watched: 1 hint granted (you have 4 now).")
        terminal.sendLine("state")
        _ = try terminal.expect("home")
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    /// Starts a 60-second ad and waits until its countdown runs with the terminal quiet (keys read one by one).
    func startLongAd(_ terminal: PseudoTerminal) throws {
        terminal.sendLine("ads ok 60; ad watch")
        _ = try terminal.expect("60s of the ad left · 1 hint at the end · Enter stops it (no reward)")
        try terminal.waitForRawMode()
    }

    /// The ad stopped at once with nothing granted, and the shell takes commands again.
    func expectSkippedWithNoReward(_ terminal: PseudoTerminal, then note: String? = nil) throws {
        _ = try terminal.expect("Ad skipped: no reward.")
        if let note { _ = try terminal.expect(note) }
        #expect(!terminal.output.contains("Ad watched"))
        terminal.sendLine("profile")
        _ = try terminal.expect("hints left       3")
        terminal.sendLine("exit")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func ctrlCDuringARewardedAdSkipsItWithNoRewardAndKeepsTheShell() throws {
        let terminal = try launch()
        try startLongAd(terminal)
        terminal.send("\u{3}")
        try expectSkippedWithNoReward(terminal)
    }

    @Test func adSkipTypedDuringTheCountdownStopsItWithNoReward() throws {
        let terminal = try launch()
        try startLongAd(terminal)
        terminal.send("ad skip")
        // What is typed shows after the countdown, not mixed into it.
        _ = try terminal.expect("s left · Enter stops it (no reward) › ad skip")
        terminal.send("\r")
        try expectSkippedWithNoReward(terminal)
    }

    @Test func enterOnAnEmptyLineDuringTheCountdownStopsItWithNoReward() throws {
        let terminal = try launch()
        try startLongAd(terminal)
        terminal.send("\r")
        try expectSkippedWithNoReward(terminal)
    }

    @Test func anotherCommandTypedDuringTheCountdownStopsTheAdAndIsNotRun() throws {
        let terminal = try launch()
        try startLongAd(terminal)
        terminal.sendLine("stats")
        try expectSkippedWithNoReward(terminal, then: "'stats' was not run: type it again at the prompt.")
    }
}
