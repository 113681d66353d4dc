import BrainyKit
import Foundation
import Testing
@testable import BrainyServer

/// The development IdP's device authorizations as a value: events in, actions out.
@Suite struct DeviceAuthorizationsTests {
    let start = TestServer.start
    var authorizations = DeviceAuthorizations()

    init() {
        _ = authorizations.requested(provider: .google, clientId: "brainy-dev-google", deviceCode: "device-1",
                                     userCode: "BCDF-GHJK", now: start)
    }

    /// Google's development client polling for "device-1".
    mutating func poll(clientId: String = "brainy-dev-google", at date: Date? = nil) -> DeviceAuthorizations.PollAction {
        authorizations.polled(provider: .google, clientId: clientId, deviceCode: "device-1", now: date ?? start)
    }

    @Test mutating func aUserCodeInUseIsNotHandedOutTwice() {
        let accepted = authorizations.requested(provider: .apple, clientId: "brainy-dev-apple", deviceCode: "device-2",
                                                userCode: "bcdf-ghjk", now: start)
        #expect(!accepted)
        #expect(authorizations.count == 1)
    }

    @Test mutating func approvalIssuesATokenOnceToTheRightClient() {
        #expect(poll() == .keepWaiting)
        let approval = authorizations.decided(userCode: "bcdfghjk", approvedEmail: "mina@example.com", now: start)
        #expect(approval == .approved(.google))
        let second = authorizations.decided(userCode: "BCDF-GHJK", approvedEmail: nil, now: start)
        #expect(second == .unknownCode)
        #expect(poll(clientId: "someone-else") == .unknownCode)
        #expect(poll() == .issueToken(email: "mina@example.com"))
        #expect(poll() == .unknownCode)
    }

    @Test mutating func expiredCodesSayExpiredForAWhileThenAreForgotten() {
        let late = start.addingTimeInterval(DeviceAuthorizations.lifetime)
        let approval = authorizations.decided(userCode: "BCDF-GHJK", approvedEmail: "mina@example.com", now: late)
        #expect(approval == .expired)
        #expect(poll(at: late) == .expired)
        #expect(poll(at: late.addingTimeInterval(3600)) == .unknownCode)
        #expect(authorizations.count == 0)
    }
}
