import BrainyKit
import Foundation

/// What the shell's own commands (`help`, `state`, `diagram`, `timing`, `source`, `record`, `clear`, `exit`) may
/// use: the flow read, the console and how output prints, the launch options read, and the few parts of the shell
/// they switch (timing, `source` nesting, the transcript being recorded and the clock standing still for it).
struct ShellContext: CommandContext {
    private let session: ShellSession

    init(_ session: ShellSession) { self.session = session }

    var basics: ContextBasics { ContextBasics(session) }

    static func made(by contexts: CommandContexts) -> Self { contexts.shell() }

    /// How the shell was started (`--seed`, `--qa`, `--ads`…), read only.
    var options: ShellOptions { session.options }
    /// The commands allowed now, in `CommandName`'s order (the QA commands only with `--qa`).
    var allowedCommands: [CommandName] { session.allowedCommands }
    /// The rewarded ad being watched, if any (`state` shows it).
    var adWatch: AdWatch? { session.ads.watch }

    /// `timing on`: how long each command took is printed after it.
    var timingEnabled: Bool {
        get { session.timingEnabled }
        nonmutating set { session.timingEnabled = newValue }
    }

    /// How many `source` files are being run, one inside the other.
    var sourceDepth: Int {
        get { session.sourceDepth }
        nonmutating set { session.sourceDepth = newValue }
    }

    /// Runs a file's commands one by one, as if typed.
    func run(_ file: CommandFile) -> CommandFile.Outcome { file.run(in: session) }

    /// The transcript being recorded (`record FILE` … `record stop`).
    var recorder: TranscriptRecorder? {
        get { session.recorder }
        nonmutating set { session.recorder = newValue }
    }

    /// Whether the shell runs on the fixed clock `--clock` started (it then moves only by `clock`).
    var runsOnManualClock: Bool { session.services.clock is ManualClock }

    /// Time stands still from now (while recording without `--clock`), or moves again (`nil`).
    func holdClock(_ held: Bool) { session.clockOverride = held ? ManualClock(session.now) : nil }

    /// The random numbers start again from `seed`, as a transcript's replay will.
    func reseed(_ seed: UInt64) { session.state.reseed(seed) }
}
