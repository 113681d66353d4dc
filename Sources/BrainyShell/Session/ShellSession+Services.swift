import BrainyKit
import Foundation

/// The services a session makes, each given what it needs of the session (narrow values, and closures for what
/// changes while the shell runs), never the session itself.
extension ShellSession {
    /// The config in force, read and replaced (maintenance goes on or off with it).
    var configInForce: ConfigInForce {
        ConfigInForce(current: { [unowned self] in config }, adopt: { [unowned self] newConfig in
            let old = config
            config = newConfig
            if newConfig.maintenanceMode != old.maintenanceMode { setMaintenance(newConfig.maintenanceMode) }
        })
    }

    /// `sync`'s engine; what it does comes back as a `SyncReport`, its progress goes to `progress`.
    func syncEngine() -> SyncEngine {
        SyncEngine(remote: remote, repository: repository, config: configInForce, now: { [unowned self] in now },
                   timeZone: timeZone, batchSize: options.syncBatchSize,
                   creditsChanged: { [unowned self] credits in _ = try? flow.handle(.hintCreditsChanged(credits)) },
                   settingsChanged: { [unowned self] settings in applyUserSettings(settings) })
    }
}

extension ShellSession {
    /// The sync server's side, given the store, the console, `--server`, the client factory, and the shell's
    /// sign-in as closures.
    func makeRemote() -> RemoteSession {
        RemoteSession(
            repository: repository, console: console, serverOverride: options.serverURL,
            makeClient: services.remoteFactory, user: { [unowned self] in flow.user }, now: { [unowned self] in now },
            config: configInForce,
            signIn: { [unowned self] user, trigger in
                try AccountSignIn(session: self).signIn(user, announce: true, via: trigger)
            },
            signOut: { [unowned self] in try AccountSignIn(session: self).signOut(announce: false) })
    }
}

extension StartupPackCheck {
    /// Starts the check for `session` when a server is configured (the session keeps it, weakly, for tests).
    static func start(in session: ShellSession) -> StartupPackCheck? {
        let check = start(remote: session.remote, repository: session.repository, console: session.console,
                          now: { [unowned session] in session.now }, timeZone: session.timeZone,
                          autoImportPack: { [unowned session] in session.config.autoImportPack },
                          deadlineClock: session.services.deadlineClock)
        session.packCheck = check
        return check
    }
}

extension ShellSession {
    /// The flow, read and fed events through this session (which performs their effects).
    var flowAccess: FlowAccess {
        FlowAccess(current: { [unowned self] in flow }, apply: { [unowned self] event in try apply(event) },
                   handleQuietly: { [unowned self] event in _ = try flow.handle(event) })
    }

    /// The ads, given the console, the store, the remote side, `--ads`, `--seed`, the shipped ads, and the config in
    /// force, the flow and the clock as closures.
    func makeAds() -> AdSession {
        AdSession(console: console, repository: repository, remote: remote, enabled: options.adsEnabled,
                  seed: options.seed, shippedAdsFile: services.shippedAdsFile, timeZone: { [unowned self] in timeZone },
                  config: { [unowned self] in config.ads }, flow: flowAccess, now: { [unowned self] in now },
                  runsOnWallClock: { [unowned self] in runsOnWallClock })
    }
}

extension ShellSession {
    /// Speech out and in, given the console, the store (`settings voice-out`), `--asr-url`, `--audio-out` and the
    /// user's voice speed; tests pass their own synthesizer, recognizer, cache or output.
    func makeVoice(synthesizer: any SpeechSynthesizer = ESpeakSynthesizer(), recognizer: (any SpeechRecognizer)? = nil,
                   cache: SpeechCache = .standard(), output: AudioOutput? = nil) -> VoiceSession {
        VoiceSession(console: console, repository: repository, transcriptionURL: options.asrURL,
                     transcriptionFactory: services.transcriptionFactory, audioOut: options.audioOut, timeZone: timeZone,
                     wordsPerMinute: { [unowned self] in settings.voiceSpeed }, synthesizer: synthesizer,
                     recognizer: recognizer, cache: cache, output: output)
    }
}
