import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The terms of use and the privacy policy: a registration that has not accepted the current versions makes no
/// account, every sign-in says what is still to accept, and a client that skips the question gets no data operation.
@Suite struct ConsentTests {
    static let current = ConsentDocument.bundled.versions
    static let termsOfOld = ConsentVersion(document: .terms, version: "2026-01-01")

    @Test(arguments: StorageBackend.allCases)
    func theCurrentDocumentsAreServedWithTheirTextsInBothLanguages(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let served = try await client.get("/v1/auth/consent").decode(ConsentDocumentsResponse.self)
            #expect(served.documents == ConsentDocument.bundled)
            #expect(served.documents.map(\.kind) == [.terms, .privacy])
            for document in served.documents {
                #expect(document.text.ko.contains(document.version) && document.text.en.contains(document.version))
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func registeringWithoutTheCurrentVersionsMakesNoAccount(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            func register(_ consents: [ConsentVersion]) async throws -> TestResponse {
                try await client.post("/v1/auth/register", json: RegisterRequest(
                    email: "mina@example.com", password: "correct horse", consents: consents))
            }
            // None at all: a body without the field, and an empty list.
            let absent = try await client.post("/v1/auth/register",
                                               raw: #"{"email": "mina@example.com", "password": "correct horse"}"#)
            #expect(absent.status == .badRequest)
            #expect(absent.error?.code == "consent_required")
            #expect(absent.error?.consentRequired == Self.current)
            #expect(try await register([]).error?.code == "consent_required")
            // Only the terms: the privacy policy is still to accept.
            let half = try await register([Self.current[0]])
            #expect(half.error?.code == "consent_required")
            #expect(half.error?.consentRequired == [Self.current[1]])
            // An outdated version, and an invented one: refused, naming the current ones.
            for wrong in [Self.termsOfOld, ConsentVersion(document: .privacy, version: "9999-12-31")] {
                let refused = try await register(Self.current.filter { $0.document != wrong.document } + [wrong])
                #expect(refused.status == .badRequest)
                #expect(refused.error?.code == "consent_version_unknown")
                #expect(refused.error?.message.contains(wrong.version) == true)
                #expect(refused.error?.consentRequired == Self.current)
            }
            // An invented document does not decode.
            let document = try await client.post("/v1/auth/register", raw: """
                {"email": "mina@example.com", "password": "correct horse",
                 "consents": [{"document": "cookies", "version": "1"}]}
                """)
            #expect(document.status == .badRequest)
            // Nothing was made by any of them.
            let free = try await client.post("/v1/auth/check-email", json: CheckEmailRequest(email: "mina@example.com"))
            #expect(try free.decode(CheckEmailResponse.self).available)
            // With the current versions: made, and nothing left to accept.
            let made = try await register(Self.current)
            #expect(made.status == .created)
            #expect(try made.decode(AuthResponse.self).consentRequired.isEmpty)
            #expect(try await client.login("mina@example.com").consentRequired.isEmpty)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aFirstSocialSignInMustAcceptBeforeUsingTheAccount(_ backend: StorageBackend) async throws {
        try await TestServer.devIdPApp(backend: backend).test(.router) { client in
            let session = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(session.consentRequired == Self.current)
            // The client skips the question and syncs anyway: refused, every data operation.
            try await Self.expectRefused(client, token: session.accessToken, pending: Self.current)
            // Accepting an outdated or invented version is refused, and records nothing.
            for wrong in [Self.termsOfOld, ConsentVersion(document: .terms, version: "x\u{1b}]0;owned\u{07}")] {
                let refused = try await client.post("/v1/auth/consent", json: ConsentRequest(consents: [wrong]),
                                                    token: session.accessToken)
                #expect(refused.status == .badRequest)
                #expect(refused.error?.code == "consent_version_unknown")
                #expect(refused.error?.message.contains("\u{1b}") == false)
            }
            #expect(try await client.post("/v1/auth/consent", json: ConsentRequest(consents: []),
                                          token: session.accessToken).status == .badRequest)
            try await Self.expectRefused(client, token: session.accessToken, pending: Self.current)
            // Accepting without a token is a 401 like any signed-in operation.
            #expect(try await client.post("/v1/auth/consent", json: ConsentRequest(consents: Self.current)).status
                        == .unauthorized)
            // One of the two: still refused for the other.
            let partly = try await client.post("/v1/auth/consent", json: ConsentRequest(consents: [Self.current[0]]),
                                               token: session.accessToken)
            #expect(try partly.decode(ConsentResponse.self).consentRequired == [Self.current[1]])
            try await Self.expectRefused(client, token: session.accessToken, pending: [Self.current[1]])
            // Both: the same token now works, and the next sign-in asks nothing.
            let accepted = try await client.post("/v1/auth/consent", json: ConsentRequest(consents: Self.current),
                                                 token: session.accessToken)
            #expect(try accepted.decode(ConsentResponse.self).consentRequired.isEmpty)
            #expect(try await client.get("/v1/results/summary", token: session.accessToken).status == .ok)
            let again = try await client.socialSignIn(idToken: client.devIDToken(email: "mina@example.com"))
                .decode(AuthResponse.self)
            #expect(again.consentRequired.isEmpty)
            let refreshed = try await client.post("/v1/auth/refresh", json: RefreshRequest(refreshToken: again.refreshToken))
            #expect(try refreshed.decode(AuthResponse.self).consentRequired.isEmpty)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aNewVersionIsAskedAtTheNextSignInAndHoldsDataBackUntilAccepted(_ backend: StorageBackend) async throws {
        let database = try await SharedDatabase(backend)
        defer { database.remove() }
        // The account registered when the terms were at an older version.
        let older = ConsentDocument(kind: .terms, version: Self.termsOfOld.version, text: .same("Older terms"))
        let before = [older, ConsentDocument.bundled[1]]
        try await TestServer.app(backend: backend) { arguments, environment in
            database.use(&arguments)
            environment.consentDocuments = before
        }.test(.router) { client in
            let made = try await client.post("/v1/auth/register", json: RegisterRequest(
                email: "mina@example.com", password: "correct horse", consents: before.versions))
            #expect(made.status == .created)
        }
        // The operator publishes the current terms.
        try await TestServer.app(backend: backend) { arguments, _ in database.use(&arguments) }.test(.router) { client in
            let session = try await client.login("mina@example.com")
            #expect(session.consentRequired == [Self.current[0]])
            try await Self.expectRefused(client, token: session.accessToken, pending: [Self.current[0]])
            // Registering someone else with the older version is refused now.
            let stale = try await client.post("/v1/auth/register", json: RegisterRequest(
                email: "joon@example.com", password: "correct horse", consents: before.versions))
            #expect(stale.error?.code == "consent_version_unknown")
            #expect(try await client.post("/v1/auth/consent", json: ConsentRequest(consents: [Self.termsOfOld]),
                                          token: session.accessToken).error?.code == "consent_version_unknown")
            let accepted = try await client.post("/v1/auth/consent", json: ConsentRequest(consents: [Self.current[0]]),
                                                 token: session.accessToken)
            #expect(try accepted.decode(ConsentResponse.self).consentRequired.isEmpty)
            #expect(try await client.post("/v1/results", json: quizBatch("q1", correct: 1, count: 2, at: TestServer.start),
                                          token: session.accessToken).status == .ok)
            #expect(try await client.login("mina@example.com").consentRequired.isEmpty)
        }
    }

    /// Every signed-in data operation answers 403 `consent_required` naming `pending`: each operation that needs the
    /// access token and is not allowed while consent is pending, read from `API.all`, so that one added later cannot
    /// slip past the gate (the gate comes before the body or the query is read: `{}` is sent where a body is taken).
    static func expectRefused(_ client: some TestClientProtocol, token: String, pending: [ConsentVersion]) async throws {
        let gated = API.all.filter { $0.needsAccessToken && !$0.allowsPendingConsent }
        #expect(gated.count >= 11)
        #expect(API.all.filter(\.allowsPendingConsent).map(\.route) == [API.acceptConsent.route, API.declineConsent.route])
        for operation in gated {
            let answer = try await OperationAuthTests.send(operation, authorization: "Bearer \(token)", to: client)
            #expect(answer.status == .forbidden, "\(operation): \(answer.status)")
            #expect(answer.error?.code == "consent_required", "\(operation): \(answer.text)")
            #expect(answer.error?.consentRequired == pending, "\(operation)")
        }
    }
}

