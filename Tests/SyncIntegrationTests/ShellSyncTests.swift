import BrainyClient
import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The shell's remote side against the real server: register, play, sync, sync again, tokens refreshed, a sign-in
/// ended elsewhere, a sync cut off half-way, a guest's history moved to an account.
@Suite struct ShellSyncTests {
    /// Registers on the server: the two password lines, then "y" accepting the terms and privacy policy shown.
    static let register = ["register mina@example.com", "correct horse", "correct horse", "y"]

    @Test func registersPlaysAndSyncsOnceNothingDoubled() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            // Played at a person's pace: the server ranks no answer given faster than a person can.
            shell.secondsPerLine = 2
            let first = await shell.run(Self.register + ShellScript.playQuiz(count: 5) + ["sync", "sync", "profile"])
            #expect(first.status == 0, "\(first.output)")
            #expect(first.output.contains("Created the account mina@example.com on the server"))
            #expect(first.output.contains("5 results uploaded"))
            #expect(first.output.contains("the server holds 5 answers and 1 quiz"))
            #expect(first.output.contains("nothing to upload"))
            #expect(first.output.contains("leaderboard already fetched today"))
            #expect(first.output.contains("online · server \(server.api.baseURL)"))
            #expect(first.output.contains("0 answers"))

            let login = try await server.api.call(API.login, CredentialsRequest(email: "mina@example.com", password: "correct horse"))
            let board = try await server.api.call(API.dailyLeaderboard, accessToken: login.accessToken)
            let correct = try #require(board.you).score
            // The server graded the shell's right answers again from the words uploaded with them, and ranked them all.
            let held = try await server.api.call(API.resultSummary, accessToken: login.accessToken)
            #expect(held.correct > 0, "the quiz had no right answer to grade")
            #expect(correct == held.correct)
            let again = await shell.run(["sync", "leaderboard"])
            #expect(again.output.contains("nothing to upload"))
            #expect(again.output.contains("Daily leaderboard 2026-11-22"))
            #expect(try await server.api.call(API.dailyLeaderboard, accessToken: login.accessToken).you?.score == correct)
        }
    }

    @Test func refreshesAnExpiredAccessTokenQuietlyAndAsksToSignInWhenTheLoginEnded() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            _ = await shell.run(Self.register + ShellScript.playQuiz(count: 3))
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            let before = try #require(try shell.database.remoteTokens(userId: user.id))
            server.clock.advance(by: 20 * 60)
            let refreshed = await shell.run(["sync"])
            #expect(refreshed.status == 0, "\(refreshed.output)")
            #expect(refreshed.output.contains("3 results uploaded"))
            let after = try #require(try shell.database.remoteTokens(userId: user.id))
            #expect(after.refreshToken != before.refreshToken)

            // Someone replays the old refresh token: the server ends the whole login.
            await #expect(throws: RemoteError.self) { try await server.api.call(API.refresh, RefreshRequest(refreshToken: before.refreshToken)) }
            server.clock.advance(by: 20 * 60)
            _ = await shell.run(ShellScript.playQuiz(count: 2))
            let ended = await shell.run(["sync"])
            #expect(ended.status == 1)
            #expect(ended.output.contains("Your sign-in on the server has ended"))
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 2)
            #expect(try shell.database.remoteTokens(userId: user.id) == nil)
            let back = await shell.run(["login email mina@example.com", "correct horse", "sync"])
            #expect(back.output.contains("2 results uploaded"), "\(back.output)")
        }
    }

    @Test func aSyncCutOffHalfWayKeepsWhatWasAcknowledgedAndTheNextSendsOnlyTheRest() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            shell.batchSize = 4
            _ = await shell.run(Self.register + ShellScript.playQuiz(count: 5) + ShellScript.playQuiz(count: 5))
            let user = try #require(try shell.database.user(email: "mina@example.com"))
            shell.wrap = { cutOffAfterUploads($0, uploads: 2) }
            let cut = await shell.run(["sync"])
            #expect(cut.status == 1)
            #expect(cut.output.contains("Sync stopped: 8 of 10 results sent"), "\(cut.output)")
            #expect(cut.output.contains("Cannot reach the server"))
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 2)

            // The shell now knows it is offline, and says so; the next sync that gets through puts it back online.
            shell.keepGoing = true
            shell.wrap = { cutOffAfterUploads($0, uploads: 0) }
            let offline = await shell.run(["sync", "profile"])
            #expect(offline.output.contains("offline · cannot reach \(server.api.baseURL)"), "\(offline.output)")
            shell.keepGoing = false
            shell.wrap = { $0 }
            let rest = await shell.run(["sync"])
            #expect(rest.output.contains("2 results uploaded"), "\(rest.output)")
            #expect(try shell.database.pendingSyncCount(userId: user.id) == 0)
        }
    }

    @Test func aGuestWhoRegistersIsOfferedTheirHistoryAndItSyncsWithTheAccount() async throws {
        try await LiveServer.run { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let run = await shell.run(["login guest"] + ShellScript.playQuiz(count: 4) + ["sync"])
            #expect(run.status == 1)
            #expect(run.output.contains("A guest plays on this device only"))
            let moved = await shell.run(["login guest"] + Self.register + ["y", "history", "sync"])
            #expect(moved.status == 0, "\(moved.output)")
            // (The question itself is a prompt: not printed in a script, whose next line answers it.)
            #expect(moved.output.contains("Moved the guest's 1 quiz to this account"))
            #expect(moved.output.contains("4 results uploaded"))
        }
    }

    @Test func serverDownSaysSoAndKeepsEverythingPending() async throws {
        let shell = try ShellScript()
        // Port 1 (tcpmux) is closed on any machine that runs these tests.
        let port = 1
        shell.serverURL = "http://127.0.0.1:\(port)"
        let run = await shell.run(["login guest", "profile"])
        #expect(run.output.contains("server http://127.0.0.1:\(port)"))
        let register = await shell.run(Self.register)
        #expect(register.status == 1)
        #expect(register.output.contains("Cannot reach the server at http://127.0.0.1:\(port)"))
    }
}

