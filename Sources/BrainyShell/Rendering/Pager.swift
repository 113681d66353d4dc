import Foundation

/// Shows a long listing through the user's pager, as psql and git do: `$PAGER`, else `less -FRX` (which prints and
/// returns at once when the text fits after all), else none. The pager runs on the shell's terminal, in its
/// foreground process group (`Platform.runOnTerminal`), so that it can read keys. `show` is true only when the pager
/// ran and ended well; otherwise the caller prints the text itself: a listing is never dropped.
struct Pager {
    /// The shell command that pages (run with `/bin/sh -c`), or nil for none.
    let command: String?
    /// The pager's whole environment.
    let environment: [String: String]

    /// `$PAGER` when it is set (set but blank: no pager, as in psql and git), else `less -FRX` when `less` is
    /// installed, else none. A `less` reads the text as UTF-8, whatever the locale says, and, as git sets it, `LESS`
    /// is `FRX` unless the user set it (a `PAGER=less` shows colours rather than their escape codes).
    static func fromEnvironment() -> Pager {
        Pager(environment: ProcessInfo.processInfo.environment, lessInstalled: Platform.isOnPath("less"))
    }

    /// The pager `environment` asks for.
    init(environment: [String: String], lessInstalled: Bool) {
        if let chosen = environment["PAGER"] {
            command = chosen.trimmingCharacters(in: .whitespaces).isEmpty ? nil : chosen
        } else {
            command = lessInstalled ? "less -FRX" : nil
        }
        var environment = environment
        if environment["LESSCHARSET"] == nil { environment["LESSCHARSET"] = "utf-8" }
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        self.environment = environment
    }

    init(command: String?, environment: [String: String]) {
        self.command = command
        self.environment = environment
    }

    /// Runs the pager on `text`. True when it ran and ended with status 0; false when there is no pager, it could not
    /// start, it failed or a signal ended it (then the text has to be printed).
    func show(_ text: String) -> Bool {
        guard let command else { return false }
        return Platform.runOnTerminal(command, input: text, environment: environment) == .exited(0)
    }

    /// `show`, and the text through `print` when the pager did not show it.
    func show(_ text: String, otherwise print: (String) -> Void) {
        if !show(text) { print(text) }
    }
}
