import BrainyKit

/// `register [address]`: makes an email account (on the server when there is one) and signs in.
enum RegisterCommand: ShellCommand {
    static let name = CommandName.register
    static let aliases = ["signup"]
    static let usage = "register [address]"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "이메일 계정 만들기 (비밀번호 두 번 입력)", en: "create an email account (password asked twice)")
    static let details = Localized(ko: "비밀번호 최소 길이는 서버 설정(config)에서 정해집니다.", en: "The minimum password length comes from the remote config.")

    static func run(_ arguments: CommandArguments, in context: AccountContext) throws -> CommandOutcome {
        try context.accounts.register(arguments.first)
        return .proceed
    }
}
