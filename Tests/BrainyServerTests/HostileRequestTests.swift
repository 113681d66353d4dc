import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Bad input gets a 4xx with a JSON error, never a 5xx.
@Suite struct HostileRequestTests {
    static let bodies = [
        "", "not json", "{", "[]", "null", "42", #"{"email": 42}"#, #"{"email": null, "password": "x"}"#,
        #"{"email": "a@b"}"#, #"{"password": "correct horse"}"#, #"{"refreshToken": ["x"]}"#,
        #"{"results": [{"id": "r1"}]}"#, #"{"results": "all"}"#, #"{"results": [], "quizzes": [{"id": "q"}]}"#,
        String(repeating: "[", count: 10_000),
    ]

    @Test(arguments: ["/v1/auth/check-email", "/v1/auth/register", "/v1/auth/login", "/v1/auth/refresh",
                      "/v1/auth/logout", "/v1/results"])
    func malformedBodiesGetA4xxJSONError(path: String) async throws {
        try await TestServer.app().test(.router) { client in
            let token = try await client.register("mina@example.com").accessToken
            for body in Self.bodies {
                let response = try await client.post(path, raw: body, token: token)
                let summary = "\(path) \(body.prefix(40)) → \(response.status.code) \(response.text.prefix(200))"
                #expect((400..<500).contains(response.status.code), "\(summary)")
                #expect(response.error?.code.isEmpty == false, "\(summary)")
            }
        }
    }

    @Test func missingFieldsAreNamed() async throws {
        try await TestServer.app().test(.router) { client in
            let response = try await client.post("/v1/auth/register", raw: #"{"email": "mina@example.com"}"#)
            #expect(response.status == .badRequest)
            #expect(response.error?.message == "Missing field 'password'.")
            let nested = try await client.post("/v1/auth/register", raw: #"{"password": "x", "email": 3}"#)
            #expect(nested.error?.message.hasPrefix("Field 'email' has the wrong type") == true)
        }
    }

    @Test func invalidValuesInABatchAre400() async throws {
        try await TestServer.app().test(.router) { client in
            let token = try await client.register("mina@example.com").accessToken
            var batch = quizBatch("q1", correct: 1, count: 2, at: TestServer.start)
            batch.results[0].id = ""
            #expect(try await client.post("/v1/results", json: batch, token: token).status == .badRequest)
            batch = quizBatch("q1", correct: 1, count: 2, at: TestServer.start)
            batch.quizzes[0].correctCount = 7
            #expect(try await client.post("/v1/results", json: batch, token: token).status == .badRequest)
            let badOutcome = try await client.post(
                "/v1/results",
                raw: #"{"results": [{"id": "r", "quizId": "q", "questionId": "x", "category": "country", "type": "mc", "outcome": "great", "timeSpent": 1, "answeredAt": "2026-11-22T06:00:00Z", "hintUsed": false}]}"#, token: token)
            #expect(badOutcome.status == .badRequest)
            #expect(badOutcome.error?.message.contains("results[0].outcome") == true)
        }
    }

    @Test func unknownPathsAre404AndWrongMethods405JSON() async throws {
        try await TestServer.app().test(.router) { client in
            for (method, path) in [(HTTPRequest.Method.get, "/"), (.get, "/v1/nothing"), (.post, "/v1/auth")] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(response.error?.code == "not_found")
            }
            for (method, path, allow) in [(HTTPRequest.Method.delete, "/v1/config", "GET"), (.get, "/v1/results", "POST"),
                                          (.trace, "/v1/auth/login", "POST")] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                #expect(response.headers[.allow] == allow)
                #expect(response.error?.code == "method_not_allowed")
            }
        }
    }

    @Test func aWrongAuthorizationSchemeIs401() async throws {
        try await TestServer.app().test(.router) { client in
            let response = try await client.get("/v1/leaderboard/daily", headers: [.authorization: "Basic bWluYTpwdw=="])
            #expect(response.status == .unauthorized)
            #expect(response.error?.code == "unauthorized")
        }
    }
}
