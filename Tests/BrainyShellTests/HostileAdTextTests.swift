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

    @Test(arguments: [40, 80])
    func aLongAdTextKeepsTheBoxSideOnEveryLine(_ width: Int) throws {
        // Seen at an 80-column terminal: the text's last word ("hints.") fell to the left edge, out of the box.
        let console = try ShellHarness().session().console
        console.wrapWidth = { width }
        let text = "Meet AI mode: questions made for you, at your level. Watch to the end for 2 hints. 한국어 문장도 "
            + "낱말 사이에서 나뉩니다."
        AdCard(console: console).show(CachedAd(
            id: "ad", sponsor: "Brainy AI mode", text: text, link: "https://brainy.example.com/en/ai",
            placement: .rewarded, lang: "en", durationSeconds: 15, rewardHints: 2, token: "t", expiresAt: .distantFuture))
        let lines = console.captured.split(separator: "\n").map(String.init)
        let top = try #require(lines.firstIndex { $0.hasPrefix("┌") })
        let bottom = try #require(lines.firstIndex { $0.hasPrefix("└") })
        let box = (top + 1)..<bottom
        #expect(box.count > 1, "the text takes more than one line at \(width) columns")
        for line in lines[box] {
            #expect(line.hasPrefix("│ "), "\(line.debugDescription)")
            #expect(line.displayWidth <= width, "\(line.debugDescription)")
        }
        let words = lines[box].map { String($0.dropFirst(2)) }.joined(separator: " ")
        #expect(words == text, "no word lost or split")
    }
}
