import BrainyKit

/// `logout`: signs out here and on the server; a quiz in progress stays resumable.
enum LogoutCommand: ShellCommand {
    static let name = CommandName.logout
    static let aliases = ["signout"]
    static let usage = "logout"
    static let summary = Localized(ko: "로그아웃", en: "sign out")
    static let details = Localized(ko: "진행 중인 퀴즈는 나중에 'resume'으로 이어 풀 수 있습니다.", en: "A quiz in progress can be resumed later.")

    static func run(_ arguments: CommandArguments, in context: AccountContext) throws -> CommandOutcome {
        try context.accounts.signOut(announce: true)
        return .proceed
    }
}
