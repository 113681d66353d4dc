import BrainyKit
import Foundation

/// The services a session makes, each given what it needs: narrow values, and the state box the session shares
/// with them (`SessionState`) for what changes while the shell runs, never the session itself.
extension ShellSession {
    /// `sync`'s engine; what it does comes back as a `SyncReport`, its progress goes to `progress`.
    func syncEngine() -> SyncEngine {
        let state = state
        return SyncEngine(remote: remote, repository: repository, config: state.configInForce, now: { state.now },
                          timeZone: timeZone, batchSize: options.syncBatchSize,
                          creditsChanged: { credits in _ = try? state.flow.handle(.hintCreditsChanged(credits)) },
                          settingsChanged: { settings in state.applyUserSettings(settings) })
    }

    /// The sync server's side, given the store, the console, `--server`, the client factory, the keyring the
    /// executable handed in (none: the tokens stay in the database file), and the shared state (who is signed in, the
    /// clock, the config in force, signing out when the server ends the sign-in).
    func makeRemote() -> RemoteSession {
        let state = state
        let signOut = LocalSignOut(state: state, repository: repository)
        return RemoteSession(
            repository: repository, console: console, serverOverride: options.serverURL,
            makeClient: services.remoteFactory, user: { state.flow.user }, now: { state.now },
            config: state.configInForce, signOut: { try signOut.run() },
            tokenKeeper: TokenKeeper(repository: repository, keyring: services.keyring?.store),
            consent: ConsentPrompt(prompts: prompts, console: console))
    }

    /// Signing in and out on this device, given the shared state, the store, the console, the prompts, the remote
    /// side, the password hasher and whether this computer keeps a sign-in.
    var accountSignIn: AccountSignIn {
        let options = options
        return AccountSignIn(state: state, repository: repository, console: console, prompts: prompts, remote: remote,
                             hasher: services.hasher, timeZone: { options.timeZone }, remembering: remembering,
                             deadlineClock: services.deadlineClock)
    }

    /// AI mode's questions from the knowledge base, given the store, its folder, the console and the time.
    var aiQuestionMaking: AIQuestionMaking {
        AIQuestionMaking(repository: repository, knowledgeFolder: services.knowledgeFolder, console: console, now: now)
    }

    /// AI mode's questions from a language model, given the store, the console, the shared state (the clock, the
    /// log), `--ai-url` and the client factory.
    var languageModelQuestions: LanguageModelQuestions {
        LanguageModelQuestions(repository: repository, console: console, state: state, urlOverride: options.aiURL,
                               makeClient: services.chatFactory)
    }

    /// Asking the person at the shell for a line or a secret.
    var prompts: LinePrompts { LinePrompts(reader: reader, console: console, state: state) }
}

extension StartupPackCheck {
    /// Starts the check for `session` when a server is configured (the session keeps it, weakly, for tests).
    static func start(in session: ShellSession) -> StartupPackCheck? {
        let state = session.state
        let check = start(remote: session.remote, repository: session.repository, console: session.console,
                          now: { state.now }, timeZone: session.timeZone,
                          autoImportPack: { state.config.autoImportPack },
                          deadlineClock: session.services.deadlineClock)
        session.packCheck = check
        return check
    }
}

extension ShellSession {
    /// The ads, given the console, the store, the remote side, `--ads`, `--seed`, the shipped ads, the time zone
    /// (read when a message needs it), the shared state (the flow, the config in force, the clock) and the clock of
    /// fetches' bounds.
    func makeAds() -> AdSession {
        let options = options
        return AdSession(console: console, repository: repository, remote: remote, enabled: options.adsEnabled,
                         seed: options.seed, shippedAdsFile: services.shippedAdsFile, timeZone: { options.timeZone },
                         state: state, deadlineClock: services.deadlineClock)
    }

    /// Speech out and in, given the console, the store (`settings voice-out`), `--asr-url`, `--audio-out` and the
    /// user's voice speed; tests pass their own synthesizer, recognizer, cache or output.
    func makeVoice(synthesizer: any SpeechSynthesizer = ESpeakSynthesizer(), recognizer: (any SpeechRecognizer)? = nil,
                   cache: SpeechCache = .standard(), output: AudioOutput? = nil) -> VoiceSession {
        let state = state
        return VoiceSession(console: console, repository: repository, transcriptionURL: options.asrURL,
                            transcriptionFactory: services.transcriptionFactory, audioOut: options.audioOut,
                            timeZone: timeZone, wordsPerMinute: { state.settings.voiceSpeed }, synthesizer: synthesizer,
                            recognizer: recognizer, cache: cache, output: output)
    }
}
