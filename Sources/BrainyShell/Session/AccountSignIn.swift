import BrainyAPI
import BrainyKit
import Foundation

/// Signing in and out on this device: the checks a sign-in passes (config, version, password, lock-out), the device
/// session, the flow moved to home or to the interrupted quiz, a guest's history offered to the account, a quiz in
/// progress let go of on the way out.
struct AccountSignIn {
    /// The flow, the settings and the config in force, shared with the session.
    private let state: SessionState
    private let repository: any BrainyRepository
    private let console: Console
    private let prompts: LinePrompts
    private let remote: RemoteSession
    private let hasher: any PasswordHasher
    /// The time zone the sign-in's expiry is told in (read when it is told).
    private let timeZone: () -> TimeZone
    /// Whether this computer keeps a sign-in ("remember me").
    private let remembering: SignInRemembering
    /// What bounds the call that ends an earlier sign-in's refresh token (`ShellServices.deadlineClock`).
    private let deadlineClock: any Clock<Duration>

    init(state: SessionState, repository: any BrainyRepository, console: Console, prompts: LinePrompts,
         remote: RemoteSession, hasher: any PasswordHasher, timeZone: @escaping () -> TimeZone,
         remembering: SignInRemembering, deadlineClock: any Clock<Duration>) {
        self.remembering = remembering
        self.deadlineClock = deadlineClock
        self.state = state
        self.repository = repository
        self.console = console
        self.prompts = prompts
        self.remote = remote
        self.hasher = hasher
        self.timeZone = timeZone
    }

    private var now: Date { state.now }
    private var config: RemoteConfig { state.config }
    private var flow: QuizFlow { state.flow }

    func loginWithEmail(_ given: String?) throws {
        let email = try askEmail(given)
        guard let password = prompts.askSecret(Localized(ko: "비밀번호: ", en: "Password: ")) else {
            throw prompts.isInteractive ? ShellError.cancelled : ShellError.inputEnded
        }
        let config = config
        // An empty line is a slip, not an attempt: it does not count toward the lock-out.
        guard !password.isEmpty else { throw ShellError.cancelled }
        // With a server, the server checks the password and keeps the lock-out.
        if let api = remote.api() { return try signIn(remote.login(api, email: email, password: password), announce: true) }
        guard let user = try repository.user(email: email), user.provider == .email else {
            throw BrainyError.wrongCredentials(remainingAttempts: config.maxLoginAttempts)
        }
        if let until = user.lockedUntil, until > now { throw BrainyError.accountLocked(until: until) }
        let hash = try repository.passwordHash(userId: user.id) ?? ""
        guard hasher.verify(password, against: hash) else {
            let updated = try repository.recordFailedLogin(
                userId: user.id, now: now, maxAttempts: config.maxLoginAttempts,
                lockout: TimeInterval(config.lockoutMinutes * 60))
            if let until = updated.lockedUntil, until > now { throw BrainyError.accountLocked(until: until) }
            throw BrainyError.wrongCredentials(remainingAttempts: max(0, config.maxLoginAttempts - updated.failedLoginAttempts))
        }
        try repository.recordSuccessfulLogin(userId: user.id, now: now)
        try signIn(user, announce: true)
    }

