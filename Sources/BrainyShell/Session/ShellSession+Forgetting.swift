import BrainyAPI
import BrainyKit

/// A sign-in this computer was not to keep ("remember me" answered no) leaves nothing on disk: at the end of the run
/// its device session ends and the row that said where its tokens were goes (the tokens themselves were only ever in
/// memory), with the device cookie its server gave (which would let this computer past the account's lock-out as its
/// owner's); a start that finds one left behind by a shell that was killed ends it instead of signing it back in.
extension ShellSession {
    /// How long `exit` waits, at most, for the server to hear that a forgotten sign-in's refresh token is finished.
    static let forgetCallBound = 3.0

    /// At the end of the run (`exit`, the end of input, a script stopped by an error). The server is told, best
    /// effort and for no longer than `forgetCallBound`, after everything on disk has gone: a slow server delays
    /// `exit` a little, and a shell killed while it waits has left nothing behind.
    func forgetSignInsNotRemembered() {
        guard remembering.anyDeclined else { return }
        let forgotten = remote.tokenKeeper.forgetKeptInMemory()
        var ended = !forgotten.isEmpty
        if let user = flow.user, let current = try? repository.currentSession(), current.userId == user.id,
           !current.remembered {
            LocalSignOut(state: state, repository: repository).releaseHeldQuiz()
            try? repository.endSession()
            ended = true
        }
        if ended {
            console.notice(console.paint(console.text(Localized(
                ko: "이 컴퓨터에 남기지 않기로 한 로그인을 끝냈습니다.",
                en: "Signed out: this computer was not to keep the sign-in.")), \.muted))
        }
        guard let makeClient = services.remoteFactory else { return }
        let apis = forgotten.map { makeClient($0.tokens.server) }
        for (api, kept) in zip(apis, forgotten) { forgetDeviceCookie(of: kept.userId, on: api) }
        // Every server told at once, in one wait of `forgetCallBound` at most, however many sign-ins there were.
        let calls = zip(apis, forgotten.map(\.tokens.refreshToken)).map { (api: $0, refreshToken: $1) }
        _ = BoundedCall.bounded(seconds: Self.forgetCallBound, by: services.deadlineClock) {
            await withTaskGroup(of: Void.self) { group in
                for call in calls {
                    group.addTask { _ = try? await call.api.call(API.logout, RefreshRequest(refreshToken: call.refreshToken)) }
                }
            }
        }
    }

    /// The device cookie `api`'s server gave this computer for the user's account.
    private func forgetDeviceCookie(of userId: String, on api: any RemoteAPI) {
        guard let email = ((try? repository.user(id: userId)) ?? nil)?.email else { return }
        remote.forgetDeviceCookie(server: api.baseURL, email: email)
    }

    /// The device's open sign-in, found at start, was not to be kept: ended when its shell is gone (killed before its
    /// `exit`), left alone while that shell still runs. Either way this shell starts signed out.
    func endLeftBehind(_ session: AuthSession) throws {
        let ended: Bool
        do {
            ended = try repository.endLeftBehindSession(session)
        } catch let error as StoreError {
            // On a read-only database it cannot be ended; it is not used all the same.
            guard case .readOnly = error else { throw error }
            return
        }
        if ended {
            if let server = remote.tokenKeeper.forgetLeftInMemory(userId: session.userId),
               let makeClient = services.remoteFactory {
                forgetDeviceCookie(of: session.userId, on: makeClient(server))
            }
            console.line(console.text(Localized(
                ko: "지난번 로그인은 이 컴퓨터에 남기지 않기로 한 것이라 끝냈습니다. 다시 로그인하세요.",
                en: "The last sign-in was not to be kept on this computer, so it has ended: sign in again.")))
        } else {
            console.line(console.text(Localized(
                ko: "다른 셸이 이 컴퓨터에 남기지 않는 로그인을 쓰고 있어, 여기서는 로그인하지 않은 채 시작합니다.",
                en: "Another shell is using a sign-in this computer does not keep; this one starts signed out.")))
        }
    }
}
