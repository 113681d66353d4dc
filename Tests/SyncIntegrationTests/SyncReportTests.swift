import BrainyClient
import BrainyAPI
import BrainyKit
import BrainyPasswords
@testable import BrainyShell
import BrainyStore
import Foundation
import Testing

/// `sync` against the real server on loopback, read as the report it returns: what went up, what came down, what
/// was refused or skipped, and its progress, with nothing printed while it runs.
@Suite struct SyncReportTests {
    @Test func aSyncReportsWhatWentUpAndWhatCameDownAndPrintsNothing() async throws {
        try await LiveServer.run { server in
            let phone = try TwoDeviceSyncTests.device(server, seed: 11)
            let played = await phone.run(ShellSyncTests.register + ShellScript.playQuiz(count: 5))
            #expect(played.status == 0, "\(played.output)")

            let first = try await Self.sync(phone)
            let report = try first.report.get()
            #expect(report.signedIn)
            #expect(report.upload?.total == 5 && report.upload?.sent == 5 && report.upload?.refused == 0)
            #expect(report.serverHolds?.results == 5 && report.serverHolds?.quizzes == 1)
            // What this device uploaded is not downloaded again.
            #expect(report.download == DownloadedCounts())
            #expect(report.config != nil && report.pack != nil)
            #expect(report.leaderboard == .fetched(rank: 1))
            #expect(report.skipped.isEmpty)
            #expect(report.notices.isEmpty)
            #expect(first.progress.first == .uploading(sent: 0, total: 5, perSecond: 0))
            #expect(first.progress.contains { if case .uploading(5, 5, _) = $0 { true } else { false } })
            #expect(first.progress.filter { $0 == .ended }.count == 2)
            #expect(first.printed.isEmpty, "\(first.printed)")

            let again = try await Self.sync(phone).report.get()
            #expect(again.upload == SyncReport.Upload(total: 0, sent: 0, refused: 0, reasons: [], perSecond: 0))
            #expect(again.leaderboard == .alreadyFetchedToday)
            if case let .fetched(version)? = report.config { #expect(again.config == .unchanged(version: version)) }

            // A new device of the account: the five results and their quiz come down.
            let laptop = try TwoDeviceSyncTests.device(server, seed: 83)
            #expect(await laptop.run(TwoDeviceSyncTests.login).status == 0)
            let restored = try await Self.sync(laptop)
            let restoredReport = try restored.report.get()
            #expect(restoredReport.upload?.total == 0)
            #expect(restoredReport.download == DownloadedCounts(quizzes: 1, results: 5))
            #expect(restored.progress.contains { if case .downloading(5, 5?, _) = $0 { true } else { false } })
            #expect(restored.printed.isEmpty, "\(restored.printed)")
        }
    }

    @Test func aSyncCutOffReturnsWhatItDidUntilThenWithTheError() async throws {
        try await LiveServer.run { server in
            let phone = try TwoDeviceSyncTests.device(server, seed: 11, batchSize: 4)
            let played = await phone.run(ShellSyncTests.register + ShellScript.playQuiz(count: 5)
                                         + ShellScript.playQuiz(count: 5))
            #expect(played.status == 0, "\(played.output)")
            phone.wrap = { cutOffAfterUploads($0, uploads: 2) }

            let cut = try await Self.sync(phone)
            guard case let .failure(failure) = cut.report else {
                Issue.record("the sync went through the cut")
                return
            }
            #expect(failure.error as? ShellError == .serverUnreachable(server.api.baseURL))
            #expect(failure.report.upload?.total == 10 && failure.report.upload?.sent == 8)
            guard case let .uploadStopped(sent, total)? = failure.report.notices.last else {
                Issue.record("no notice of the stop: \(failure.report.notices)")
                return
            }
            #expect(sent == 8 && total == 10)
            #expect(cut.printed.isEmpty, "\(cut.printed)")
        }
    }

    /// What one sync returned, the progress it told, and whatever was printed meanwhile.
    struct Outcome: Sendable {
        var report: Result<SyncReport, SyncFailure>
        var progress: [SyncProgress]
        var printed: String
    }

    /// Signs the device's shell back in (as at start-up) and runs the sync engine on a thread of its own (it waits for
    /// the server as the `brainy` executable does), without the `sync` command or its renderer.
    static func sync(_ device: ShellScript) async throws -> Outcome {
        let database = device.database
        let clock = device.clock
        let serverURL = device.serverURL
        let batchSize = device.batchSize
        let wrap = device.wrap
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                var options = ShellOptions(seed: 1, serverURL: serverURL, languageOverride: .en, timeZone: .gmt)
                options.syncBatchSize = batchSize
                let session = ShellSession(
                    services: ShellServices(repository: database, hasher: ScryptPasswordHasher(rounds: 1 << 8), clock: clock,
                                            remoteFactory: { url in wrap(HTTPRemoteAPI(baseURL: url, timeout: 60)) }),
                    options: options, reader: PlainLineReader(lines: []),
                    console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
                do {
                    try session.restoreSession()
                    let before = session.console.captured
                    var progress: [SyncProgress] = []
                    var engine = session.syncEngine()
                    engine.progress = { progress.append($0) }
                    let report: Result<SyncReport, SyncFailure>
                    do throws(SyncFailure) {
                        report = .success(try engine.run(for: session.flow.user))
                    } catch {
                        report = .failure(error)
                    }
                    let printed = String(session.console.captured.dropFirst(before.count))
                    continuation.resume(returning: Outcome(report: report, progress: progress, printed: printed))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }
}
