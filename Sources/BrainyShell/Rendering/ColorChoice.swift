/// Whether the shell paints its output: not with `--no-color`, not when `NO_COLOR` is set, not on a terminal that
/// says it cannot (`TERM=dumb`, as Emacs' shell buffers and some CI logs set), and not into a file or a pipe.
public enum ColorChoice {
    public static func enabled(noColorFlag: Bool, environment: [String: String], outputIsTerminal: Bool) -> Bool {
        guard !noColorFlag, environment["NO_COLOR"] == nil, outputIsTerminal else { return false }
        return environment["TERM"] != "dumb"
    }
}
