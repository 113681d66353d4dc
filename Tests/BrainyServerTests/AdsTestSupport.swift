import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import BrainyServer

/// A server with a few house ads of its own, an ads config, a seeded random generator and an admin token.
enum AdsFixture {
    static let adminToken = "admin-token-for-the-tests"

    static func ad(_ id: String, _ placement: AdPlacement = .quizEnd, lang: String = "en", weight: Int = 10,
                   rewardHints: Int? = nil, paused: Bool = false) -> HouseAd {
        HouseAd(id: id, sponsor: "Brainy", text: "About \(id).", link: "https://brainy.example.com/\(id)",
                placement: placement, lang: lang, weight: weight,
                durationSeconds: placement == .rewarded ? 15 : nil, rewardHints: rewardHints, paused: paused)
    }

    /// Two quiz-end ads in each language, and rewarded ones in English only (for the language fallback).
    static let houseAds = [
        ad("end-en-1"), ad("end-en-2"), ad("end-ko-1", lang: "ko"), ad("end-ko-2", lang: "ko"),
        ad("reward-en-1", .rewarded, rewardHints: 2), ad("reward-en-2", .rewarded), ad("reward-en-3", .rewarded),
    ]

    static func app(backend: StorageBackend = .sqlite, clock: ManualClock = ManualClock(TestServer.start),
                    ads: [HouseAd] = houseAds,
                    config: AdsConfig = AdsConfig(), seed: UInt64 = 7, adminToken: String? = adminToken)
        async throws -> some ApplicationProtocol {
        var content = try ServedContent.bundled()
        content.config.ads = config
        return try await TestServer.app(backend: backend, clock: clock) { arguments, environment in
            arguments.adminToken = adminToken
            environment.content = content
            environment.houseAds = ads
            environment.random = ServerRandom(seed: seed)
        }
    }
}

extension TestClientProtocol {
    /// `GET /v1/ads` with its query, decoded.
    func ads(_ placement: AdPlacement, token: String, lang: String = "en", quizzesToday: Int? = nil, count: Int = 1)
        async throws -> AdsResponse {
        var uri = "/v1/ads?placement=\(placement.rawValue)&lang=\(lang)&count=\(count)"
        if let quizzesToday { uri += "&quizzesToday=\(quizzesToday)" }
        let response = try await get(uri, token: token)
        guard response.status == .ok else { throw AdsRequestFailed(status: response.status.code, body: response.text) }
        return try response.decode(AdsResponse.self)
    }

    /// `POST /v1/ads/events`, decoded.
    func upload(_ events: [AdEvent], token: String) async throws -> [AdEventResult] {
        let response = try await post("/v1/ads/events", json: AdEventsRequest(events: events), token: token)
        guard response.status == .ok else { throw AdsRequestFailed(status: response.status.code, body: response.text) }
        return try response.decode(AdEventsResponse.self).results
    }

    /// An admin request, with the admin token unless told otherwise.
    func admin(_ method: HTTPRequest.Method, _ uri: String, body: Data? = nil, token: String? = AdsFixture.adminToken)
        async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    }
}

struct AdsRequestFailed: Error {
    var status: Int
    var body: String
}

extension AdEvent {
    /// The completion of a served ad, with its token.
    static func completion(_ id: String, of ad: CachedAd, at date: Date = TestServer.start) -> AdEvent {
        AdEvent(id: id, kind: .completion, adId: ad.id, token: ad.token, occurredAt: date)
    }
}
