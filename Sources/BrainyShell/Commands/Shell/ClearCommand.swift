import BrainyKit

/// `clear`: clears the screen, as the shell's `clear` and Ctrl-L do. Allowed in every state; where the output is no
/// terminal (a pipe, a file, a transcript) it writes nothing, so a script's output stays plain text.
enum ClearCommand: ShellCommand {
    static let name = CommandName.clear
    static let usage = "clear"
    static let maximumWords: Int? = 0
    static let summary = Localized(ko: "화면 지우기 (Ctrl-L)", en: "clear the screen (also Ctrl-L)")
    static let details = Localized(ko: "터미널이 아닐 때(파이프, 파일)는 아무것도 쓰지 않습니다.",
                                   en: "Writes nothing when the output is not a terminal (a pipe, a file).")

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        context.console.clearScreen()
        return .proceed
    }
}
