import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// An ad is outside text too: whatever a server (or an old server that let the admin API store them) sends in its
/// sponsor, text and link reaches the terminal with nothing hidden, ESC, OSC 52, CSI, U+202E and U+200B included.
@Suite struct HostileAdTextTests {
    @Test(arguments: HostileTextTests.hostile, AdPlacement.allCases)
    func anAdIsShownWithNothingHidden(_ text: String, _ placement: AdPlacement) throws {
        let console = try ShellHarness().session().console
        AdCard(console: console).show(CachedAd(
            id: "ad", sponsor: "Sponsor\(text)", text: "Text\(text)", link: "https://ads.example.com/\(text)",
            placement: placement, lang: "en", durationSeconds: 15, rewardHints: 1, token: "t", expiresAt: .distantFuture))
        #expect(console.captured.contains("Sponsor") && console.captured.contains("Text"))
        #expect(HostileTextTests.isSafe(console.captured), "\(console.captured.debugDescription)")
    }
}
