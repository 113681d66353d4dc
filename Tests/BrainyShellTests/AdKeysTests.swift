import Testing
@testable import BrainyShell

/// The keys typed while a rewarded ad counts down: the line shown as it is typed, Enter and Ctrl-C stopping the ad.
@Suite struct AdKeysTests {
    private func press(_ text: String, erase: UInt8 = 0x7F) -> (AdKeys, [AdKeys.Effect]) {
        var keys = AdKeys(erase: erase)
        let effects = text.utf8.map { keys.press($0) }
        return (keys, effects)
    }

    @Test func enterStopsWithTheLineTyped() {
        let (_, effects) = press("  ad skip \r")
        #expect(effects.last == .stop(line: "ad skip"))
        #expect(AdKeys.asksToSkip("ad skip") && AdKeys.asksToSkip("SKIP") && AdKeys.asksToSkip(""))
        #expect(!AdKeys.asksToSkip("stats"))
    }

    @Test func enterOnAnEmptyLineStops() {
        #expect(press("\r").1 == [.stop(line: "")])
        #expect(press("\n").1 == [.stop(line: "")])
    }

    @Test func ctrlCStopsWhateverWasTyped() {
        #expect(press("ad sk\u{3}").1.last == .stop(line: nil))
    }

    @Test func backspaceTakesBackOneCharacterKoreanIncluded() {
        let (keys, _) = press("광고x\u{7F}\u{7F}")
        #expect(keys.line == "광")
        let (erased, _) = press("ab\u{8}", erase: 0x08)
        #expect(erased.line == "a")
    }

    @Test func arrowKeysAndOtherControlsAreDropped() {
        let (keys, effects) = press("a\u{1B}[Db\u{1B}OA\u{4}c")
        #expect(keys.line == "abc")
        #expect(!effects.contains { if case .stop = $0 { true } else { false } })
    }

    @Test func aHalfTypedKoreanCharacterIsNotShown() {
        var keys = AdKeys(erase: 0x7F)
        _ = keys.press(0xEA)  // the first byte of "광"
        #expect(keys.line == "")
    }
}
