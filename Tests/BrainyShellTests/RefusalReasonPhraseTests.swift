import BrainyAPI
import BrainyKit
import Foundation
@testable import BrainyShell
import Testing

/// A newer server's credit kind or refusal reason does not fail the answer it is in, and a refusal (of a result, a
/// hint credit or an ad's reward) is said in words, never as its wire code.
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

    /// Every reason of `Reason` but `other` has its own words in both languages, none of them its code; a code of a
    /// newer server decodes as `other` and is said with the plain phrase.
    static func expectWords<Reason: PhrasedRefusal & Decodable>(for _: Reason.Type, newerCode: String) throws {
        for reason in Reason.allCases where reason.rawValue != "other" {
            let phrase = RefusalReasonPhrase.of(reason)
            #expect(phrase != RefusalReasonPhrase.generic, "\(reason)")
            #expect(!phrase.en.isEmpty && !phrase.ko.isEmpty && phrase.en != phrase.ko, "\(reason)")
            #expect(!phrase.en.contains(reason.rawValue) && !phrase.ko.contains(reason.rawValue), "\(reason)")
        }
        let newer = try Self.decoder.decode(Reason.self, from: Data("\"\(newerCode)\"".utf8))
        #expect(newer.rawValue == "other")
        #expect(RefusalReasonPhrase.of(newer) == RefusalReasonPhrase.generic)
    }

    @Test func eachReasonHasWordsInBothLanguages() throws {
        try Self.expectWords(for: ResultRefusalReason.self, newerCode: "too_many_today")
        try Self.expectWords(for: CreditRefusalReason.self, newerCode: "too_late")
        try Self.expectWords(for: AdEventRefusal.self, newerCode: "sponsor_withdrawn")
    }

    /// One table for the three kinds of refusal did not change what the credits' and the ads' reasons say.
    @Test func theCreditAndAdReasonsSayWhatTheySaid() {
        #expect(RefusalReasonPhrase.of(CreditRefusalReason.unverifiable)
                == Localized(ko: "서버에 그 보상의 근거가 없습니다", en: "the server holds nothing that earned it"))
        #expect(RefusalReasonPhrase.of(AdEventRefusal.invalidToken)
                == Localized(ko: "광고를 끝까지 본 증표가 없거나 맞지 않습니다", en: "its proof of watching is missing or invalid"))
        #expect(RefusalReasonPhrase.of(AdEventRefusal.dailyCapReached)
                == Localized(ko: "오늘 받을 수 있는 광고 보상을 다 받았습니다", en: "today's ad rewards are all used"))
        #expect(RefusalReasonPhrase.generic == Localized(ko: "서버가 인정하지 않았습니다", en: "the server did not accept it"))
    }

    @Test func theSyncLinesSayTheReasonNotItsCode() {
        var report = SyncReport()
        report.notices = [.resultsRefused(count: 2, reasons: [.implausibleTime, .other]),
                          .creditsRefused(amount: 2, reason: .unverifiable),
                          .adRewardRefused(sponsor: "Brainy", reason: .unknownAd, taken: 1)]
        for language in [Language.en, .ko] {
            let console = Console(language: language, theme: .system, colorEnabled: false, capturing: true)
            SyncReportRenderer(console: console).renderNotices(report)
            for code in ["implausible_time", "other", "unverifiable", "unknown_ad"] {
                #expect(!console.captured.contains(code), "\(language): \(code)")
            }
            #expect(console.captured.contains(RefusalReasonPhrase.of(ResultRefusalReason.implausibleTime)[language]))
            #expect(console.captured.contains(RefusalReasonPhrase.generic[language]))
            #expect(console.captured.contains(RefusalReasonPhrase.of(CreditRefusalReason.unverifiable)[language]))
            #expect(console.captured.contains(RefusalReasonPhrase.of(AdEventRefusal.unknownAd)[language]))
        }
    }
}
