import AsyncHTTPClient
import BrainyClient
import BrainyAPI
import BrainyKit
import BrainyPacks
import BrainyPasswords
import BrainyResources
import BrainyServer
import BrainyStore
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// brainy-server in this process on a free port of 127.0.0.1, with a clock that moves only when told to, reached
/// through the real client library over TCP.
enum LiveServer {
    static let start = Date(timeIntervalSince1970: 1_795_327_200) // 2026-11-22T06:00:00Z

    struct Context {
        var api: HTTPRemoteAPI
        var clock: ManualClock
        var port: Int
    }

    /// `config` replaces the bundled config the server serves. `ticketsRequired` runs the server as it ships, ranking
    /// only quizzes played on quiz tickets; the suites written before tickets keep quizzes without them ranking. The
    /// server draws its ads from `seed`, so that a run repeats the one before (an unseeded draw made a test that
    /// watched "an ad" get 2 hints one run in three).
    static func run(devIdP: Bool = true, config: RemoteConfig? = nil, ticketsRequired: Bool = false, seed: UInt64 = 1,
                    _ body: @Sendable (Context) async throws -> Void) async throws {
        let clock = ManualClock(start)
        var arguments = ServerArguments(port: 0)
        arguments.devIdP = devIdP
        arguments.ranksQuizzesWithoutTickets = !ticketsRequired
        var environment = ServerEnvironment(clock: clock, passwordHasher: ScryptPasswordHasher(rounds: 16, blockSize: 1))
        environment.sleep = { _ in }  // a refusal's delay is not waited out
        environment.random = ServerRandom(seed: seed)
        if let config {
            environment.content = try ServedContent(config: config, pack: PackLoader.load(from: BrainyResources.corePackDirectory))
        }
        let app = try await buildApplication(arguments, environment: environment)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(Context(api: HTTPRemoteAPI(baseURL: "http://127.0.0.1:\(port)", timeout: 60),
                                   clock: clock, port: port))
        }
    }

    /// Approves a device code on the development identity provider, as a person would on its page.
    static func approve(userCode: String, email: String, approve: Bool = true, port: Int) async throws {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/dev-idp/device")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let body = try JSONSerialization.data(withJSONObject: ["userCode": userCode, "email": email, "approve": approve])
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else { throw ApprovalFailed(status: Int(response.status.code)) }
    }

    struct ApprovalFailed: Error { var status: Int }

    static let questions = (try? ServedContent.bundled().questions) ?? [:]

    /// The words a device uploads for an answer: the right option's text, or another option's.
    static func answer(to questionId: String, right: Bool) -> String? {
        guard let question = questions[questionId] else { return nil }
        return right ? question.en.answer : question.en.options.first { $0 != question.en.answer }
    }

    /// A batch of `count` answers of one finished quiz on the bundled pack's first person questions, the first
    /// `correct` right.
    static func batch(quizId: String, count: Int, correct: Int, at date: Date) -> ResultUploadRequest {
        let results = (0..<count).map { index in
            UploadedResult(id: "\(quizId)-r\(index)", quizId: quizId, questionId: String(format: "person-%04d", index + 1), category: .person,
                           type: .multipleChoice, outcome: index < correct ? .correct : .wrong, timeSpent: 3,
                           answeredAt: date.addingTimeInterval(Double(index + 1) * 5), hintUsed: false,
                           answer: answer(to: String(format: "person-%04d", index + 1), right: index < correct))
        }
        let quiz = UploadedQuiz(id: quizId, category: .person, type: .multipleChoice, format: .individual,
                                correctCount: correct, questionCount: count, startedAt: date,
                                finishedAt: date.addingTimeInterval(Double(count) * 5))
        return ResultUploadRequest(results: results, quizzes: [quiz])
    }
}
