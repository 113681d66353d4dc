import BrainyKit
import Foundation
import Testing
@testable import BrainyServer

/// The development IdP's device authorizations in each database: what one instance stores, any other answers for.
@Suite struct DeviceAuthorizationStoreTests {
    let start = TestServer.start

    func codes(_ deviceCode: String = "device-1", userCode: String = "BCDF-GHJK",
               provider: AuthProvider = .google) -> DeviceAuthorization {
        DeviceAuthorization(provider: provider, clientId: DevIdentityProvider.clientId(for: provider),
                            deviceCode: deviceCode, userCode: userCode, now: start)
    }

    /// Google's development client polling for "device-1".
    func poll(_ store: some DeviceAuthorizationStore, clientId: String = "brainy-dev-google", at date: Date? = nil)
        async throws -> DeviceAuthorization.PollAction {
        try await store.pollDeviceAuthorization(provider: .google, clientId: clientId, deviceCode: "device-1",
                                                now: date ?? start)
    }

    func count(_ store: some Sendable) async throws -> Int {
        switch store {
        case let database as ServerDatabase:
            return try await database.deviceAuthorizationCount()
        case let database as PostgresDatabase:
            return try await database.deviceAuthorizationCount()
        default:
            Issue.record("No authorization count for \(type(of: store))")
            return -1
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aUserCodeOrDeviceCodeInUseIsNotHandedOutTwice(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            let first = try await store.addDeviceAuthorization(codes(), now: start)
            #expect(first)
            let sameUserCode = try await store.addDeviceAuthorization(
                codes("device-2", userCode: "bcdfghjk", provider: .apple), now: start)
            #expect(!sameUserCode)
            let sameDeviceCode = try await store.addDeviceAuthorization(codes(userCode: "LMNP-QRST"), now: start)
            #expect(!sameDeviceCode)
            let held = try await count(store)
            #expect(held == 1)
            let found = try await store.deviceAuthorization(userCode: "bcdf-ghjk", now: start)
            #expect(found == codes())
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func approvalIssuesATokenOnceToTheRightClient(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            _ = try await store.addDeviceAuthorization(codes(), now: start)
            let waiting = try await poll(store)
            #expect(waiting == .keepWaiting)
            let approval = try await store.decideDeviceAuthorization(userCode: "bcdfghjk",
                                                                     approvedEmail: "mina@example.com", now: start)
            #expect(approval == .approved(.google))
            let second = try await store.decideDeviceAuthorization(userCode: "BCDF-GHJK", approvedEmail: nil,
                                                                   now: start)
            #expect(second == .unknownCode)
            let someoneElse = try await poll(store, clientId: "someone-else")
            #expect(someoneElse == .unknownCode)
            // Two polls at once, as on two instances: one gets the token.
            async let first = poll(store)
            async let other = poll(store)
            let polls = try await [first, other]
            #expect(polls.filter { $0 == .issueToken(email: "mina@example.com") }.count == 1)
            #expect(polls.contains(.unknownCode))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aDenialIsHeardOnce(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            _ = try await store.addDeviceAuthorization(codes(), now: start)
            let denial = try await store.decideDeviceAuthorization(userCode: "BCDF-GHJK", approvedEmail: nil,
                                                                   now: start)
            #expect(denial == .denied(.google))
            let polls = [try await poll(store), try await poll(store)]
            #expect(polls == [.denied, .unknownCode])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func expiredCodesSayExpiredForAWhileThenAreForgotten(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            _ = try await store.addDeviceAuthorization(codes(), now: start)
            let late = start.addingTimeInterval(DeviceAuthorization.lifetime)
            let approval = try await store.decideDeviceAuthorization(userCode: "BCDF-GHJK",
                                                                     approvedEmail: "mina@example.com", now: late)
            #expect(approval == .expired)
            let expired = try await poll(store, at: late)
            #expect(expired == .expired)
            let forgotten = try await poll(store, at: late.addingTimeInterval(3600))
            #expect(forgotten == .unknownCode)
            let held = try await count(store)
            #expect(held == 0)
            // Its user code may be handed out again.
            let again = try await store.addDeviceAuthorization(codes("device-2"), now: late.addingTimeInterval(3600))
            #expect(again)
        }
    }
}
