import Foundation
import Testing

/// The built `brainy` signed in with its tokens in a keyring, run again where `secret-tool` is not installed
/// (libsecret-tools removed, a cron job, a container; here a `PATH` without it), the keyring still answering: `sync`
/// says to install libsecret-tools, never that the keyring is locked; `logout` signs out on this device, saying the
/// server's sign-in lasts until it expires, rather than refusing forever.
@Suite(.serialized) struct KeyringWithoutSecretToolEndToEndTests {
    @Test func withoutSecretToolSyncSaysToInstallItAndLogoutSignsOutHere() throws {
        try KeyringEndToEndTests.requirePrograms()
        let shell = try KeyringEndToEndTests()
        // A script stops at its first error: each command is its own run.
        let printed = try shell.run("""
            printf '\(KeyringEndToEndTests.register)' | "$BRAINY" $ARGS
            echo '--- sync'
            printf 'sync\\n' | PATH=/nonexistent "$BRAINY" $ARGS
            echo '--- logout'
            printf 'logout\\n' | PATH=/nonexistent "$BRAINY" $ARGS
            echo '--- profile'
            printf 'profile\\n' | PATH=/nonexistent "$BRAINY" $ARGS
            echo '--- end'
            """, keyring: true)
        #expect(printed.contains("Created the account mina@example.com"), "\(printed)")
        let sync = printed.part("sync")
        #expect(sync.contains("secret-tool"), "\(printed)")
        #expect(sync.contains("Install libsecret-tools"), "\(printed)")
        #expect(!sync.contains("cannot be reached"), "\(printed)")
        #expect(!sync.contains("sign-in on the server has ended"), "\(printed)")
        let logout = printed.part("logout")
        #expect(logout.contains("signing out on this device only"), "\(printed)")
        #expect(logout.contains("stays valid until it expires"), "\(printed)")
        #expect(logout.contains("Signed out."), "\(printed)")
        #expect(!logout.contains("Not signed out"), "\(printed)")
        // The next run starts signed out: the database's row went with the sign-out.
        #expect(!printed.part("profile").contains("mina@example.com"), "\(printed)")
    }
}
