import Foundation
import Testing

/// The built `brainy` signed in with its tokens in a keyring, run again where that keyring cannot be reached (no
/// session bus: another login session, an ssh login): `sync` says the keyring cannot be reached, never that the server
/// ended the sign-in, and stops there; `logout` is refused and keeps the sign-in, which a `logout` where the keyring
/// answers then ends, clearing the keyring's item.
@Suite(.serialized) struct KeyringUnreachableEndToEndTests {
    @Test func aKeyringOutOfReachIsSaidAsSuchAndLogoutWaitsForIt() throws {
        try KeyringEndToEndTests.requirePrograms()
        let shell = try KeyringEndToEndTests()
        let signedIn = try shell.run("printf '\(KeyringEndToEndTests.register)' | \"$BRAINY\" $ARGS", keyring: true)
        #expect(signedIn.contains("Created the account mina@example.com"), "\(signedIn)")

        // A script stops at its first error: each command is its own run.
        let away = try shell.run("""
            printf 'sync\\n' | "$BRAINY" $ARGS
            printf 'logout\\n' | "$BRAINY" $ARGS
            printf 'profile\\n' | "$BRAINY" $ARGS
            """, keyring: false)
        #expect(away.contains("keyring that holds your sign-in's tokens cannot be reached"), "\(away)")
        #expect(away.contains("Your sign-in on the server is still good"), "\(away)")
        #expect(!away.contains("sign-in on the server has ended"), "\(away)")
        #expect(!away.contains("Skipped"), "\(away)")
        #expect(away.contains("Not signed out"), "\(away)")
        #expect(away.contains("tokens kept in   the keyring"), "\(away)")

        let back = try shell.run("""
            printf 'sync\\nlogout\\n' | "$BRAINY" $ARGS
            echo '--- after'
            secret-tool search --all --unlock service brainy-slot
            echo '--- end'
            """, keyring: true)
        #expect(back.contains("Synced"), "\(back)")
        #expect(back.contains("Signed out."), "\(back)")
        #expect(!back.contains("attribute.service = brainy"), "\(back)")
    }
}
