import BrainyAPI
import BrainyKit
import BrainyTestSupport
import Foundation
import Testing

/// The question of the terms of use and the privacy policy after a sign-in, against a server that lies or fails: the
/// sign-in is either whole or ended (on the server too), never half made, and the person is told what happened.
@Suite struct ConsentSignInTests {
    /// A login answered as the real server does, but listing `pending` as still to be accepted.
    static func listing(_ pending: [ConsentVersion], on api: ForwardingRemoteAPI) -> ForwardingRemoteAPI {
        api.replacing(API.login) { inner, call throws(RemoteError) in
            var response = try await inner.send(call).value()
            response.consentRequired = pending
            return .fetched(response, etag: nil)
        }
    }

    /// Counts the sign-outs sent to the server (each forwarded to it).
    static func countingLogouts(_ api: ForwardingRemoteAPI, _ logouts: CallCounter) -> ForwardingRemoteAPI {
        api.replacing(API.logout) { inner, call throws(RemoteError) in
            _ = logouts.next()
            return try await inner.send(call)
        }
    }

    /// The server lists a version its `GET /v1/auth/consent` does not serve: the person never saw it, so is not told
    /// they declined; the sign-in just made is ended on the server and nothing is signed in.
    @Test func pendingVersionsTheServerDoesNotServeAreNotADecline() async throws {
        try await LiveServer.run { server in
            let shell = try TwoDeviceSyncTests.device(server, seed: 71)
            #expect(await shell.run(TwoDeviceSyncTests.register + ["logout"]).status == 0)
            let logouts = CallCounter()
            shell.wrap = { inner in
                Self.countingLogouts(Self.listing([ConsentVersion(document: .privacy, version: "2099-01-01")],
                                                  on: ForwardingRemoteAPI(inner: inner)), logouts)
            }
            let login = await shell.run(TwoDeviceSyncTests.login + ["y"])
            #expect(login.output.contains("versions of the terms of use and privacy policy disagree"), "\(login.output)")
            #expect(!login.output.contains("Signed out: this account cannot be used"), "\(login.output)")
            #expect(logouts.next() == 2)
            shell.wrap = { $0 }
            #expect(await shell.run(["state"]).output.contains("signed_out"))
        }
    }

    /// Recording the acceptance fails (the network, Ctrl-C): the sign-in just made is ended on the server and its
    /// tokens forgotten, not left half made.
    @Test func aFailureWhileRecordingTheAcceptanceEndsTheSignIn() async throws {
        try await LiveServer.run { server in
            let shell = try TwoDeviceSyncTests.device(server, seed: 72)
            #expect(await shell.run(TwoDeviceSyncTests.register + ["logout"]).status == 0)
            let logouts = CallCounter()
            shell.wrap = { inner in
                let listing = Self.listing(ConsentDocument.bundled.map(\.acceptance), on: ForwardingRemoteAPI(inner: inner))
                return Self.countingLogouts(listing.replacing(API.acceptConsent) { _, _ throws(RemoteError) in
                    throw .unreachable("cut off")
                }, logouts)
            }
            let login = await shell.run(TwoDeviceSyncTests.login + ["y"])
            #expect(login.status != 0)
            #expect(logouts.next() == 2, "\(login.output)")
            shell.wrap = { $0 }
            #expect(await shell.run(["state"]).output.contains("signed_out"))
        }
    }

    /// A script whose line after the sign-in is a command, not an answer: the sign-in just made ends, saying which
    /// line was not taken for an answer.
    @Test func aScriptsNextCommandIsNotTakenForAnAnswerUnseen() async throws {
        try await LiveServer.run { server in
            let shell = try TwoDeviceSyncTests.device(server, seed: 73)
            #expect(await shell.run(TwoDeviceSyncTests.register + ["logout"]).status == 0)
            shell.wrap = { inner in
                Self.listing(ConsentDocument.bundled.map(\.acceptance), on: ForwardingRemoteAPI(inner: inner))
            }
            let login = await shell.run(TwoDeviceSyncTests.login + ["sync"])
            #expect(login.output.contains("the line 'sync' is not an answer"), "\(login.output)")
        }
    }

