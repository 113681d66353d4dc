import BrainyKit

/// `exit`: leaves the shell.
enum ExitCommand: ShellCommand {
    static let name = CommandName.exit
    static let aliases = ["quit", "\\q"]
    static let usage = "exit"
    static let summary = Localized(ko: "셸 끝내기 (quit, Ctrl-D)", en: "leave the shell (also quit, Ctrl-D)")

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        .exit
    }
}
