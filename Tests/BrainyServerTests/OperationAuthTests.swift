import BrainyAPI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import BrainyServer

/// The bearer check is read from each operation (`APIOperation.needsAccessToken`), not written by its controller: a
/// client that lies about its token is refused by every operation that needs one, and an operation that needs none
/// answers the same whatever token it is sent.
@Suite struct OperationAuthTests {
    static let secret = "operation-auth-test-secret"

    /// The tokens a lying client sends instead of its own, with the code each is refused with.
    struct Lie: CustomStringConvertible {
        var description: String
        /// nil: no `Authorization` header at all.
        var header: String?
        var code: String
    }

    static func lies(for session: AuthResponse, now: Date) async throws -> [Lie] {
        let tokens = AccessTokens(key: Array(secret.utf8), lifetime: 900)
        let real = try await tokens.verify(session.accessToken, now: now)
        let issued = Int(now.timeIntervalSince1970)
        let forged = try await AccessTokens(key: Array("another-server's-key-entirely".utf8), lifetime: 900).sign(
            .init(sub: real.subject, sid: real.login, iat: issued, exp: issued + 900))
        let expired = try await tokens.sign(.init(sub: real.subject, sid: real.login, iat: issued - 2_000,
                                                  exp: issued - 1_000))
        return [
            Lie(description: "no token", header: nil, code: "unauthorized"),
            Lie(description: "another scheme", header: "Basic \(session.accessToken)", code: "unauthorized"),
            Lie(description: "not a token", header: "Bearer not-a-token", code: "invalid_token"),
            Lie(description: "signed with another key", header: "Bearer \(forged)", code: "invalid_token"),
            Lie(description: "expired", header: "Bearer \(expired)", code: "token_expired"),
        ]
    }

    /// One request to `operation`, with a JSON body of `{}` when it takes one (the check comes before the body is read).
    static func send(_ operation: any AnyAPIOperation, authorization: String?, to client: some TestClientProtocol)
        async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let authorization { headers[.authorization] = authorization }
        let body: ByteBuffer?
        if operation.requestTypeName == "Empty" {
            body = nil
        } else {
            headers[.contentType] = "application/json"
            body = ByteBuffer(string: "{}")
        }
        return try await client.execute(uri: operation.route.path, method: operation.route.method == .get ? .get : .post,
                                        headers: headers, body: body)
    }

    @Test(arguments: StorageBackend.allCases)
    func everyOperationThatNeedsATokenRefusesALyingClient(_ backend: StorageBackend) async throws {
        let protected = API.all.filter(\.needsAccessToken)
        #expect(protected.count >= 10)
        try await TestServer.app(backend: backend, secret: Self.secret).test(.router) { client in
            let session = try await client.register("mina@example.com")
            for lie in try await Self.lies(for: session, now: TestServer.start) {
                for operation in protected {
                    let response = try await Self.send(operation, authorization: lie.header, to: client)
                    #expect(response.status == .unauthorized, "\(operation) with \(lie): \(response.status)")
                    #expect(response.error?.code == lie.code, "\(operation) with \(lie): \(response.text)")
                }
            }
            // The real token gets past the check everywhere (what follows it may still refuse a body of `{}`)...
            for operation in protected {
                let response = try await Self.send(operation, authorization: "Bearer \(session.accessToken)", to: client)
                #expect(response.status != .unauthorized, "\(operation) refused a valid token: \(response.text)")
            }
            // ...until its login ends.
            let logout = try await client.post("/v1/auth/logout", json: RefreshRequest(refreshToken: session.refreshToken))
            #expect(logout.status == .noContent)
            for operation in protected {
                let response = try await Self.send(operation, authorization: "Bearer \(session.accessToken)", to: client)
                #expect(response.status == .unauthorized, "\(operation) after logout: \(response.status)")
                #expect(response.error?.code == "session_ended", "\(operation) after logout: \(response.text)")
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anOperationThatNeedsNoTokenAnswersWithoutOneAndIgnoresABadOne(_ backend: StorageBackend) async throws {
        let needNone = API.all.filter { !$0.needsAccessToken }
        #expect(needNone.count >= 8)
        try await TestServer.app(backend: backend, secret: Self.secret).test(.router) { client in
            let session = try await client.register("mina@example.com")
            let lies = try await Self.lies(for: session, now: TestServer.start)
            for operation in needNone {
                let plain = try await Self.send(operation, authorization: nil, to: client)
                #expect(plain.status != .unauthorized, "\(operation) without a token: \(plain.text)")
                if operation.route.method == .get {
                    #expect(plain.status == .ok, "\(operation) without a token: \(plain.status)")
                }
                for lie in lies.dropFirst() {
                    let response = try await Self.send(operation, authorization: lie.header, to: client)
                    #expect(response.status == plain.status, "\(operation) with \(lie): \(response.text)")
                }
            }
        }
    }
}
