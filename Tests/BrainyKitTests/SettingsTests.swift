import Testing
@testable import BrainyKit

@Suite struct SettingsTests {
    @Test func theDefaults() {
        let settings = Settings()
        #expect(settings.theme == .system)
        #expect(settings.language == .ko)
        #expect(settings.timerSeconds == 0)
        #expect(settings.defaultCount == 10)
        #expect(settings.defaultSelection == .random)
        #expect(settings.notifications)
        #expect(Settings.Key.allCases.map { settings.value(of: $0) } == ["system", "ko", "off", "10", "random", "on", "table", "160", "on"])
    }

    @Test(arguments: [
        (Settings.Key.theme, "dark", "dark"), (.theme, "LIGHT", "light"), (.theme, "system", "system"),
        (.language, "en", "en"), (.language, "English", "en"), (.language, "한국어", "ko"), (.language, "ko", "ko"),
        (.timer, "30", "30"), (.timer, "15s", "15"), (.timer, "3", "3"), (.timer, "600", "600"),
        (.timer, "off", "off"), (.timer, "0", "off"), (.timer, "끄기", "off"),
        (.count, "1", "1"), (.count, "20", "20"), (.count, "50", "50"),
        (.selection, "unsolved", "unsolved"), (.selection, "무작위", "random"), (.selection, "new", "unsolved"),
        (.notifications, "off", "off"), (.notifications, "켜기", "on"), (.notifications, "no", "off"),
    ])
    func aValidValueIsSetAndShown(key: Settings.Key, typed: String, shown: String) throws {
        var settings = Settings()
        if key == .notifications && shown == "on" { try settings.set(.notifications, to: "off") }
        if key == .timer && shown == "off" { try settings.set(.timer, to: "20") }
        try settings.set(key, to: typed)
        #expect(settings.value(of: key) == shown)
    }

    @Test func eachSettingLandsInItsOwnField() throws {
        var settings = Settings()
        try settings.set(.theme, to: "dark")
        try settings.set(.language, to: "en")
        try settings.set(.timer, to: "20")
        try settings.set(.count, to: "15")
        try settings.set(.selection, to: "unsolved")
        try settings.set(.notifications, to: "off")
        #expect(settings.theme == .dark)
        #expect(settings.language == .en)
        #expect(settings.timerSeconds == 20)
        #expect(settings.defaultCount == 15)
        #expect(settings.defaultSelection == .unsolved)
        #expect(settings.notifications == false)
    }

    @Test(arguments: [
        (Settings.Key.theme, "blue"), (.language, "fr"), (.language, ""),
        (.timer, "2"), (.timer, "601"), (.timer, "-10"), (.timer, "soon"),
        (.count, "0"), (.count, "51"), (.count, "ten"), (.count, ""),
        (.selection, "hardest"), (.notifications, "maybe"), (.format, "xml"),
        (.voiceSpeed, "79"), (.voiceSpeed, "401"), (.voiceSpeed, "fast"), (.voiceText, "maybe"),
    ])
    func anInvalidValueIsRefusedAndChangesNothing(key: Settings.Key, typed: String) {
        var settings = Settings()
        let error = #expect(throws: BrainyError.self) { try settings.set(key, to: typed) }
        guard case let .invalidSetting(name, value, allowed)? = error else {
            Issue.record("expected .invalidSetting, got \(String(describing: error))")
            return
        }
        #expect(name == key)
        #expect(value == typed)
        #expect(!allowed.isEmpty)
        #expect(settings == Settings())
    }

    @Test func theRefusalListsWhatIsAllowed() {
        var settings = Settings()
        #expect(throws: BrainyError.invalidSetting(.theme, value: "blue", allowed: ["dark", "light", "system"])) {
            try settings.set(.theme, to: "blue")
        }
        #expect(throws: BrainyError.invalidSetting(.count, value: "99", allowed: ["1–50"])) { try settings.set(.count, to: "99") }
        #expect(throws: BrainyError.invalidSetting(.timer, value: "1", allowed: ["off", "3–600"])) { try settings.set(.timer, to: "1") }
    }

    /// The words that describe a setting name every value it takes (`selection` once said "random, unsolved" beside
    /// `adaptive`).
    @Test func theSelectionsDescriptionNamesEverySelection() {
        let description = Settings.Key.selection.help
        for selection in QuestionSelection.allCases {
            #expect(description.en.contains(selection.rawValue))
            #expect(description.ko.contains(selection.rawValue))
        }
    }
}
