import Foundation
import Testing
@testable import BrainyServer

/// Token buckets, in memory and in each database: the same burst, refill and Retry-After, and in a database one
/// set of buckets however many requests (or instances) count at once.
@Suite struct RateLimiterTests {
    let start = Date(timeIntervalSince1970: 1_795_327_200)

    /// A burst of two, then one every 32 seconds, each key apart.
    func expectABurstThenASteadyRate(_ limiter: any RateLimiter) async {
        let limit = RateLimit(count: 2, window: 64)
        #expect(await limiter.acquire("a", limit: limit, now: start) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: start) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: start) == 32)
        #expect(await limiter.acquire("b", limit: limit, now: start) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: start.addingTimeInterval(16)) == 16)
        #expect(await limiter.acquire("a", limit: limit, now: start.addingTimeInterval(32)) == nil)
        // Idle long enough, the bucket is full again, and no fuller.
        let later = start.addingTimeInterval(10_000)
        #expect(await limiter.acquire("a", limit: limit, now: later) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: later) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: later) == 32)
    }

    @Test func inMemoryABurstThenASteadyRateEachKeyApart() async {
        await expectABurstThenASteadyRate(InMemoryRateLimiter())
    }

    @Test(arguments: StorageBackend.allCases)
    func aBurstThenASteadyRateEachKeyApart(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in await expectABurstThenASteadyRate(store) }
    }

    @Test(arguments: StorageBackend.allCases)
    func requestsCountedAtOnceTakeEachTokenOnce(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            let limit = RateLimit(count: 4, window: 3_600)
            let waits = await withTaskGroup(of: Int?.self) { group in
                for _ in 0..<10 { group.addTask { await store.acquire("register:203.0.113.9", limit: limit, now: start) } }
                return await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(waits.filter { $0 == nil }.count == 4)
            #expect(waits.compactMap { $0 } == Array(repeating: 900, count: 6))
        }
    }

    @Test func inMemoryRefilledBucketsAreDroppedOnceThereAreTooMany() async {
        let limiter = InMemoryRateLimiter(sweepAbove: 3)
        let limit = RateLimit(count: 1, window: 10)
        for key in ["a", "b", "c"] { _ = await limiter.acquire(key, limit: limit, now: start) }
        // Ten seconds on, a, b and c are full again: the fourth key sweeps them away.
        _ = await limiter.acquire("d", limit: limit, now: start.addingTimeInterval(10))
        #expect(limiter.count == 1)
        #expect(await limiter.acquire("d", limit: limit, now: start.addingTimeInterval(10)) == 10)
    }

    @Test(arguments: StorageBackend.allCases)
    func bucketsFullAgainAreSweptByLaterRequests(_ backend: StorageBackend) async throws {
        try await withStore(backend) { store in
            let limit = RateLimit(count: 2, window: 10)
            for index in 0..<5 { _ = await store.acquire("flood:\(index)", limit: limit, now: start) }
            let held = try await bucketCount(store)
            #expect(held == 5)
            // Five seconds on, each holds two again: the next request, of any key, forgets them.
            _ = await store.acquire("mina", limit: limit, now: start.addingTimeInterval(5))
            let left = try await bucketCount(store)
            #expect(left == 1)
            #expect(await store.acquire("mina", limit: limit, now: start.addingTimeInterval(5)) == nil)
            #expect(await store.acquire("mina", limit: limit, now: start.addingTimeInterval(5)) == 5)
        }
    }

    func bucketCount(_ store: some Sendable) async throws -> Int {
        switch store {
        case let database as ServerDatabase:
            return try await database.rateLimitBucketCount()
        case let database as PostgresDatabase:
            return try await database.rateLimitBucketCount()
        default:
            Issue.record("No bucket count for \(type(of: store))")
            return -1
        }
    }
}