/// One database two servers are started on in turn: a file for SQLite, a database of its own on PostgreSQL.
struct SharedDatabase {
    let path: String?
    let postgres: PostgresURL?

    init(_ backend: StorageBackend) async throws {
        if backend == .postgres {
            path = nil
            postgres = try await TestPostgres.shared.newDatabase()
        } else {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("consent-\(UUID().uuidString).sqlite").path
            postgres = nil
        }
    }

    func use(_ arguments: inout ServerArguments) {
        if let postgres { arguments.postgres = postgres } else { arguments.databasePath = path }
    }

    func remove() {
        guard let path else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// `--consent-documents FILE`: how an operator publishes new versions; a file that would leave accounts unable to
/// accept (a document missing or twice, a version or text that cannot be shown) is refused at start, saying why.
@Suite struct ConsentDocumentsFileTests {
    func parse(_ documents: [ConsentDocument]) throws -> ServerArguments {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("consent-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try JSONEncoder().encode(ConsentDocumentsResponse(documents: documents)).write(to: URL(fileURLWithPath: path))
        return try ServerArguments.parse(["--consent-documents", path], environment: [:])
    }

    @Test func theServedFileWithANewVersionIsTaken() throws {
        var documents = ConsentDocument.bundled
        documents[1].version = "2027-01-15"
        #expect(try parse(documents.reversed()).consentDocuments == documents)
        #expect(try ServerArguments.parse([], environment: [:]).consentDocuments == nil)
    }

    @Test func aFileThatCannotBeAcceptedIsRefusedSayingWhy() throws {
        let terms = ConsentDocument.bundled[0], privacy = ConsentDocument.bundled[1]
        var badVersion = terms
        badVersion.version = "2027 01\u{1b}[2J"
        var emptyText = privacy
        emptyText.text.ko = "  \n"
        var controls = privacy
        controls.text.en = "policy\u{1b}]0;owned\u{07}"
        let cases: [([ConsentDocument], String)] = [
            ([terms], "exactly one 'privacy' document"),
            ([terms, terms, privacy], "exactly one 'terms' document"),
            ([badVersion, privacy], "the terms version must be 1 to 64 letters"),
            ([terms, emptyText], "the privacy text in 'ko' must be present"),
            ([terms, controls], "without control characters"),
        ]
        for (documents, says) in cases {
            #expect { try parse(documents) } throws: { error in
                (error as? ServerArguments.UsageError)?.message.contains(says) == true
            }
        }
        #expect { try ServerArguments.parse(["--consent-documents", "/nonexistent/consent.json"], environment: [:]) }
            throws: { ($0 as? ServerArguments.UsageError)?.message.contains("cannot read") == true }
    }
}
