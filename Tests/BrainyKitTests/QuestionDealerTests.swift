import Testing
@testable import BrainyKit

@Suite struct QuestionDealerTests {
    static let candidates = (1...30).map { "general-\($0 < 10 ? "000" : "00")\($0)" }

    static func deal(seed: UInt64, from ids: [String] = candidates, count: Int = 10) -> [DealtQuestion] {
        var generator = SeededGenerator(seed: seed)
        return QuestionDealer.dealRandom(from: ids, count: count, using: &generator)
    }

    @Test func theSameSeedDealsTheSameQuiz() {
        #expect(Self.deal(seed: 42) == Self.deal(seed: 42))
    }

    @Test func differentSeedsDealDifferentQuizzes() {
        let deals = (UInt64(1)...5).map { Self.deal(seed: $0) }
        #expect(Set(deals.map { $0.map(\.questionId) }).count == 5)
    }

    @Test func theOrderCandidatesArriveInDoesNotMatter() {
        #expect(Self.deal(seed: 42, from: Self.candidates.reversed()) == Self.deal(seed: 42))
    }

    @Test func aDealHoldsDistinctCandidates() {
        let ids = Self.deal(seed: 8).map(\.questionId)
        #expect(ids.count == 10)
        #expect(Set(ids).count == 10)
        #expect(Set(ids).isSubset(of: Self.candidates))
    }

    @Test func askingForMoreThanThePoolDealsTheWholePool() {
        let pool = Array(Self.candidates.prefix(6))
        let dealt = Self.deal(seed: 3, from: pool, count: 10)
        #expect(dealt.count == 6)
        #expect(Set(dealt.map(\.questionId)) == Set(pool))
    }

    @Test func anEmptyPoolDealsNothing() {
        #expect(Self.deal(seed: 3, from: [], count: 10).isEmpty)
    }

    @Test func everyOptionOrderIsAPermutation() {
        for seed in UInt64(0)..<20 {
            for dealt in Self.deal(seed: seed) {
                #expect(dealt.optionOrder.sorted() == [0, 1, 2, 3])
            }
        }
    }

    @Test func optionOrdersAreShuffled() {
        let orders = Set(Self.deal(seed: 11, count: 30).map(\.optionOrder))
        #expect(orders.count > 5)
    }

    @Test func aStageIsDealtInItsOwnOrderWithShuffledOptions() {
        var generator = SeededGenerator(seed: 5)
        let ids = ["c", "a", "e", "b", "d"]
        let dealt = QuestionDealer.dealInOrder(ids, using: &generator)
        #expect(dealt.map(\.questionId) == ids)
        #expect(dealt.allSatisfy { $0.optionOrder.sorted() == [0, 1, 2, 3] })

        var again = SeededGenerator(seed: 5)
        #expect(QuestionDealer.dealInOrder(ids, using: &again) == dealt)
    }
}

@Suite struct SeededGeneratorTests {
    /// xoshiro256** seeded through SplitMix64, checked against an independent implementation.
    @Test func givesTheReferenceSequence() {
        var generator = SeededGenerator(seed: 42)
        #expect(generator.next() == 1_546_998_764_402_558_742)
        #expect(generator.next() == 6_990_951_692_964_543_102)
        #expect(generator.next() == 12_544_586_762_248_559_009)

        var zero = SeededGenerator(seed: 0)
        #expect(zero.next() == 11_091_344_671_253_066_420)
    }

    @Test func belowStaysBelowItsBound() {
        var generator = SeededGenerator(seed: 1)
        for bound in 1...20 {
            #expect((0..<bound).contains(generator.below(bound)))
        }
    }

    @Test func shufflingKeepsTheItems() {
        var generator = SeededGenerator(seed: 1)
        let items = Array(0..<10)
        #expect(generator.shuffled(items).sorted() == items)
        #expect(generator.shuffled([7]) == [7])
        #expect(generator.shuffled([Int]()) == [])
    }
}
