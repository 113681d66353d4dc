import BrainyAPI
import BrainyKit
import Foundation

/// What a house ad must be to be served, whether it comes from the bundled file or an admin.
enum HouseAdRules {
    static let weights = 1...1_000
    static let durations = 5...120
    static let rewards = 1...10

    /// Whether `scalar` may not appear in an ad's text: it would act on the player's terminal or hide what the text
    /// says. C0 controls (ESC, BEL, newlines…) and DEL, C1 controls, the bidirectional embeddings, overrides and
    /// isolates (U+202A–202E, U+2066–2069) and marks (U+200E, U+200F, U+061C), and the zero-width characters
    /// (U+200B–200D, U+2060, U+FEFF).
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C,
             0x200B...0x200D, 0x2060, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// A 400 naming the first forbidden character of `text` by its code point (never echoing it).
    static func refuseControls(_ text: String, _ field: String) throws(APIError) {
        guard let bad = text.unicodeScalars.first(where: isForbidden) else { return }
        let code = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
        throw APIError.badRequest("'\(field)' holds the control or invisible character \(code): ads may not carry control, bidirectional or zero-width characters. Remove it and send the ad again.")
    }

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
            try refuseControls(text, field)
        }
        try refuseControls(ad.link, "link")
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

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
