import BrainyAPI
import BrainyKit
import Foundation

/// The house ads shipped with the program (`Ads/house-ads.json` among the resources, the file brainy-server seeds its
/// own with), shown when no server has given the player any ads: a guest, or an account that never synced. They work
/// offline, carry no server token, and their reward is granted on the device alone (the server never sees these
/// events, so it can neither confirm nor take back the reward).
struct ShippedAds {
    let ads: [HouseAd]

    /// The marker of a shipped ad's local token (the cache and `isWellFormed` want one; it is never sent).
    static let tokenPrefix = "local-"

    /// The ads of the file at `url`; none when it is missing or unreadable (ads never stop the shell).
    static func load(from url: URL?) -> ShippedAds {
        struct File: Decodable {
            var ads: [HouseAd]
        }
        guard let url, let data = try? Data(contentsOf: url),
              let file = try? JSONDecoder().decode(File.self, from: data) else { return ShippedAds(ads: []) }
        return ShippedAds(ads: file.ads)
    }

    /// One ad for `placement`, drawn by weight among those in `lang` (any language when none is), or nil.
    func draw(_ placement: AdPlacement, lang: String, now: Date, using generator: inout some RandomNumberGenerator)
        -> CachedAd? {
        let fitting = ads.filter { !$0.paused && $0.placement == placement && $0.weight > 0 }
        let inLanguage = fitting.filter { $0.lang == lang }
        let pool = (inLanguage.isEmpty ? fitting : inLanguage).filter(\.cached.isWellFormed)
        guard !pool.isEmpty else { return nil }
        var ticket = Int.random(in: 0..<pool.reduce(0) { $0 + $1.weight }, using: &generator)
        for ad in pool {
            if ticket < ad.weight { return ad.cached.expiring(at: now + 48 * 3600) }
            ticket -= ad.weight
        }
        return nil
    }
}

extension HouseAd {
    /// The ad as the shell keeps and shows ads, with a local token.
    fileprivate var cached: CachedAd {
        CachedAd(content, token: ShippedAds.tokenPrefix + content.id, expiresAt: .distantFuture)
    }
}

extension CachedAd {
    /// Shipped with the program (see `ShippedAds`): its events stay on the device.
    var isShipped: Bool { token.hasPrefix(ShippedAds.tokenPrefix) }

    fileprivate func expiring(at date: Date) -> CachedAd {
        var ad = self
        ad.expiresAt = date
        return ad
    }
}
