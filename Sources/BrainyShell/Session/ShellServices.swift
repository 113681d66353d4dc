import BrainyAPI
import BrainyKit
import Foundation

/// What the shell works with: the executable passes the real implementations, tests in-memory ones.
public struct ShellServices {
    public var repository: any BrainyRepository
    public var hasher: any PasswordHasher
    public var clock: any BrainyClock
    /// The config in force until a server sends another (the bundled default).
    public var config: RemoteConfig
    /// Makes the client for a server address; nil leaves the shell without a network (unit tests).
    public var remoteFactory: (@Sendable (String) -> any RemoteAPI)?
    /// The knowledge base AI mode makes questions from (read when AI mode first needs it).
    public var knowledgeFolder: URL?
    /// The house ads shipped with the program, shown when no server has given any (read when an ad is first due).
    public var shippedAdsFile: URL?
    /// Makes the client for a language model (`--ai-url`, `settings ai`).
    public var chatFactory: (@Sendable (String) -> any ChatCompletionAPI)?
    /// Makes the client for a transcription endpoint (`--asr-url`).
    public var transcriptionFactory: (@Sendable (String) -> any SpeechTranscriptionAPI)?
    /// What times the deadlines of calls the shell does not wait for (the start-up pack check's) or waits for only so
    /// long (an ad's fetch): the real clock for people; tests pass one they move, so that what they see does not hang
    /// on how busy the machine is.
    public var deadlineClock: any Clock<Duration> = ContinuousClock()
    /// Where the sign-in's tokens may be kept outside the database file: only the executable passes the machine's
    /// Secret Service; nil (tests, embedders) keeps them in the database file and never asks the machine's keyring.
    public var keyring: Keyring?

    public init(repository: any BrainyRepository, hasher: any PasswordHasher, clock: any BrainyClock = SystemClock(),
                config: RemoteConfig = RemoteConfig(), remoteFactory: (@Sendable (String) -> any RemoteAPI)? = nil,
                transcriptionFactory: (@Sendable (String) -> any SpeechTranscriptionAPI)? = nil) {
        self.repository = repository
        self.hasher = hasher
        self.clock = clock
        self.config = config
        self.remoteFactory = remoteFactory
        self.transcriptionFactory = transcriptionFactory
    }
}
