import BrainyAPI
import BrainyKit
import Foundation
@testable import BrainyShell
import Testing

/// A newer server's credit kind or refusal reason does not fail the answer it is in, and a refusal is said in words,
/// never as its wire code.
@Suite struct RefusalReasonPhraseTests {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    @Test func aLedgerPageWithAKindOfANewerServerKeepsTheRest() throws {
        let page = Data("""
            {"events": [
              {"id": "start:a", "kind": "start", "amount": 3, "occurredAt": "2026-11-22T06:00:00Z"},
              {"id": "gift:1", "kind": "gift", "amount": 2, "occurredAt": "2026-11-22T06:01:00Z"},
              {"id": "use:1", "kind": "use", "amount": -1, "occurredAt": "2026-11-22T06:02:00Z"}
            ], "cursor": 3, "more": false, "balance": 4}
            """.utf8)
        let decoded = try Self.decoder.decode(CreditLedgerResponse.self, from: page)
        #expect(decoded.events.map(\.id) == ["start:a", "use:1"])
        #expect(decoded.cursor == 3)
        #expect(decoded.more == false)
        // Anything else wrong still fails the page.
        let broken = Data("""
            {"events": [{"id": "use:1", "kind": "use", "amount": "one", "occurredAt": "2026-11-22T06:02:00Z"}],
             "cursor": 1, "more": false, "balance": 0}
            """.utf8)
        #expect(throws: DecodingError.self) { try Self.decoder.decode(CreditLedgerResponse.self, from: broken) }
    }

    @Test func aReasonOfANewerServerIsStillARefusal() throws {
        let credits = try Self.decoder.decode(CreditEventsResponse.self, from: Data("""
            {"results": [{"id": "quiz:q1", "accepted": false, "reason": "too_late"},
                         {"id": "use:1", "accepted": false, "reason": "wrong_amount"}], "balance": 3}
            """.utf8))
        #expect(credits.results.map(\.reason) == [.other, .wrongAmount])
        let ads = try Self.decoder.decode(AdEventResult.self, from: Data("""
            {"id": "e1", "accepted": false, "reason": "sponsor_withdrawn"}
            """.utf8))
        #expect(ads.reason == .other)
    }

    @Test func eachReasonHasWordsInBothLanguages() {
        let credit = ["unverifiable", "wrong_amount", "wrong_id"]
        let ad = ["id_taken", "unknown_ad", "missing_token", "invalid_token", "wrong_ad", "not_your_token",
                  "not_rewarded", "token_expired", "token_used", "daily_cap_reached"]
        for code in credit {
            let phrase = RefusalReasonPhrase.credit(code)
            #expect(phrase != RefusalReasonPhrase.generic, "\(code)")
            #expect(!phrase.en.contains(code) && !phrase.ko.contains(code))
        }
        for code in ad {
            let phrase = RefusalReasonPhrase.ad(code)
            #expect(phrase != RefusalReasonPhrase.generic, "\(code)")
            #expect(!phrase.en.contains(code) && !phrase.ko.contains(code))
        }
        #expect(RefusalReasonPhrase.credit("too_late") == RefusalReasonPhrase.generic)
        #expect(RefusalReasonPhrase.ad("sponsor_withdrawn") == RefusalReasonPhrase.generic)
    }

    @Test func theSyncLinesSayTheReasonNotItsCode() {
        var report = SyncReport()
        report.notices = [.creditsRefused(amount: 2, reason: "unverifiable"),
                          .adRewardRefused(sponsor: "Brainy", reason: "unknown_ad", taken: 1)]
        for language in [Language.en, .ko] {
            let console = Console(language: language, theme: .system, colorEnabled: false, capturing: true)
            SyncReportRenderer(console: console).renderNotices(report)
            #expect(!console.captured.contains("unverifiable"), "\(language)")
            #expect(!console.captured.contains("unknown_ad"), "\(language)")
            #expect(console.captured.contains(RefusalReasonPhrase.credit("unverifiable")[language]))
            #expect(console.captured.contains(RefusalReasonPhrase.ad("unknown_ad")[language]))
        }
    }
}