    func register(_ given: String?) throws {
        if let api = remote.api() {
            try remote.refreshConfigBeforeSignIn(api)
            if config.maintenanceMode { throw BrainyError.maintenance }
        }
        guard config.allowsLogin(.email) else { throw BrainyError.loginMethodDisabled(.email) }
        try checkAppVersion()
        let email = try askEmail(given)
        let api = remote.api()
        // With a server the account is made there; a local one of the same email is taken over by it.
        if api == nil, try repository.user(email: email) != nil { throw BrainyError.emailTaken(email) }
        let minimum = config.passwordMinLength
        let prompt = Localized(ko: "비밀번호 (\(minimum)자 이상): ", en: "Password (at least \(minimum.counted("character"))): ")
        guard let password = prompts.askSecret(prompt) else {
            throw prompts.isInteractive ? ShellError.cancelled : ShellError.inputEnded
        }
        guard password.count >= minimum, password.contains(where: { !$0.isWhitespace }) else {
            throw BrainyError.passwordTooShort(minimum: minimum)
        }
        guard let again = prompts.askSecret(Localized(ko: "비밀번호 확인: ", en: "Password again: ")) else {
            throw prompts.isInteractive ? ShellError.cancelled : ShellError.inputEnded
        }
        guard again == password else { throw BrainyError.passwordsDoNotMatch }
        if let api {
            return try signIn(remote.register(api, email: email, password: password), announce: true, via: .action(.register))
        }
        let user = try repository.createEmailUser(email: email, passwordHash: hasher.hash(password), now: now)
        console.line(Localized(ko: "\(email) 계정을 만들었습니다.", en: "Created the account \(email)."))
        try repository.recordSuccessfulLogin(userId: user.id, now: now)
        try signIn(user, announce: true, via: .action(.register))
    }

    /// Refuses to sign in when the config asks for a newer shell than this one.
    func checkAppVersion() throws {
        if let minimum = AppVersion(config.minAppVersion), let mine = AppVersion(BrainyVersion.current), mine < minimum {
            throw BrainyError.updateRequired(current: BrainyVersion.current, minimum: config.minAppVersion)
        }
    }

    func askEmail(_ given: String?) throws -> String {
        var email = given
        if email == nil {
            switch prompts.askLine(Localized(ko: "이메일: ", en: "Email: ")) {
            case let .line(text): email = text.trimmingCharacters(in: .whitespaces)
            case .cancelled: throw ShellError.cancelled
            case .end: throw ShellError.inputEnded
            }
        }
        let address = (email ?? "").lowercased()
        guard EmailFormat.isValid(address) else { throw BrainyError.invalidEmail(address) }
        return address
    }

