import BrainyAPI
import BrainyResources
import Foundation

/// The house ads bundled with the server (`Resources/Ads/house-ads.json`), checked by the rules an admin's are.
enum BundledHouseAds {
    private struct File: Decodable {
        var ads: [HouseAd]
    }

    static func load(from url: URL = BrainyResources.houseAdsURL) throws -> [HouseAd] {
        try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).ads.map { ad in
            do {
                return try HouseAdRules.validated(ad)
            } catch {
                throw InvalidAd(id: ad.id, message: (error as? APIError)?.message ?? "\(error)")
            }
        }
    }

    /// A bundled house ad breaks a rule: the server does not start with it.
    struct InvalidAd: Error, CustomStringConvertible {
        var id: String
        var message: String
        var description: String { "house ad '\(id)' in house-ads.json: \(message)" }
    }
}
