import BrainyKit

/// `settings server [URL|off]`: the device's sync server, kept for every user of this device (`--server` wins).
enum ServerSetting {
    static func help(_ setting: DeviceSetting) -> Localized {
        switch setting {
        case .server: Localized(ko: "동기화 서버 주소 (이 기기 전체, --server가 우선) · URL|off",
                                en: "the sync server (for this device; --server wins) · URL|off")
        }
    }

    static func value(_ setting: DeviceSetting, in session: ShellSession) -> String {
        switch setting {
        case .server: session.remote.serverURL ?? Switch.off.rawValue
        }
    }

    static func completions(_ setting: DeviceSetting) -> [String] {
        switch setting {
        case .server: [Switch.off.rawValue, "http://127.0.0.1:8080"]
        }
    }

    static func change(_ setting: DeviceSetting, to value: String?, in session: ShellSession) throws {
        let console = session.console
        guard let value else {
            return console.line("\(setting.rawValue) = \(self.value(setting, in: session))   "
                                + console.paint(console.text(help(setting)), \.muted))
        }
        switch setting {
        case .server:
            if DeviceSetting.isOff(value) {
                try session.repository.setSyncValue(nil, for: SyncKeys.server)
            } else {
                guard ServerAddress.isValid(value) else { throw ShellError.invalidServerURL(value) }
                try session.repository.setSyncValue(value, for: SyncKeys.server)
            }
            session.remote.serverReachable = nil
        }
        let shown = self.value(setting, in: session)
        console.line(console.paint("✔ ", \.success) + Localized(
            ko: "\(setting.rawValue) = \(shown) (저장됨)", en: "\(setting.rawValue) = \(shown) (saved)")[console.language])
        if let forced = session.options.serverURL, forced != value {
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --server \(forced)가 우선합니다.", en: "For this run --server \(forced) wins.")), \.muted))
        }
    }
}
