import BrainyAPI
import BrainyKit
import Testing
@testable import BrainyShell

/// A change of the server's config fetched before a sign-in is said as `sync` says it: a line of its own behind a
/// bullet (`SyncReportRendererTests` holds sync's).
@Suite struct ConfigChangeLineTests {
    /// What sync's renderer says for the change from the config the shell bundles to `config`, without colour.
    static func syncSays(_ config: RemoteConfig) -> [String] {
        var report = SyncReport()
        report.notices = ConfigRefresh.changes(from: RemoteConfig(), to: config).map { .configChanged($0) }
        let console = Console(language: .en, theme: .system, colorEnabled: false, capturing: true)
        SyncReportRenderer(console: console).renderNotices(report)
        return console.captured.split(separator: "\n").map(String.init)
    }

    @Test func theConfigFetchedBeforeASignInIsSaidAsSyncSaysIt() async throws {
        let config = RemoteConfig(version: "guest-only-1", authMethodsEnabled: ["guest"])
        let said = Self.syncSays(config)
        // The anchor: what sync says for this change, in words.
        #expect(said == ["• Sign-in methods: guest"])
        try await LiveServer.run(config: config) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let refused = await shell.run(["login email mina@example.com"])
            #expect(refused.status == 1)
            let lines = refused.output.split(separator: "\n").map(String.init)
            for line in said { #expect(lines.contains(line), "\(line) is not in: \(refused.output)") }
        }
    }
}
