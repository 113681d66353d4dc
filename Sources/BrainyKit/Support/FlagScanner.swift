/// Walks a command line's flags for the executables' hand-written parsers: `--name value`, `--name=value`, `-c value`.
public struct FlagScanner {
    /// One flag as written: its name, the whole argument, and a value written after `=`.
    public struct Flag: Sendable {
        public var name: String
        public var argument: String
        public var inline: String?
    }

    private var rest: ArraySlice<String>

    public init(_ arguments: [String]) {
        rest = arguments[...]
    }

    /// The next flag, or nil at the end of the command line.
    public mutating func next() -> Flag? {
        guard let argument = rest.popFirst() else { return nil }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return Flag(name: String(argument[..<equals]), argument: argument,
                        inline: String(argument[argument.index(after: equals)...]))
        }
        return Flag(name: argument, argument: argument, inline: nil)
    }

    /// The value of `flag`: the one after `=`, else the next argument; nil when the command line ends first.
    public mutating func value(of flag: Flag) -> String? {
        flag.inline ?? rest.popFirst()
    }
}
