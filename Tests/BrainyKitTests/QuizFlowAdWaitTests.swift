import Foundation
import Testing
@testable import BrainyKit

/// A rewarded ad is short and ends first: maintenance and an expired sign-in that come while it runs wait for its
/// end, then take effect in order (they used to be dropped).
@Suite struct QuizFlowAdWaitTests {
    static func watchingFromAQuestion() throws -> QuizFlow {
        var flow = try FlowDriver.playing(Fixtures.play(type: .multipleChoice))
        _ = try flow.handle(.adWatchStarted(at: Fixtures.start + 1))
        return flow
    }

    @Test(arguments: [FlowTrigger.adCompleted, .action(.skip), .action(.ad)])
    func maintenanceWaitsForTheAdThenStartsAndEndsBackAtTheQuestion(_ end: FlowTrigger) throws {
        var flow = try Self.watchingFromAQuestion()
        _ = try flow.handle(.maintenanceChanged(true))
        #expect(flow.state == .watchingAd)
        #expect(flow.waitingForAdEnd.count == 1)
        _ = try flow.handle(.adWatchEnded(via: end, rewardHints: end == .adCompleted ? 1 : 0, at: Fixtures.start + 16))
        #expect(flow.state == .maintenance)
        #expect(flow.waitingForAdEnd.isEmpty)
        _ = try flow.handle(.maintenanceChanged(false))
        #expect(flow.state == .question)
    }

    @Test func maintenanceOnAndOffDuringTheAdLeavesThePlayerWhereTheyWere() throws {
        var flow = try Self.watchingFromAQuestion()
        _ = try flow.handle(.maintenanceChanged(true))
        _ = try flow.handle(.maintenanceChanged(false))
        _ = try flow.handle(.adWatchEnded(via: .adCompleted, rewardHints: 1, at: Fixtures.start + 16))
        #expect(flow.state == .question)
        #expect(flow.hintCredits == 1)
    }

    @Test func anExpiredSignInWaitsForTheAdsRewardThenSignsOut() throws {
        var flow = try Self.watchingFromAQuestion()
        _ = try flow.handle(.sessionExpired)
        #expect(flow.state == .watchingAd)
        #expect(flow.user != nil, "the reward is still the player's")
        _ = try flow.handle(.adWatchEnded(via: .adCompleted, rewardHints: 1, at: Fixtures.start + 16))
        #expect(flow.state == .signedOut)
        #expect(flow.user == nil)
    }
}