    /// A version published while the person read, at `register`: no account exists, so the shell says to register
    /// again rather than to run 'sync'.
    @Test func aVersionPublishedWhileRegisteringSaysToRegisterAgain() async throws {
        try await LiveServer.run { server in
            let shell = try TwoDeviceSyncTests.device(server, seed: 74)
            shell.wrap = { inner in
                ForwardingRemoteAPI(inner: inner).replacing(API.register) { _, _ throws(RemoteError) in
                    throw .server(status: 403, code: "consent_version_unknown", message: "Not the current version.")
                }
            }
            let made = await shell.run(TwoDeviceSyncTests.register)
            #expect(made.output.contains("the server changed its terms of use and privacy policy while you read"),
                    "\(made.output)")
            #expect(!made.output.contains("Run 'sync'"))
        }
    }

    /// An email the server already has is said before the texts are shown, not after the person read both.
    @Test func aTakenEmailIsSaidBeforeTheTexts() async throws {
        try await LiveServer.run { server in
            let first = try TwoDeviceSyncTests.device(server, seed: 75)
            #expect(await first.run(TwoDeviceSyncTests.register).status == 0)
            let second = try TwoDeviceSyncTests.device(server, seed: 76)
            let made = await second.run(TwoDeviceSyncTests.register)
            #expect(made.status != 0)
            #expect(made.output.contains("mina@example.com already has an account"), "\(made.output)")
            #expect(!made.output.contains("Before the account is made"), "\(made.output)")
        }
    }

    /// A sign-in that lists every document (as a first social sign-in's does) of an account that accepted them at
    /// register, declined: the shell asks the server to delete the account, the real server refuses (it accepted
    /// before), and the shell signs out saying the account stays because it holds data; the account still signs in.
    /// One that lists a single new version asks nothing of the account and says only that it signed out.
    @Test func aDeclineOfEverythingKeepsAnAccountInUseAndSaysSo() async throws {
        try await LiveServer.run { server in
            let shell = try TwoDeviceSyncTests.device(server, seed: 77)
            #expect(await shell.run(TwoDeviceSyncTests.register + ["logout"]).status == 0)
            let declines = CallCounter()
            shell.wrap = { inner in
                Self.listing(ConsentDocument.bundled.map(\.acceptance), on: ForwardingRemoteAPI(inner: inner))
                    .replacing(API.declineConsent) { inner, call throws(RemoteError) in
                        _ = declines.next()
                        return try await inner.send(call)
                    }
            }
            let all = await shell.run(TwoDeviceSyncTests.login + ["n"])
            #expect(declines.next() == 2, "\(all.output)")
            #expect(all.output.contains("Signed out: this account cannot be used"), "\(all.output)")
            #expect(all.output.contains("The account stays on the server because it holds data"), "\(all.output)")
            #expect(!all.output.contains("removed from the server"), "\(all.output)")
            #expect(await shell.run(["state"]).output.contains("signed_out"))
            shell.wrap = { inner in
                Self.listing([ConsentDocument.bundled[0].acceptance], on: ForwardingRemoteAPI(inner: inner))
                    .replacing(API.declineConsent) { inner, call throws(RemoteError) in
                        _ = declines.next()
                        return try await inner.send(call)
                    }
            }
            let one = await shell.run(TwoDeviceSyncTests.login + ["n"])
            #expect(declines.next() == 3, "a decline of one new version deletes nothing: \(one.output)")
            #expect(one.output.contains("Signed out: this account cannot be used"), "\(one.output)")
            #expect(!one.output.contains("stays on the server"), "\(one.output)")
            shell.wrap = { $0 }
            let kept = await shell.run(TwoDeviceSyncTests.login)
            #expect(kept.status == 0, "\(kept.output)")
            #expect(kept.output.contains("Signed in as "), "\(kept.output)")
        }
    }

    /// A first Kakao sign-in, approved in the browser (the development IdP), declined at the question: the account
    /// it made is removed from the server (its email is free again), the shell is signed out and says so; signing in
    /// again with the same Kakao identity makes a new account and asks again.
    @Test func aDeclineAtAFirstSocialSignInRemovesTheAccountAndTheNextSignInAsksAgain() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let declined = try await Self.kakao(shell, server: server, answer: "n")
            #expect(declined.output.contains("To use this account, accept the terms of use and privacy policy"),
                    "\(declined.output)")
            #expect(declined.output.contains("the account this first sign-in made was removed from the server"),
                    "\(declined.output)")
            #expect(!declined.output.contains("ask the server's operator"), "\(declined.output)")
            shell.wrap = { $0 }
            #expect(await shell.run(["state"]).output.contains("signed_out"))
            let free = try await server.api.call(API.checkEmail, CheckEmailRequest(email: "mina@example.com"))
            #expect(free.available)
            let again = try await Self.kakao(shell, server: server, answer: "y")
            #expect(again.output.contains("To use this account, accept the terms of use and privacy policy"),
                    "\(again.output)")
            #expect(again.output.contains("Signed in as mina@example.com (Kakao)"), "\(again.output)")
            let taken = try await server.api.call(API.checkEmail, CheckEmailRequest(email: "mina@example.com"))
            #expect(!taken.available)
        }
    }

    /// `login kakao` then `answer`, approved in the development IdP's pages once the shell shows its link.
    static func kakao(_ shell: ShellScript, server: LiveServer.Context, answer: String) async throws
        -> (status: Int32, output: String) {
        try await BrowserApproval.run(shell, ["login kakao", answer], provider: "kakao", email: "mina@example.com",
                                      server: server)
    }
}
