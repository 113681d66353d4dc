import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `settings <key> <value>` takes two words: a third is refused with the usage, for every key, and nothing changes.
@Suite struct SettingsExtraWordsTests {
    let shell: ShellHarness

    init() throws { shell = try ShellHarness() }

    static let changes = ["theme dark", "language en", "timer 20", "count 10", "selection random", "notifications off",
                          "format plain", "voice-speed 200", "voice-text off", "server off", "voice-out off", "ai off"]

    @Test func everyKeyCoversAChange() {
        let keys = Set(Self.changes.map { String($0.split(separator: " ")[0]) })
        #expect(keys == Set(Settings.Key.allCases.map(\.rawValue) + DeviceSetting.allCases.map(\.rawValue)))
    }

    @Test(arguments: changes)
    func aThirdWordIsRefusedWithTheUsage(_ change: String) {
        let key = String(change.split(separator: " ")[0])
        let before = shell.run(["login guest", "settings \(key)"]).output
        let result = shell.run(["login guest", "settings \(change) \(change.split(separator: " ")[1])"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Too many words for 'settings'. Usage: settings [key [value]]"), "\(result.output)")
        #expect(!result.output.contains("(saved)"))
        let after = shell.run(["login guest", "settings \(key)"]).output
        #expect(after == before)
    }

    @Test func inKoreanTooTheRefusalSaysTheUsage() {
        let result = shell.run(["login guest", "settings count 10 10"], language: .ko)
        #expect(result.output.contains("'settings'에 값이 너무 많습니다. 사용법: settings [key [value]]"), "\(result.output)")
    }
}
