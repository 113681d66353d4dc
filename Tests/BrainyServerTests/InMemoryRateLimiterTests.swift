import Foundation
import Testing
@testable import BrainyServer

@Suite struct InMemoryRateLimiterTests {
    @Test func aBurstThenASteadyRateEachKeyApart() async {
        let limiter = InMemoryRateLimiter()
        let limit = RateLimit(count: 2, window: 64)
        let start = Date(timeIntervalSince1970: 0)
        #expect(await limiter.acquire("a", limit: limit, now: start) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: start) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: start) == 32)
        #expect(await limiter.acquire("b", limit: limit, now: start) == nil)
        #expect(await limiter.acquire("a", limit: limit, now: start.addingTimeInterval(16)) == 16)
        #expect(await limiter.acquire("a", limit: limit, now: start.addingTimeInterval(32)) == nil)
    }

    @Test func refilledBucketsAreDroppedOnceThereAreTooMany() async {
        let limiter = InMemoryRateLimiter(sweepAbove: 3)
        let limit = RateLimit(count: 1, window: 10)
        let start = Date(timeIntervalSince1970: 0)
        for key in ["a", "b", "c"] { _ = await limiter.acquire(key, limit: limit, now: start) }
        // Ten seconds on, a, b and c are full again: the fourth key sweeps them away.
        _ = await limiter.acquire("d", limit: limit, now: start.addingTimeInterval(10))
        #expect(limiter.count == 1)
        #expect(await limiter.acquire("d", limit: limit, now: start.addingTimeInterval(10)) == 10)
    }
}