/// A real HTTP server that fails every request with a 500: the shell says so plainly and goes on offline.
@Suite struct FailingServerTests {
    @Test func aServerAnswering500IsReportedPlainlyAndTheShellGoesOn() async throws {
        let router = Router()
        router.get("**") { _, _ in Response(status: .internalServerError) }
        router.post("**") { _, _ in Response(status: .internalServerError) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))"
            let shell = try ShellScript()
            shell.serverURL = url
            let register = await shell.run(ShellSyncTests.register)
            #expect(register.status == 1)
            #expect(register.output.contains("The server at \(url) had a problem (HTTP 500)"), "\(register.output)")
            let offline = await shell.run(["login guest"] + ShellScript.playQuiz(count: 2) + ["profile"])
            #expect(offline.status == 0)
            #expect(offline.output.contains("offline · cannot reach") == false)
            #expect(offline.output.contains("2 answers"))
        }
    }
}

/// The server's config takes effect in the shell, each change with a message: maintenance, the minimum version,
/// the sign-in methods, feature flags.
@Suite struct ServerConfigTests {
    @Test func maintenanceOnTheServerStopsSignInAndAConfigOnlySyncSeesItEnd() async throws {
        try await LiveServer.run(config: RemoteConfig(version: "maintenance-1", maintenanceMode: true)) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let refused = await shell.run(ShellSyncTests.register)
            #expect(refused.status == 1)
            #expect(refused.output.contains("The server is under maintenance"), "\(refused.output)")
            #expect(refused.output.contains("Brainy is under maintenance. Try again later."))
            // Started again: the kept config still says maintenance; `sync` signed out fetches only the config.
            let still = await shell.run(["state", "sync"])
            #expect(still.output.contains("maintenance"))
            #expect(still.output.contains("config maintenance-1 unchanged"), "\(still.output)")
        }
    }

    @Test func aNewerMinimumVersionAndDisabledMethodsAreRefusedWithWhatToDo() async throws {
        let config = RemoteConfig(version: "strict-1", authMethodsEnabled: ["guest"], minAppVersion: "9.0.0",
                                  featureFlags: .init([.aiQuiz: false, .voiceMode: false]))
        try await LiveServer.run(config: config) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let email = await shell.run(["login email mina@example.com"])
            #expect(email.status == 1)
            #expect(email.output.contains("Sign-in methods: guest"), "\(email.output)")
            #expect(email.output.contains("Features: AI mode off, voice mode off"))
            #expect(email.output.contains("9.0.0"))
            #expect(email.output.contains("Email sign-in is turned off"))
            let google = await shell.run(["login google"])
            #expect(google.output.contains("Google sign-in is turned off"), "\(google.output)")
        }
    }
}
