import BrainyAPI
import Foundation
import Testing
@testable import BrainyServer

/// The rules of one browser sign-in session, as a value: polls, the page's start of the authorization, the callback.
@Suite struct BrowserSignInRuleTests {
    static let start = Date(timeIntervalSince1970: 1_795_327_200)

    static func session() -> BrowserSignIn {
        BrowserSignIn(sessionKey: "key", userCode: "BCDF-GHJK", provider: .kakao, origin: "http://127.0.0.1:8080",
                      now: start)
    }

    static let authorization = BrowserSignIn.Authorization(state: "state", nonce: "nonce", codeVerifier: "verifier",
                                                            used: false)

    @Test func pollingFasterThanTheIntervalIsToldToSlowDown() {
        var session = Self.session()
        #expect(session.polled(now: Self.start) == .pending)
        #expect(session.polled(now: Self.start.addingTimeInterval(1)) == .slowDown)
        #expect(session.polled(now: Self.start.addingTimeInterval(6)) == .pending)
        #expect(session.polled(now: Self.start.addingTimeInterval(11)) == .pending)
    }

    @Test func aSessionPastItsLifetimeIsExpiredToPageCallbackAndPoll() {
        var session = Self.session()
        let late = Self.start.addingTimeInterval(BrowserSignIn.lifetime)
        #expect(session.begin(Self.authorization, now: late) == .expired)
        #expect(session.begin(Self.authorization, now: Self.start) == .redirect(session.with(Self.authorization)))
        #expect(session.calledBack(now: late) == .expired)
        #expect(session.polled(now: late) == .expired)
    }

    @Test func aCallbackIsCheckedOnceAndAReplayIsRefused() {
        var session = Self.session()
        _ = session.begin(Self.authorization, now: Self.start)
        guard case let .check(checked) = session.calledBack(now: Self.start) else {
            Issue.record("the first callback is not checked")
            return
        }
        #expect(checked.authorization?.used == true)
        #expect(session.calledBack(now: Self.start) == .replayed)
    }

    @Test func aCallbackWithoutABegunAuthorizationIsAReplayNotASignIn() {
        var session = Self.session()
        #expect(session.calledBack(now: Self.start) == .replayed)
    }

    @Test func aFinishedSessionIsUsedUpByThePollThatSeesIt() {
        var done = Self.session()
        done.outcome = .done(accountId: "a-1")
        let signIn = done.polled(now: Self.start)
        #expect(signIn == .signIn(accountId: "a-1") && signIn.usesUpSession)
        // A sign-in finished in time gives its tokens to a poll a little after the expiry.
        var late = Self.session()
        late.outcome = .done(accountId: "a-1")
        #expect(late.polled(now: Self.start.addingTimeInterval(BrowserSignIn.lifetime + 3)) == .signIn(accountId: "a-1"))
        var denied = Self.session()
        denied.outcome = .denied(reason: "no")
        #expect(denied.polled(now: Self.start) == .denied(reason: "no"))
        #expect(denied.begin(Self.authorization, now: Self.start) == .finished)
    }

    @Test func theOutcomeIsStoredAndReadBack() {
        for outcome: BrowserSignIn.Outcome in [.pending, .done(accountId: "a-1"), .denied(reason: "why")] {
            let stored = outcome.stored
            #expect(BrowserSignIn.Outcome(stored: stored.outcome, detail: stored.detail) == outcome)
        }
    }
}

extension BrowserSignIn {
    func with(_ authorization: Authorization) -> BrowserSignIn {
        var copy = self
        copy.authorization = authorization
        return copy
    }
}
