import BrainyKit

/// `settings [key [value]]`: the user's settings (theme, language, timer, …) and the device's (the sync server).
enum SettingsCommand: ShellCommand {
    static let name = CommandName.settings
    static let aliases = ["set"]
    static let usage = "settings [key [value]]"
    /// A key and its value: a third word (`settings count 10 10`) was once dropped without a word.
    static let maximumWords: Int? = 2
    private static let keys = (Settings.Key.allCases.map(\.rawValue) + DeviceSetting.allCases.map(\.rawValue))
        .joinedText(separator: ", ")
    static let summary = Localized(ko: "설정 보기와 바꾸기: \(keys)", en: "list and change settings: \(keys)")
    static let details = Localized(ko: "예: settings theme dark, settings timer 20, settings timer off, settings server http://127.0.0.1:8080 (이 기기 전체)",
                                   en: "Examples: settings theme dark, settings timer 20, settings timer off, settings server http://127.0.0.1:8080 (for the whole device)")

    static func completions(after previous: [String], in context: DeviceContext) -> [String] {
        if previous.isEmpty { return Settings.Key.allCases.map(\.rawValue) + DeviceSetting.allCases.map(\.rawValue) }
        guard previous.count == 1 else { return [] }
        if let device = DeviceSetting(rawValue: previous[0].lowercased()) { return DeviceSettings.completions(device) }
        return Settings.Key(rawValue: previous[0].lowercased())?.allowedValues ?? []
    }

    static func run(_ arguments: CommandArguments, in context: DeviceContext) throws -> CommandOutcome {
        guard let user = context.flow.user else { return .proceed }
        guard let keyWord = arguments.first else {
            list(in: context)
            return .proceed
        }
        if let device = DeviceSetting(rawValue: keyWord.lowercased()) {
            try DeviceSettings.change(device, to: arguments[1], in: context)
            return .proceed
        }
        guard let key = Settings.Key(rawValue: keyWord.lowercased()) else { throw BrainyError.unknownSetting(keyWord) }
        let console = context.console
        guard let value = arguments[1] else {
            console.line("\(key.rawValue) = \(OutsideText.clean(context.settings.value(of: key)))   " + console.paint(
                console.text(key.help) + " · " + key.allowedValues.joined(separator: "|"), \.muted))
            return .proceed
        }
        var changed = context.settings
        try changed.set(key, to: value)
        try context.saveSettings(changed, userId: user.id)
        let shown = OutsideText.clean(changed.value(of: key))
        console.line(console.paint("✔ ", \.success) + Localized(
            ko: "\(key.rawValue) = \(shown) (저장됨)", en: "\(key.rawValue) = \(shown) (saved)")[console.language])
        if key == .language, let forced = context.options.languageOverride, forced != changed.language {
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --lang \(forced.rawValue)가 우선합니다.", en: "For this run --lang \(forced.rawValue) wins.")), \.muted))
        }
        if key == .format, let forced = context.options.formatOverride, forced != changed.outputFormat {
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --format \(forced.rawValue)가 우선합니다.", en: "For this run --format \(forced.rawValue) wins.")), \.muted))
        }
        return .proceed
    }

    private static func list(in context: DeviceContext) {
        let console = context.console
        let settings = context.settings
        var rows = Settings.Key.allCases.map { (key: $0.rawValue, value: OutsideText.clean(settings.value(of: $0)), help: $0.help) }
        rows += DeviceSetting.allCases.map { (key: $0.rawValue, value: DeviceSettings.value($0, in: context),
                                              help: DeviceSettings.help($0)) }
        switch context.outputFormat {
        case .json:
            return console.data(Report.json(Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.value) })))
        case .plain:
            return console.data(Report.plain(["key", "value"], rows.map { [$0.key, $0.value] }))
        case .table:
            break
        }
        let width = rows.map(\.key.count).max() ?? 10
        for row in rows {
            console.line(console.paint(row.key.padded(toWidth: width), \.accent) + "  "
                         + console.paint(row.value.padded(toWidth: 8), \.emphasis) + "  "
                         + console.paint(console.text(row.help), \.muted))
        }
        console.line(console.paint(console.text(Localized(ko: "바꾸기: settings <이름> <값>", en: "Change one: settings <key> <value>")), \.muted))
    }
}
