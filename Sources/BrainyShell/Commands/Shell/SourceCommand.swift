import BrainyKit
import Foundation

/// `source FILE`: runs the commands in a file, as psql's `\i` and sqlite3's `.read` do.
enum SourceCommand: ShellCommand {
    static let name = CommandName.source
    static let aliases = ["\\i", ".read"]
    static let usage = "source <file>"
    /// One file (a path with spaces is quoted).
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "파일의 명령 실행 (한 줄에 하나, #은 주석)", en: "run the commands in a file (one a line, # comments)")
    static let details = Localized(
        ko: "줄마다 실행하고, 실패한 줄은 줄 번호와 함께 알린 뒤 다음 줄로 갑니다. 시작 파일(brainyrc)과 같은 형식입니다.",
        en: "Every line runs; a line that fails is reported with its number and the next one runs. The start-up file (brainyrc) has the same form.")

    /// How deep `source` may nest: a file that sources itself stops here.
    static let nestingLimit = 16

    /// An empty file: nothing runs, nothing is printed.
    static var quietExample: String { "source /dev/null" }

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        guard let path = arguments.first else { throw missingArgument }
        let expanded = (path as NSString).expandingTildeInPath
        guard context.sourceDepth < nestingLimit else { throw ShellError.sourceNestedTooDeep(expanded, limit: nestingLimit) }
        let file = try CommandFile.read(expanded)
        context.sourceDepth += 1
        defer { context.sourceDepth -= 1 }
        let outcome = context.run(file)
        if outcome.exit { return .exit }
        if outcome.failures > 0 { throw ShellError.sourcedFileFailed(expanded, failures: outcome.failures) }
        return .proceed
    }
}
