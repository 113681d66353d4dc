import BrainyKit
import Foundation

/// How this run was asked to behave: the command line's flags and the environment's knobs, as values.
public struct ShellOptions: Sendable {
    /// Fixes question selection and option order; nil draws a fresh seed.
    public var seed: UInt64?
    /// The sync server given with `--server` (wins over the `server` setting for this run).
    public var serverURL: String?
    /// Results per upload request of `sync` (BRAINY_SYNC_BATCH; small values make cut-off syncs easy to test).
    public var syncBatchSize = 1000
    /// `--lang`: wins over the user's setting for this run.
    public var languageOverride: Language?
    public var colorEnabled: Bool
    /// The time zone days and times are in: the system's unless one is set. Looked up when first needed, not at
    /// start-up, where finding the system's took a twentieth of `brainy -c help`.
    public var timeZone: TimeZone {
        get { fixedTimeZone ?? .current }
        set { fixedTimeZone = newValue }
    }
    private var fixedTimeZone: TimeZone?
    /// `--qa`: the tester's commands (clock, flags, config, reset) are on.
    public var qaEnabled: Bool
    /// `--format`: wins over the user's `format` setting for this run.
    public var formatOverride: OutputFormat?
    /// Fixes the width tables fit (a transcript's replay).
    public var columnsOverride: Int?
    /// `--audio-out DIR`: each question's speech is written there instead of played.
    public var audioOut: URL?
    /// `--asr-url`: an OpenAI-compatible transcription endpoint for spoken answers (instead of PocketSphinx).
    public var asrURL: String?
    /// `--ai-url`: a language model (OpenAI-compatible chat completions) for AI mode's questions.
    public var aiURL: String?
    /// `-q`: no banner and no notices.
    public var quiet = false
    /// The start-up file run before the first prompt of an interactive shell (nil with `-X` or when absent).
    public var startupFile: URL?
    /// Lines the line editor's history keeps (`BRAINY_HISTSIZE`).
    public var historySize = 1000
    /// Ads are shown: on a terminal by default, elsewhere only with `--ads on` (a transcript says which).
    public var adsEnabled = false
    /// Whether this computer keeps an account's sign-in ("remember me"): nil asks at a terminal and keeps it
    /// elsewhere; false keeps none (a script's sign-in lasts for its run only).
    public var rememberSignIn: Bool?

    public init(seed: UInt64? = nil, serverURL: String? = nil, languageOverride: Language? = nil,
                colorEnabled: Bool = false, timeZone: TimeZone? = nil, qaEnabled: Bool = false,
                formatOverride: OutputFormat? = nil, columnsOverride: Int? = nil) {
        self.seed = seed
        self.serverURL = serverURL
        self.languageOverride = languageOverride
        self.colorEnabled = colorEnabled
        self.fixedTimeZone = timeZone
        self.qaEnabled = qaEnabled
        self.formatOverride = formatOverride
        self.columnsOverride = columnsOverride
    }
}