    /// Starts the device session and moves the flow to home (or to the interrupted quiz).
    /// `restoring`: the open session found at start-up, when signing it back in (read again when not given).
    func signIn(_ user: User, announce: Bool, via trigger: FlowTrigger = .action(.login),
                restoring restored: AuthSession? = nil) throws {
        if user.lockedUntil.map({ $0 > now }) == true, user.provider == .email { throw BrainyError.accountLocked(until: user.lockedUntil ?? now) }
        if announce, flow.user != nil {
            // Signing in while signed in switches user, as psql's \c switches connection; the check that the new
            // sign-in is valid has passed by now, so a failed attempt never signs anyone out.
            releaseHeldQuiz()
        }
        // The guest's play goes along with whoever signs in from the guest, and is offered to an account made on this
        // device (someone who played as a guest and then registers keeps what they played).
        if announce, user.provider != .guest, flow.user?.provider == .guest || trigger == .action(.register) {
            try offerGuestHistory(from: repository.guestUser(now: now).id, to: user)
        }
        let authSession: AuthSession
        if announce {
            // An account's sign-in is asked whether this computer keeps it (a guest is local and is not). A server's
            // tokens wait in memory until then (`RemoteSession.completeSignIn`), and are written only if it is.
            let remembered = user.provider == .guest || remembering.ask(prompts, console: console)
            if remembered {
                try remote.tokenKeeper.keep(userId: user.id)
            } else {
                // The tokens stay in memory (the row says so); the device cookie this sign-in brought is never
                // written, and one an earlier, remembered sign-in left goes: this computer does not stay the
                // account's known device, let past its lock-out as its owner's.
                let earlierEnded = endEarlierKeptSignIn(of: user)
                let itemLeft = try remote.tokenKeeper.keepInMemoryOnly(userId: user.id)
                if !earlierEnded || itemLeft {
                    console.line(console.paint(console.text(Localized(
                        ko: "키링이 응답하지 않아(잠김) 이 컴퓨터에 저장돼 있던 이전 로그인을 끝내거나 지우지 못했습니다. 키링을 연 뒤 'secret-tool search --all service brainy-slot'으로 찾아 지우세요.",
                        en: "The keyring did not answer (locked), so the earlier sign-in kept on this computer could not be ended or removed: unlock it, then find and remove it with 'secret-tool search --all service brainy-slot'.")),
                        \.warning))
                }
                if let api = remote.api(), let email = user.email {
                    remote.forgetDeviceCookie(server: api.baseURL, email: email)
                }
            }
            authSession = try repository.startSession(
                userId: user.id, now: now, timeout: TimeInterval(config.sessionTimeoutMinutes * 60),
                remembered: remembered)
        } else {
            // Restoring: the session found at start-up.
            guard let current = try restored ?? repository.currentSession() else { return }
            authSession = current
        }
        state.applyUserSettings(try repository.settings(userId: user.id))
        let interrupted = try loadInterruptedPlay(userId: user.id)
        // A name from a server or an identity provider: shown (here, in the prompt, in `state`) without controls.
        let signedIn = SignedInUser(id: user.id, displayName: OutsideText.clean(user.shownName),
                                    provider: user.provider)
        try state.apply(.signedIn(signedIn, hintCredits: repository.hintCredits(userId: user.id), interrupted: interrupted, via: trigger))
        if announce {
            console.notice(Localized(
                ko: "\(Josa.attach(signedIn.displayName, .direction)) 로그인했습니다\(user.provider == .guest ? "" : " (\(user.provider.name.ko))"). 세션 만료: \(BrainyDateFormat.minute(authSession.expiresAt, timeZone: timeZone()))",
                en: "Signed in as \(signedIn.displayName)\(user.provider == .guest ? "" : " (\(user.provider.name.en))"). Session expires \(BrainyDateFormat.minute(authSession.expiresAt, timeZone: timeZone()))."))
        }
        if let interrupted {
            console.line(console.paint(console.text(Localized(
                ko: "중단된 퀴즈가 있습니다: \(interrupted.quiz.category.name.ko) \(interrupted.quiz.type.name.ko), \(interrupted.answers.count)/\(interrupted.quiz.questionCount)문제 답함. 'resume'으로 이어 풀거나 'abandon'으로 그만두세요.",
                en: "A quiz was interrupted: \(interrupted.quiz.category.name.en) \(interrupted.quiz.type.name.en), \(interrupted.answers.count) of \(interrupted.quiz.questionCount) answered. Type 'resume' to continue or 'abandon' to leave it.")),
                \.warning))
        } else if announce {
            console.notice(Localized(ko: "'mode 객관식', 'mode 주관식', 'mode 음성모드' 또는 'mode AI모드'로 시작하세요.",
                                   en: "Start with 'mode mc', 'mode short', 'mode voice' or 'mode ai'."))
        }
    }

    /// A sign-in answered no replaces one this computer kept for the same account (in the file or the keyring): the
    /// earlier one's refresh token is ended on the server first (bounded as at exit, best effort), so that its row,
    /// overwritten where it lay, leaves no token the server still honours. False when the keyring holding it did not
    /// answer (locked): it could not be read, let alone ended.
    private func endEarlierKeptSignIn(of user: User) -> Bool {
        let earlier: RemoteTokens?
        do {
            earlier = try remote.tokenKeeper.keptBeforeHeld(userId: user.id)
        } catch SecretTool.Failure.nothingKept {
            return true
        } catch {
            return false
        }
        guard let earlier, let api = remote.client(server: earlier.server) else { return true }
        let held = try? remote.tokenKeeper.tokens(userId: user.id)
        guard held?.refreshToken != earlier.refreshToken else { return true }
        let refreshToken = earlier.refreshToken
        _ = BoundedCall.bounded(seconds: ShellSession.forgetCallBound, by: deadlineClock) {
            try await api.call(API.logout, RefreshRequest(refreshToken: refreshToken))
        }
        return true
    }

