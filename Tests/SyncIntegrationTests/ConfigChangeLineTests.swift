import BrainyAPI
import BrainyKit
import Testing

/// A change of the server's config fetched before a sign-in is said as `sync` says it: a line of its own behind a
/// bullet (`SyncReportRendererTests` holds sync's).
@Suite struct ConfigChangeLineTests {
    @Test func theConfigFetchedBeforeASignInIsSaidAsSyncSaysIt() async throws {
        let config = RemoteConfig(version: "guest-only-1", authMethodsEnabled: ["guest"])
        try await LiveServer.run(config: config) { server in
            let shell = try ShellScript()
            shell.serverURL = server.api.baseURL
            let refused = await shell.run(["login email mina@example.com"])
            #expect(refused.status == 1)
            #expect(refused.output.split(separator: "\n").contains("• Sign-in methods: guest"), "\(refused.output)")
        }
    }
}
