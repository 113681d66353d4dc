import BrainyKit
import Foundation

/// What the shell's own commands (`help`, `state`, `diagram`, `timing`, `source`, `record`, `clear`, `exit`) may
/// use: the flow read, the console and how output prints, the launch options read, and the few parts of the shell
/// they switch (timing, `source` nesting, the transcript being recorded and the clock standing still for it, the
/// run's random numbers).
struct ShellContext: CommandContext {
    let basics: ContextBasics
    /// How the shell was started (`--seed`, `--qa`, `--ads`…), read only.
    let options: ShellOptions
    private let state: SessionState
    private let ads: AdSession
    private let runFile: (CommandFile) -> CommandFile.Outcome

    /// `runFile`: runs a file's commands one by one, as if typed (the shell's own line loop).
    init(basics: ContextBasics, options: ShellOptions, state: SessionState, ads: AdSession,
         runFile: @escaping (CommandFile) -> CommandFile.Outcome) {
        self.basics = basics
        self.options = options
        self.state = state
        self.ads = ads
        self.runFile = runFile
    }

    static func made(by contexts: CommandContexts) -> Self { contexts.shell() }

    /// The commands allowed now, in `CommandName`'s order (the QA commands only with `--qa`).
    var allowedCommands: [CommandName] { state.flow.allowedCommands(qa: options.qaEnabled) }
    /// The rewarded ad being watched, if any (`state` shows it).
    var adWatch: AdWatch? { ads.watch }

    /// `timing on`: how long each command took is printed after it.
    var timingEnabled: Bool {
        get { state.timingEnabled }
        nonmutating set { state.timingEnabled = newValue }
    }

    /// How many `source` files are being run, one inside the other.
    var sourceDepth: Int {
        get { state.sourceDepth }
        nonmutating set { state.sourceDepth = newValue }
    }

    /// Runs a file's commands one by one, as if typed.
    func run(_ file: CommandFile) -> CommandFile.Outcome { runFile(file) }

    /// The transcript being recorded (`record FILE` … `record stop`).
    var recorder: TranscriptRecorder? {
        get { state.recorder }
        nonmutating set { state.recorder = newValue }
    }

    /// Whether the shell runs on the fixed clock `--clock` started (it then moves only by `clock`).
    var runsOnManualClock: Bool { state.clock is ManualClock }

    /// Time stands still from now (while recording without `--clock`), or moves again (`nil`).
    func holdClock(_ held: Bool) { state.clockOverride = held ? ManualClock(state.now) : nil }

    /// The random numbers start again from `seed`, as a transcript's replay will.
    func reseed(_ seed: UInt64) { state.reseed(seed) }
}