    /// A guest who signs in may take their play along: asked once, when the guest has played.
    private func offerGuestHistory(from guestId: String, to user: User) throws {
        let count = try repository.quizCount(userId: guestId)
        guard count > 0 else { return }
        let name = OutsideText.clean(user.shownName)
        let answer = prompts.askLine(Localized(
            ko: "게스트 기록(퀴즈 \(count)개)을 \(name) 계정으로 옮길까요? [Y/n] ",
            en: "Move the guest's history (\(count) quiz\(count == 1 ? "" : "zes")) to \(name)? [Y/n] "))
        guard case let .line(text) = answer, YesAnswer.isYes(text) else {
            console.line(Localized(ko: "게스트 기록은 그대로 두었습니다 ('login guest'로 볼 수 있습니다).",
                                   en: "The guest's history stays where it is ('login guest' shows it)."))
            return
        }
        try repository.moveHistory(from: guestId, to: user.id)
        console.line(Localized(ko: "게스트 기록(퀴즈 \(count)개)을 옮겼습니다. 다음 'sync'에 함께 올라갑니다.",
                               en: "Moved the guest's \(count) quiz\(count == 1 ? "" : "zes") to this account; the next 'sync' uploads \(count == 1 ? "it" : "them")."))
    }

    /// A quiz left in progress stays resumable from any shell once this one lets go of it.
    private func releaseHeldQuiz() {
        LocalSignOut(state: state, repository: repository).releaseHeldQuiz()
    }

    /// Signs out here (the held quiz let go of, the device session ended), and with `announce` on the server too,
    /// saying so.
    func signOut(announce: Bool) throws {
        if announce { try remote.logout() }
        let message = Localized(ko: "로그아웃했습니다.", en: "Signed out.")
            + (flow.play != nil && [.question, .answered, .interrupted].contains(flow.state)
               ? Localized(ko: " 진행 중인 퀴즈는 다시 로그인하면 'resume'으로 이어 풀 수 있습니다.",
                           en: " The quiz in progress can be resumed after you sign in again.")
               : Localized(ko: "", en: ""))
        let language = console.language
        try LocalSignOut(state: state, repository: repository).run()
        if announce { console.line(message[language]) }
    }

    /// The quiz this user left in progress, unless another running shell has it open (then it says so). It is
    /// claimed first and read after: what another shell wrote before letting go of it is all there.
    private func loadInterruptedPlay(userId: String) throws -> QuizPlay? {
        guard let found = try repository.interruptedQuiz(userId: userId) else { return nil }
        // A read-only database: its records can be read, its quiz cannot go on.
        guard let claimed = try claim(found.quiz.id) else { return nil }
        guard claimed else {
            console.line(console.paint(console.text(Localized(
                ko: "진행 중인 퀴즈가 다른 셸에 열려 있습니다. 그 셸에서 이어 풀거나, 그 셸을 닫은 뒤 다시 로그인하세요.",
                en: "A quiz in progress is open in another shell. Continue it there, or close that shell and sign in again.")),
                \.warning))
            return nil
        }
        guard let interrupted = try repository.interruptedQuiz(userId: userId), interrupted.quiz.id == found.quiz.id else {
            // Finished or abandoned by the shell that had it, between the look and the claim.
            repository.releaseQuiz(id: found.quiz.id)
            return nil
        }
        let quiz = interrupted.quiz
        let questions = try repository.questions(ids: quiz.dealt.map(\.questionId))
        guard questions.count == quiz.dealt.count else {
            repository.releaseQuiz(id: quiz.id)
            return nil
        }
        return QuizPlay(quiz: quiz, questions: questions, answers: interrupted.answers, questionShownAt: now,
                        usedHints: interrupted.hints)
    }

    /// Claims the quiz: whether this shell got it, or nil when the database is read-only.
    private func claim(_ quizId: String) throws -> Bool? {
        let repository = repository
        switch Result(catching: { () throws(StoreError) -> Bool in try repository.claimQuiz(id: quizId) }) {
        case let .success(claimed): return claimed
        case .failure(.readOnly): return nil
        case let .failure(error): throw error
        }
    }
}

/// Checks the shape of an email address: something@domain.tld, no spaces.
public enum EmailFormat {
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, text.count <= 254, !text.contains(where: \.isWhitespace) else {
            return false
        }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty } && (domain.last?.count ?? 0) >= 2
    }
}
