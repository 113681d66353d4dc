import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `profile --format json` (and plain) says where the sign-in's tokens are kept, as the table does: `keyring` or
/// `database-file`, read from the database row without asking any keyring; left out when signed in on no server.
@Suite struct ProfileTokensJSONTests {
    let shell: ShellHarness

    init() throws {
        shell = try ShellHarness()
    }

    func profile(_ format: OutputFormat, row: RemoteTokens?) throws -> String {
        let base = shell.session(qa: false)
        var options = base.options
        options.formatOverride = format
        let session = ShellSession(services: base.services, options: options, reader: PlainLineReader(lines: []),
                                   console: Console(language: .en, theme: .system, colorEnabled: false, capturing: true))
        _ = try session.execute("login guest")
        let user = try #require(session.flow.user)
        try shell.database.saveRemoteTokens(row, userId: user.id)
        _ = try session.execute("profile")
        return session.console.captured
    }

    static let inFile = RemoteTokens(server: "http://127.0.0.1:8080", accessToken: "access", refreshToken: "refresh",
                                     accountId: "account-7")

    @Test func theJSONSaysWhereTheTokensAreKept() throws {
        #expect(try profile(.json, row: Self.inFile).contains(#""tokensKeptIn" : "database-file""#))
        var inKeyring = Self.inFile
        inKeyring.accessToken = "keyring \(UUID().uuidString) \(UUID().uuidString)"
        inKeyring.refreshToken = ""
        #expect(try profile(.json, row: inKeyring).contains(#""tokensKeptIn" : "keyring""#))
        #expect(try !profile(.json, row: nil).contains("tokensKeptIn"))
    }

    @Test func thePlainOutputSaysItToo() throws {
        #expect(try profile(.plain, row: Self.inFile).contains("tokens_kept_in\tdatabase-file"))
    }
}
