import Foundation
import Testing

/// `brainy --db :memory:` keeps its sign-in with its database, which lives as long as the shell: it never puts an item
/// in the keyring that would outlive it. The built shell against the built server, in a headless keyring that answers.
@Suite(.serialized) struct KeyringInMemoryEndToEndTests {
    @Test func aDatabaseInMemoryLeavesNothingInTheKeyring() throws {
        try KeyringEndToEndTests.requirePrograms()
        let shell = try KeyringEndToEndTests()
        let printed = try shell.run("""
            printf '\(KeyringEndToEndTests.register)profile\\n' | "$BRAINY" --db :memory: --lang en --server \(shell.server.url)
            echo '--- kept'
            secret-tool search --all --unlock service brainy-slot
            echo '--- end'
            """, keyring: true)
        #expect(printed.contains("Created the account mina@example.com"), "\(printed)")
        #expect(printed.contains("tokens kept in   the database file"), "\(printed)")
        #expect(!printed.contains("attribute.service = brainy"), "\(printed)")
    }
}
