import BrainyAPI
import BrainyKit
import Foundation

/// What a house ad must be to be served, whether it comes from the bundled file or an admin.
enum HouseAdRules {
    static let weights = 1...1_000
    static let durations = 5...120
    static let rewards = 1...10

    /// The ad with its language normalized, or what is wrong with it.
    static func validated(_ ad: HouseAd) throws(APIError) -> HouseAd {
        var ad = ad
        guard !ad.id.isEmpty, ad.id.count <= 64,
              ad.id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw APIError.badRequest("'id' must be 1 to 64 letters, digits, '-', '_' or '.'.")
        }
        func check(_ text: String, _ field: String, max: Int) throws(APIError) {
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= max else {
                throw APIError.badRequest("'\(field)' must be 1 to \(max) characters.")
            }
        }
        try check(ad.sponsor, "sponsor", max: 80)
        try check(ad.text, "text", max: 280)
        guard ad.link.count <= 512, let url = URL(string: ad.link), ["https", "http"].contains(url.scheme ?? ""),
              url.host?.isEmpty == false else {
            throw APIError.badRequest("'link' must be an http or https URL.")
        }
        guard let lang = AdPicker.normalize(ad.lang) else {
            throw APIError.badRequest("'lang' must be a language code such as ko or en.")
        }
        ad.lang = lang
        guard weights.contains(ad.weight) else {
            throw APIError.badRequest("'weight' must be from \(weights.lowerBound) to \(weights.upperBound).")
        }
        switch ad.placement {
        case .rewarded:
            guard let duration = ad.durationSeconds, durations.contains(duration) else {
                throw APIError.badRequest(
                    "A rewarded ad needs 'durationSeconds' from \(durations.lowerBound) to \(durations.upperBound).")
            }
            if let reward = ad.rewardHints, !rewards.contains(reward) {
                throw APIError.badRequest("'rewardHints' must be from \(rewards.lowerBound) to \(rewards.upperBound).")
            }
        case .quizEnd:
            guard ad.rewardHints == nil else { throw APIError.badRequest("A quiz-end ad grants no 'rewardHints'.") }
            if let duration = ad.durationSeconds, !durations.contains(duration) {
                throw APIError.badRequest("'durationSeconds' must be from \(durations.lowerBound) to \(durations.upperBound).")
            }
        }
        return ad
    }
}
