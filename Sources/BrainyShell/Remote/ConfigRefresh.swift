import BrainyAPI
import BrainyKit
import Foundation

/// The config from the server: fetched unless the copy kept is current (ETag), kept, and put in force at once with a
/// word for each change the user should know of (maintenance, sign-in methods, feature flags, minimum version).
struct ConfigRefresh {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let now: () -> Date
    let config: ConfigInForce

    /// A config the server served, now in force, and what changed that the user should know.
    struct Adopted {
        var config: RemoteConfig
        var changes: [Localized]
    }

    /// Fetches the config unless the server still serves the one kept (ETag), keeps it and puts it in force.
    /// Returns the new config and what changed, or nil when it was unchanged.
    func fetch(_ api: any RemoteAPI, _ watch: InterruptibleWait?) throws -> Adopted? {
        let etag = try repository.syncValue(SyncKeys.configETag)
        guard case let .fetched(newConfig, newTag) = try remote.call(api, watch, { try await $0.fetch(API.config, ifNoneMatch: etag) })
        else { return nil }
        try repository.saveCachedConfig(newConfig, now: now())
        try repository.setSyncValue(newTag, for: SyncKeys.configETag)
        return Adopted(config: newConfig, changes: adopt(newConfig))
    }

    /// Puts a config fetched from the server in force, returning what changed that the user should know.
    @discardableResult
    func adopt(_ newConfig: RemoteConfig) -> [Localized] {
        let old = config.current()
        config.adopt(newConfig)
        return Self.changes(from: old, to: newConfig)
    }

    /// What changed from `old` to `newConfig` that the user should know.
    static func changes(from old: RemoteConfig, to newConfig: RemoteConfig) -> [Localized] {
        var changes: [Localized] = []
        if newConfig.maintenanceMode != old.maintenanceMode {
            changes.append(newConfig.maintenanceMode
                ? Localized(ko: "서버가 점검 중입니다: 퀴즈를 시작할 수 없습니다. 점검이 끝나면 'sync'로 다시 확인하세요.",
                            en: "The server is under maintenance: quizzes cannot start. 'sync' again to check when it is over.")
                : Localized(ko: "점검이 끝났습니다.", en: "Maintenance is over."))
        }
        if newConfig.authMethodsEnabled != old.authMethodsEnabled {
            changes.append(Localized(ko: "로그인 방법: \(newConfig.authMethodsEnabled.joined(separator: ", "))",
                                     en: "Sign-in methods: \(newConfig.authMethodsEnabled.joined(separator: ", "))"))
        }
        if newConfig.featureFlags != old.featureFlags {
            let flags = newConfig.featureFlags
            changes.append(Localized(
                ko: "기능: AI 모드 \(flags[.aiQuiz] ? "켜짐" : "꺼짐"), 음성 모드 \(flags[.voiceMode] ? "켜짐" : "꺼짐")",
                en: "Features: AI mode \(flags[.aiQuiz] ? "on" : "off"), voice mode \(flags[.voiceMode] ? "on" : "off")"))
        }
        if newConfig.minAppVersion != old.minAppVersion, let minimum = AppVersion(newConfig.minAppVersion),
           let mine = AppVersion(BrainyVersion.current), mine < minimum {
            changes.append(ErrorMessage.of(BrainyError.updateRequired(current: BrainyVersion.current, minimum: newConfig.minAppVersion)))
        }
        return changes
    }
}

/// The config in force, read and replaced through the shell that holds it.
struct ConfigInForce {
    var current: () -> RemoteConfig
    /// Puts a config in force; maintenance goes on or off with it.
    var adopt: (RemoteConfig) -> Void
}
