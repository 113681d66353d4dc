import BrainyAPI
import BrainyKit
import Foundation
import Testing

/// A served ad and a house ad share their content (`AdContent`); each still travels, and is kept, as one flat JSON
/// object, as docs/openapi.yaml, the bundled house-ads.json and the device's stored ad cache have it.
@Suite struct AdWireTests {
    static let served = CachedAd(id: "books-en", sponsor: "Bookshop", text: "Read more", link: "https://example.com",
                                 placement: .rewarded, lang: "en", durationSeconds: 15, rewardHints: 2,
                                 token: "signed", expiresAt: Date(timeIntervalSince1970: 1_700_000_000))

    static func keys(_ value: some Encodable) throws -> Set<String> {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any]
        return Set(try #require(object).keys)
    }

    @Test func aServedAdIsOneFlatObject() throws {
        #expect(try Self.keys(Self.served) == ["id", "sponsor", "text", "link", "placement", "lang", "durationSeconds",
                                               "rewardHints", "token", "expiresAt"])
        var quizEnd = Self.served
        quizEnd.durationSeconds = nil
        quizEnd.rewardHints = nil
        #expect(try Self.keys(quizEnd) == ["id", "sponsor", "text", "link", "placement", "lang", "token", "expiresAt"])
    }

    /// The device's ad cache keeps each ad as JSON written by a plain `JSONEncoder` (dates as seconds since 2001):
    /// one kept before the content was shared still reads back.
    @Test func anAdKeptInTheCacheBeforeStillDecodes() throws {
        let kept = """
            {"id":"books-en","sponsor":"Bookshop","text":"Read more","link":"https://example.com",
             "placement":"rewarded","lang":"en","durationSeconds":15,"rewardHints":2,"token":"signed",
             "expiresAt":721692800}
            """
        #expect(try JSONDecoder().decode(CachedAd.self, from: Data(kept.utf8)) == Self.served)
        let again = try JSONDecoder().decode(CachedAd.self, from: JSONEncoder().encode(Self.served))
        #expect(again == Self.served)
    }

    @Test func aHouseAdIsOneFlatObjectAndPausedDefaultsToFalse() throws {
        let json = """
            {"id":"h1","sponsor":"Brainy","text":"Play daily","link":"https://example.com/daily",
             "placement":"quiz_end","lang":"ko","weight":3}
            """
        let ad = try JSONDecoder().decode(HouseAd.self, from: Data(json.utf8))
        #expect(ad == HouseAd(id: "h1", sponsor: "Brainy", text: "Play daily", link: "https://example.com/daily",
                              placement: .quizEnd, lang: "ko", weight: 3))
        #expect(!ad.paused)
        #expect(ad.content == AdContent(id: "h1", sponsor: "Brainy", text: "Play daily",
                                        link: "https://example.com/daily", placement: .quizEnd, lang: "ko"))
        #expect(try Self.keys(ad) == ["id", "sponsor", "text", "link", "placement", "lang", "weight", "paused"])
    }
}
