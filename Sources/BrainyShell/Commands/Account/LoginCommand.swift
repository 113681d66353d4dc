import BrainyKit

/// `login guest | email [address] | google | apple`: signs in; with a server, email goes to it and Google and Apple
/// run the device flow.
enum LoginCommand: ShellCommand {
    static let name = CommandName.login
    static let aliases = ["signin"]
    static let usage = "login " + AuthProvider.allCases.map { $0 == .email ? "email [address]" : $0.rawValue }
        .joinedText(separator: " | login ")
    /// A method and an address: `login email a@b.co secret` would put a password on the command line (and in
    /// history), so a third word is refused.
    static let maximumWords: Int? = 2
    static let summary = Localized(ko: "로그인 (비밀번호는 화면에 표시되지 않음)", en: "sign in (passwords are not echoed)")
    static let details = Localized(
        ko: "게스트는 이 기기에만 기록을 남깁니다. 이메일 계정은 'register'로 만듭니다. 서버가 있으면(--server URL) 이메일 로그인은 서버로 가고, google/apple은 코드와 링크를 보여 주고 승인을 기다립니다 (Ctrl-C로 그만두기).",
        en: "A guest keeps progress on this device only. Create an email account with 'register'. With a server (--server URL), email sign-in goes to it, and google/apple show a code and a link and wait for approval (Ctrl-C stops waiting).")

    static func completions(after previous: [String], in context: AccountContext) -> [String] {
        previous.isEmpty ? AuthProvider.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: AccountContext) throws -> CommandOutcome {
        let method = arguments.first?.lowercased() ?? AuthProvider.guest.rawValue
        guard let provider = AuthProvider(parsing: method) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: method, expected: AuthProvider.typedNames)
        }
        let remote = context.remote
        if provider != .guest, let api = remote.api() {
            try remote.refreshConfigBeforeSignIn(api)
            if context.config.maintenanceMode { throw BrainyError.maintenance }
        }
        guard context.config.allowsLogin(provider) else { throw BrainyError.loginMethodDisabled(provider) }
        let accounts = context.accounts
        try accounts.checkAppVersion()
        switch provider {
        case .guest:
            try accounts.signIn(context.guestUser(), announce: true)
        case .email:
            try accounts.loginWithEmail(arguments[1])
        case .google, .apple, .kakao, .naver:
            // Social sign-in goes through the sync server, which verifies the provider's ID token.
            guard let api = remote.api() else { throw ShellError.needsServer(provider) }
            try accounts.signIn(SocialSignIn(remote: remote).signIn(api, provider: provider), announce: true)
        }
        return .proceed
    }
}
