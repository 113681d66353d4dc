import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 13: five wrong passwords from anyone locked any account; a login answered in 41 ms for a known email and
/// 1 ms for an unknown one.
@Suite struct AbuseLimitTests {
    /// Clients told apart by the address a proxy forwards.
    static func from(_ address: String) -> HTTPFields { [.xForwardedFor: address] }

    static func app(clock: ManualClock = ManualClock(TestServer.start), hasher: (any PasswordHasher)? = nil)
        async throws -> some ApplicationProtocol {
        try await TestServer.app(clock: clock) { arguments, environment in
            arguments.behindProxy = true
            if let hasher { environment.passwordHasher = hasher }
        }
    }

    @Test func wrongPasswordsLockOutTheAddressThatSentThemNotTheOwner() async throws {
        let clock = ManualClock(TestServer.start)
        let config = try ServedContent.bundled().config
        try await Self.app(clock: clock).test(.router) { client in
            _ = try await client.register("mina@example.com")
            let guess = CredentialsRequest(email: "mina@example.com", password: "wrong password")
            for _ in 1..<config.maxLoginAttempts {
                #expect(try await client.post("/v1/auth/login", json: guess, headers: Self.from("203.0.113.9")).status == .unauthorized)
            }
            let locked = try await client.post("/v1/auth/login", json: guess, headers: Self.from("203.0.113.9"))
            #expect(locked.status == .locked)
            let lockout = TimeInterval(config.lockoutMinutes * 60)
            #expect(locked.error?.lockedUntil == TestServer.start.addingTimeInterval(lockout))

            // The owner, elsewhere, signs in all the same.
            let right = CredentialsRequest(email: "mina@example.com", password: "correct horse")
            #expect(try await client.post("/v1/auth/login", json: right, headers: Self.from("198.51.100.7")).status == .ok)
            #expect(try await client.post("/v1/auth/login", json: right, headers: Self.from("203.0.113.9")).status == .locked)

            // The next lock-out of the same address lasts twice as long.
            clock.advance(by: lockout)
            for _ in 1..<config.maxLoginAttempts {
                _ = try await client.post("/v1/auth/login", json: guess, headers: Self.from("203.0.113.9"))
            }
            let again = try await client.post("/v1/auth/login", json: guess, headers: Self.from("203.0.113.9"))
            #expect(again.error?.lockedUntil == clock.now().addingTimeInterval(2 * lockout))
        }
    }

    @Test func anUnknownEmailCostsTheSamePasswordCheckAsAKnownOne() async throws {
        let hasher = SlowCountingHasher()
        try await Self.app(hasher: hasher).test(.router) { client in
            _ = try await client.register("mina@example.com")
            _ = try await client.post("/v1/auth/login", json: CredentialsRequest(email: "mina@example.com", password: "wrong one"))
            #expect(hasher.verifications == 1)
            let unknown = try await client.post("/v1/auth/login",
                                                json: CredentialsRequest(email: "nobody@example.com", password: "wrong one"))
            #expect(unknown.error?.code == "invalid_credentials")
            #expect(hasher.verifications == 2)
        }
    }
}
