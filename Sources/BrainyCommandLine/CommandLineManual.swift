/// Everything an executable's `--help` says, kept as data: the help text, the man page (`--man`) and the completion
/// scripts (`--completion bash|zsh|fish`) are rendered from it, so they cannot drift apart.
public struct CommandLineManual: Equatable, Sendable {
    /// One titled part after the options: `ENVIRONMENT`, `FILES`, `EXIT STATUS`.
    public struct Section: Equatable, Sendable {
        public var title: String
        public var text: String

        public init(_ title: String, _ text: String) {
            self.title = title
            self.text = text
        }
    }

    /// The executable's name: `brainy`.
    public var name: String
    /// What it is, in a few words: the man page's NAME line.
    public var summary: String
    /// The arguments after the name: `[options]`.
    public var synopsis: String
    /// Paragraphs under the usage line.
    public var description: [String]
    public var options: [CommandLineOption]
    public var sections: [Section]
    /// The version the man page's header carries.
    public var version: String
    /// The commands typed inside the program (a shell's), under `COMMANDS` after the options: each with how it is
    /// typed and what it does. Given by the program from its own list of commands.
    public var commands: [Command]

    /// One command typed inside the program: `help [command]` and what it does.
    public struct Command: Equatable, Sendable {
        public var usage: String
        public var text: String

        public init(usage: String, text: String) {
            self.usage = usage
            self.text = text
        }
    }

    /// The help's own headings, in the help's language.
    public var headings: Headings

    /// `USAGE`, `OPTIONS`, `COMMANDS`, or the same in another language.
    public struct Headings: Equatable, Sendable {
        public var usage: String
        public var options: String
        public var commands: String

        public init(usage: String, options: String, commands: String) {
            self.usage = usage
            self.options = options
            self.commands = commands
        }

        public static let english = Headings(usage: "USAGE", options: "OPTIONS", commands: "COMMANDS")
    }

    public init(name: String, summary: String, synopsis: String = "[options]", description: [String],
                options: [CommandLineOption], commands: [Command] = [], sections: [Section] = [],
                headings: Headings = .english, version: String) {
        self.name = name
        self.summary = summary
        self.synopsis = synopsis
        self.description = description
        self.options = options
        self.commands = commands
        self.sections = sections
        self.headings = headings
        self.version = version
    }

    /// Every name a flag answers to, in the order of the manual.
    public var flagNames: [String] { options.flatMap(\.names) }

    /// The script for `shell` that completes this executable's flags and their values.
    public func completionScript(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: BashCompletion(manual: self).script
        case .zsh: ZshCompletion(manual: self).script
        case .fish: FishCompletion(manual: self).script
        }
    }
}
