import Foundation
import Testing

/// The built `brainy` signed in with its tokens in a keyring that is then locked, its unlock prompt not answered (a
/// headless session cannot show it): `sync` says the keyring cannot be reached, never that the server ended the
/// sign-in (which would sign the shell out), and `logout` is refused, keeping the sign-in and the keyring's item.
@Suite(.serialized) struct KeyringLockedEndToEndTests {
    @Test func aLockedKeyringIsSaidAsOutOfReachAndKeepsTheSignIn() throws {
        try KeyringEndToEndTests.requirePrograms()
        let shell = try KeyringEndToEndTests()
        // A script stops at its first error: each command is its own run.
        let printed = try shell.run("""
            printf '\(KeyringEndToEndTests.register)' | "$BRAINY" $ARGS
            dbus-send --session --dest=org.freedesktop.secrets --type=method_call /org/freedesktop/secrets \\
                org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login
            echo '--- sync'
            printf 'sync\\n' | "$BRAINY" $ARGS
            echo '--- logout'
            printf 'logout\\n' | "$BRAINY" $ARGS
            echo '--- profile'
            printf 'profile\\n' | "$BRAINY" $ARGS
            echo '--- kept'
            secret-tool search --all service brainy-slot
            echo '--- end'
            """, keyring: true)
        #expect(printed.contains("Created the account mina@example.com"), "\(printed)")
        let sync = printed.part("sync")
        #expect(sync.contains("keyring that holds your sign-in's tokens cannot be reached"), "\(printed)")
        #expect(!sync.contains("sign-in on the server has ended"), "\(printed)")
        #expect(printed.part("logout").contains("Not signed out"), "\(printed)")
        #expect(printed.part("profile").contains("mina@example.com"), "\(printed)")
        #expect(printed.part("profile").contains("tokens kept in   the keyring"), "\(printed)")
        #expect(printed.part("kept").contains("attribute.service = brainy-slot"), "\(printed)")
    }
}
