import BrainyKit
import Foundation

/// The device's settings, kept for every user of this device: `settings server [URL|off]` (`--server` wins) and
/// `settings voice-out [DIR|off]` (`--audio-out` wins).
enum DeviceSettings {
    static func help(_ setting: DeviceSetting) -> Localized {
        switch setting {
        case .server: Localized(ko: "동기화 서버 주소 (이 기기 전체, --server가 우선) · URL|off",
                                en: "the sync server (for this device; --server wins) · URL|off")
        case .voiceOut: Localized(ko: "음성모드 음성을 WAV로 쓸 폴더 (이 기기 전체, --audio-out이 우선) · 폴더|off",
                                  en: "the folder voice mode writes its speech to as WAV (for this device; --audio-out wins) · DIR|off")
        case .ai: Localized(ko: "AI모드가 문제를 청할 언어 모델 (OpenAI 호환 chat-completions 주소, 이 기기 전체, --ai-url이 우선) · URL|off",
                            en: "the language model AI mode asks for questions (an OpenAI-compatible chat-completions URL; for this device; --ai-url wins) · URL|off")
        }
    }

    /// The setting as shown: cleaned of terminal controls, a URL's credentials masked.
    static func value(_ setting: DeviceSetting, in context: DeviceContext) -> String {
        OutsideText.clean(SecretWords.masking(storedValue(setting, in: context)))
    }

    private static func storedValue(_ setting: DeviceSetting, in context: DeviceContext) -> String {
        switch setting {
        case .server: context.remoteStatus.serverURL ?? Switch.off.rawValue
        case .voiceOut: (try? context.deviceValue(SyncKeys.voiceOut)).flatMap { $0 } ?? Switch.off.rawValue
        case .ai: (try? context.deviceValue(SyncKeys.aiURL)).flatMap { $0 } ?? Switch.off.rawValue
        }
    }

    static func completions(_ setting: DeviceSetting) -> [String] {
        switch setting {
        case .server: [Switch.off.rawValue, "http://127.0.0.1:8080"]
        case .voiceOut: [Switch.off.rawValue]
        case .ai: [Switch.off.rawValue, "http://127.0.0.1:11434/v1"]
        }
    }

    static func change(_ setting: DeviceSetting, to value: String?, in context: DeviceContext) throws {
        let console = context.console
        guard let value else {
            return console.line("\(setting.rawValue) = \(self.value(setting, in: context))   "
                                + console.paint(console.text(help(setting)), \.muted))
        }
        switch setting {
        case .server:
            if DeviceSetting.isOff(value) {
                try context.setDeviceValue(nil, for: SyncKeys.server)
            } else {
                guard ServerAddress.isValid(value) else { throw ShellError.invalidServerURL(SecretWords.masking(value)) }
                try context.setDeviceValue(value, for: SyncKeys.server)
            }
            context.serverChanged()
        case .voiceOut:
            if DeviceSetting.isOff(value) {
                try context.setDeviceValue(nil, for: SyncKeys.voiceOut)
            } else {
                // '' would be the current folder: refused, nothing saved.
                guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw VoiceError.voiceOutEmpty }
                let folder = URL(fileURLWithPath: (value as NSString).expandingTildeInPath, isDirectory: true)
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw ShellError.fileNotWritable(folder.path)
                }
                try context.setDeviceValue(folder.path, for: SyncKeys.voiceOut)
            }
        case .ai:
            if DeviceSetting.isOff(value) {
                try context.setDeviceValue(nil, for: SyncKeys.aiURL)
            } else {
                guard ServerAddress.isValid(value) else { throw ShellError.invalidServerURL(SecretWords.masking(value)) }
                try context.setDeviceValue(value, for: SyncKeys.aiURL)
            }
        }
        let shown = self.value(setting, in: context)
        console.line(console.paint("✔ ", \.success) + Localized(
            ko: "\(setting.rawValue) = \(shown) (저장됨)", en: "\(setting.rawValue) = \(shown) (saved)")[console.language])
        if setting == .server, let forced = context.options.serverURL, forced != value {
            let shownForced = OutsideText.clean(SecretWords.masking(forced))
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --server \(shownForced)가 우선합니다.", en: "For this run --server \(shownForced) wins.")), \.muted))
        }
    }
}
