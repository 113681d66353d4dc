import Foundation
import PostgresNIO
import Testing
@testable import BrainyServer

/// A storage call's deadline passed while it waited for one of the pool's connections, all of them busy with a
/// database that answers: it is a busy server, not a database away. The call is answered 503 (DatabaseUnavailable),
/// but the pool is not bypassed for the next minute, when every call would open a connection of its own on a
/// server already short of them (before, it was, as for a database that did not answer).
@Suite struct BusyPoolDeadlineTests {
    /// Counts the pool's connections taken and keeps them until `release()`.
    actor Holders {
        private var taken = 0
        private var waitingForTaken: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        private var released = false
        private var waitingForRelease: [CheckedContinuation<Void, Never>] = []

        func took() {
            taken += 1
            for waiter in waitingForTaken where waiter.count <= taken { waiter.continuation.resume() }
            waitingForTaken.removeAll { $0.count <= taken }
        }

        func untilTaken(_ count: Int) async {
            guard taken < count else { return }
            await withCheckedContinuation { waitingForTaken.append((count, $0)) }
        }

        func untilReleased() async {
            guard !released else { return }
            await withCheckedContinuation { waitingForRelease.append($0) }
        }

        func release() {
            released = true
            for waiter in waitingForRelease { waiter.resume() }
            waitingForRelease.removeAll()
        }
    }

    @Test func aCallThatOnlyWaitedForABusyPoolDoesNotSendTheNextCallsPastIt() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresDatabase.prepare(url, houseAds: [], at: TestServer.start, logger: TestPostgres.logger)
        // The deadline also bounds the call after the release: 3 s, as DatabaseOutageTests', for a busy machine.
        let database = PostgresDatabase(url, logger: TestPostgres.logger, deadline: .seconds(3))
        let poolSize = url.clientConfiguration.options.maximumConnections
        let holders = Holders()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.client.run() }
            // Given every connection of the pool taken, each by a call busy with something else than the database.
            for _ in 0..<poolSize {
                group.addTask {
                    try await database.client.withConnection { _ in
                        await holders.took()
                        await holders.untilReleased()
                    }
                }
            }
            await holders.untilTaken(poolSize)

            // When a storage call waits past its deadline for a connection to come free.
            await #expect(throws: DatabaseUnavailable.self) { _ = try await database.rows("SELECT 1") }

            // Then it is answered as unavailable, but the pool is not bypassed.
            #expect(!database.bypass.isActive)
            await holders.release()
            let rows = try await database.rows("SELECT 1")
            #expect(rows.count == 1)
            group.cancelAll()
        }
    }
}
