import BrainyKit
import Foundation

/// What every command's context reads, made from the shared state, the console and the launch options: where the
/// flow stands, the console, the time and how output prints. The state and the options stay private to it.
struct ContextBasics {
    private let state: SessionState
    let console: Console
    private let options: ShellOptions

    init(state: SessionState, console: Console, options: ShellOptions) {
        self.state = state
        self.console = console
        self.options = options
    }

    /// Where the flow stands (a value: it changes only through a context's `apply`).
    var flow: QuizFlow { state.flow }
    var now: Date { state.now }
    var timeZone: TimeZone { options.timeZone }
    /// How structured output prints now: `--format`, else the player's setting.
    var outputFormat: OutputFormat { options.formatOverride ?? state.settings.outputFormat }
    /// The width tables fit.
    var columns: Int { state.columns(fixed: options.columnsOverride) }
}
