import BrainyAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing
@testable import BrainyServer

/// `--dev-idp`'s signing key lives in the database (issue 15): made and stored by a fresh database's first start, and
/// read by every start after, so that a token the development IdP issued signs in after a restart, and on any
/// instance (`SharedPostgresTests`).
@Suite struct DevIdPKeyTests {
    /// A database that outlives the servers started on it: a SQLite file, or a PostgreSQL database of its own.
    struct Database: Sendable {
        var path: String?
        var postgres: PostgresURL?
        var store: any DevIdPKeyStore
    }

    func withDatabase(_ backend: StorageBackend, _ body: (Database) async throws -> Void) async throws {
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-server-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("server.sqlite").path
            try await body(Database(path: path, postgres: nil, store: try ServerDatabase.openFile(at: path)))
        case .postgres:
            let url = try await TestPostgres.shared.newDatabase()
            try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
            // Its key methods connect on their own: its pool need not run.
            try await body(Database(path: nil, postgres: url,
                                    store: PostgresDatabase(url, logger: TestPostgres.logger, deadline: TestPostgres.deadline)))
        }
    }

    /// A `--dev-idp` server on `database`, its environment as `configure` leaves it.
    func server(on database: Database, configure: (inout ServerEnvironment) -> Void) async throws
        -> some ApplicationProtocol {
        try await TestServer.app(databasePath: database.path, secret: SharedPostgresTests.secret) {
            arguments, environment in
            arguments.devIdP = true
            arguments.postgres = database.postgres
            configure(&environment)
        }
    }

    /// The id of the key `store` holds; nil when it holds none.
    func storedKid(_ store: some DevIdPKeyStore) async throws -> String? {
        guard try await store.devIdPKey() != nil else { return nil }
        return IDTokenSigner(key: try await DevIdPKey.shared(in: store) { TestKeys.forger }).kid
    }

    @Test(arguments: StorageBackend.allCases)
    func aFreshDatabaseKeepsTheKeyItsFirstStartMadeForEveryStartAfter(_ backend: StorageBackend) async throws {
        try await withDatabase(backend) { database in
            #expect(try await database.store.devIdPKey() == nil)
            // The first start, given no key, makes one and stores it; its IdP issues a token.
            let (madeKid, idToken) = try await server(on: database) { $0.devIdPKey = nil }.test(.router) { client in
                (try await client.devIdPKid(), try await client.devIDToken(email: "mina@example.com"))
            }
            #expect(madeKid != nil)
            #expect(try await storedKid(database.store) == madeKid)
            // A later start, though given a key of its own, signs with the stored one and accepts that token.
            try await server(on: database) { $0.devIdPKey = TestKeys.forger }.test(.router) { client in
                let kid = try await client.devIdPKid()
                #expect(kid == madeKid)
                #expect(try await client.socialSignIn(idToken: idToken).status == .ok)
            }
            #expect(madeKid != IDTokenSigner(key: TestKeys.forger).kid)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theKeyStoredFirstWinsOverKeysStoredAtOnceOrAfter(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            async let one = store.keepDevIdPKey("one instance's key")
            async let other = store.keepDevIdPKey("another instance's key")
            let kept = try await [one, other]
            #expect(kept[0] == kept[1])
            #expect(try await store.keepDevIdPKey("a later instance's key") == kept[0])
            #expect(try await store.devIdPKey() == kept[0])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aStoredKeyThatIsNoKeyStopsTheStartSayingWhatToDo(_ backend: StorageBackend) async throws {
        try await withDatabase(backend) { database in
            _ = try await database.store.keepDevIdPKey("-----BEGIN PRIVATE KEY-----\nnonsense\n-----END PRIVATE KEY-----")
            let error = await #expect(throws: DevIdPKeyError.self) {
                _ = try await server(on: database) { _ in }
            }
            #expect(error == .unreadable)
            #expect(error?.message.en.contains("dev_idp_key") == true)
            #expect(error?.message.ko.contains("dev_idp_key") == true)
        }
    }
}

extension TestClientProtocol {
    /// The id of the key the development IdP's JWKS publishes.
    func devIdPKid() async throws -> String? {
        try await get("/dev-idp/google/jwks").decode(JWKS.self).keys.first?.keyIdentifier?.string
    }
}
