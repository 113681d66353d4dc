import BrainyAPI
import BrainyKit
import BrainyPacks
import BrainyPasswords
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import BrainyServer

/// A server on an in-memory database (or an empty PostgreSQL one) with a clock that moves only when told to, and a
/// cheap scrypt cost.
enum TestServer {
    static let start = Date(timeIntervalSince1970: 1_795_327_200) // 2026-11-22T06:00:00Z

    /// `configure` sets flags (`--dev-idp`, client ids) and what the environment injects (provider keys, content).
    static func app(backend: StorageBackend = .sqlite, clock: ManualClock = ManualClock(start),
                    databasePath: String? = nil, secret: String? = nil,
                    configure: (inout ServerArguments, inout ServerEnvironment) -> Void = { _, _ in })
        async throws -> some ApplicationProtocol {
        var arguments = ServerArguments(port: 0, databasePath: databasePath, secret: secret)
        // A line per request would bury what a failing test says.
        arguments.logLevel = .warning
        // The database's deadline is the operators' (4 s by default); a test on a loaded machine (the whole suite in
        // parallel on two cores) is no database away: it waits up to a minute. DatabaseOutageTests sets its own.
        arguments.databaseTimeout = 60
        // The connection limits likewise (10 s for a request's head, 60 s idle): the live test client connects before
        // the test's first request, and in the whole suite on two cores that request was once written after the
        // server had closed the connection ("I/O on closed channel"). RequestTimeoutTests and
        // KeptAliveHeadTimeoutTests set their own short ones.
        arguments.headerTimeout = 60
        arguments.bodyTimeout = 60
        arguments.idleTimeout = 3_600
        // The suites written before quiz tickets upload quizzes without them; QuizTicketTests holds the default.
        arguments.ranksQuizzesWithoutTickets = true
        if backend == .postgres { arguments.postgres = try await TestPostgres.shared.newDatabase() }
        var environment = ServerEnvironment(clock: clock, passwordHasher: ScryptPasswordHasher(rounds: 16, blockSize: 1))
        environment.devIdPKey = TestKeys.devIdP
        environment.sleep = { _ in }  // a refusal's delay is not waited out (RefusalDelayTests records it)
        // /health's probe, likewise: 5 s for operators, a minute in a loaded test process (where a healthy SQLite probe
        // was once answered 503). OperationsTests and DatabaseOutageTests set their own when they test the limit.
        environment.healthTimeout = .seconds(60)
        configure(&arguments, &environment)
        return try await buildApplication(arguments, environment: environment)
    }

    /// A server with `--dev-idp`.
    static func devIdPApp(backend: StorageBackend = .sqlite, clock: ManualClock = ManualClock(start)) async throws
        -> some ApplicationProtocol {
        try await app(backend: backend, clock: clock) { arguments, _ in arguments.devIdP = true }
    }

    /// The router alone, with every optional route (`--dev-idp`), for checking it against the OpenAPI document.
    static func router() async throws -> Router<ServerRequestContext> {
        var environment = ServerEnvironment(clock: ManualClock(start))
        environment.devIdPKey = TestKeys.devIdP
        var arguments = ServerArguments(port: 0)
        arguments.devIdP = true
        let database = try ServerDatabase.inMemory()
        return buildRouter(database, content: try ServedContent.bundled(),
                           tokens: AccessTokens(key: Array("test-secret-test-secret".utf8), lifetime: 900),
                           adTokens: AdTokens(signingKey: Array("test-secret-test-secret".utf8)),
                           social: try await SocialSignIn.configured(arguments, environment: environment,
                                                                     database: database),
                           environment: environment)
    }
}

enum JSON {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension TestClientProtocol {
    func get(_ uri: String, token: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: .get, headers: headers)
    }

    func post(_ uri: String, json: some Encodable, token: String? = nil, headers: HTTPFields = [:]) async throws
        -> TestResponse {
        try await post(uri, raw: String(decoding: JSON.encoder.encode(json), as: UTF8.self), token: token,
                       headers: headers)
    }

    func post(_ uri: String, raw: String, token: String? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: raw))
    }

    /// Signs `email` in with the password `register` gives it.
    func login(_ email: String, password: String = "correct horse") async throws -> AuthResponse {
        try await post("/v1/auth/login", json: CredentialsRequest(email: email, password: password))
            .decode(AuthResponse.self)
    }

    /// Registers `email` with a valid password and returns the tokens.
    func register(_ email: String, password: String = "correct horse") async throws -> AuthResponse {
        try await post("/v1/auth/register", json: RegisterRequest(email: email, password: password, consents: ConsentDocument.bundled.versions))
            .decode(AuthResponse.self)
    }
}

extension TestResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSON.decoder.decode(type, from: Data(buffer: body))
    }

    /// The `error` of a JSON error body.
    var error: APIErrorResponse.Detail? {
        try? decode(APIErrorResponse.self).error
    }

    var text: String { String(buffer: body) }
}

extension Data {
    init(buffer: ByteBuffer) {
        self.init(buffer.readableBytesView)
    }
}

/// Results of one quiz answered at `date`, `correct` of `count` right, on the bundled pack's first `count` country
/// questions (`country-0001`…).
func quizBatch(_ quizId: String, correct: Int, count: Int, at date: Date) -> ResultUploadRequest {
    let results = (0..<count).map { index in
        UploadedResult(id: "\(quizId)-r\(index)", quizId: quizId, questionId: countryQuestion(index), category: .country,
                       type: .multipleChoice, outcome: index < correct ? .correct : .wrong, timeSpent: 3.5,
                       answeredAt: date.addingTimeInterval(Double(index) * 10), hintUsed: false,
                       answer: answer(to: countryQuestion(index), right: index < correct))
    }
    let quiz = UploadedQuiz(id: quizId, category: .country, type: .multipleChoice, format: .individual,
                            correctCount: correct, questionCount: count, startedAt: date,
                            finishedAt: date.addingTimeInterval(Double(count) * 10))
    return ResultUploadRequest(results: results, quizzes: [quiz])
}

/// What a device uploads as the answer to one of the questions the server knows: its right option's text, or another
/// option's ("x" for a question it does not know).
func answer(to questionId: String, right: Bool) -> String {
    guard let question = bundledQuestions[questionId] else { return "x" }
    return right ? question.en.answer : question.en.options.first { $0 != question.en.answer }!
}

let bundledQuestions: [String: Question] = (try? ServedContent.bundled().questions) ?? [:]

/// The id of the bundled pack's `index`-th country question, from 0.
func countryQuestion(_ index: Int) -> String { String(format: "country-%04d", index + 1) }
