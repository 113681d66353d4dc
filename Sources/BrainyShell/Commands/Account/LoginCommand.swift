import BrainyKit

/// `login guest | email [address] | google | apple | kakao | naver`: signs in; with a server, email goes to it and
/// the providers sign in through the browser or a device flow (`SocialSignIn` says which).
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
        ko: "게스트는 이 기기에만 기록을 남깁니다. 이메일 계정은 'register'로 만듭니다. 서버가 있으면(--server URL) 이메일 로그인은 서버로 갑니다. kakao, naver, apple은 브라우저로 로그인합니다: 링크와 짧은 코드를 보여 주고, 아무 기기의 브라우저에서 링크를 열어 마칠 때까지 기다립니다 (Ctrl-C로 그만두기). google은 서버가 기기 인증(device flow)을 제공하면 그것으로(구글 페이지에 코드 입력, 서버에 브라우저가 닿지 않아도 됨), 아니면 브라우저로 로그인합니다. apple도 서버가 개발용 인증 서버의 기기 인증만 제공하면 그것을 씁니다.",
        en: "A guest keeps progress on this device only. Create an email account with 'register'. With a server (--server URL), email sign-in goes to it. kakao, naver and apple sign in through the browser: the shell shows a link and a short code and waits while you open the link in a browser on any device (Ctrl-C stops waiting). google uses the device flow when the server offers it (you enter the code on Google's page, and the browser need not reach the server), else the browser; apple uses the development identity provider's device flow when that is all the server offers.")

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
            // A provider's sign-in goes through the sync server, which checks what the provider says.
            guard let api = remote.api() else { throw ShellError.needsServer(provider) }
            let social = SocialSignIn(remote: remote, clock: context.deadlineClock)
            // The flow waits for the browser while the link is shown (`waiting_for_browser`, a step inside login).
            try context.signingIn { waiting in
                try accounts.signIn(social.signIn(api, provider: provider, waiting: waiting), announce: true)
            }
        }
        return .proceed
    }
}
