import BrainyAPI
import Foundation

/// Chooses which house ads to serve: by language, then at random with odds proportional to weight.
enum AdPicker {
    /// The language every request falls back to when no ad is in the one it asked for.
    static let fallbackLanguage = "en"

    /// The ads in `lang`; when there are none, those in English; when there are none either, all of them.
    static func inLanguage(_ ads: [HouseAd], _ lang: String) -> [HouseAd] {
        for wanted in [lang, fallbackLanguage] {
            let matching = ads.filter { $0.lang == wanted }
            if !matching.isEmpty { return matching }
        }
        return ads
    }

    /// Up to `count` different ads, each draw weighted among the ads not drawn yet. `ads` must come in a stable
    /// order (the store sorts them by id) for a seeded generator to repeat its draws.
    static func draw(_ ads: [HouseAd], count: Int, random: ServerRandom) -> [HouseAd] {
        var left = ads.filter { $0.weight > 0 }
        var drawn: [HouseAd] = []
        while drawn.count < count, !left.isEmpty {
            var ticket = random.below(left.reduce(0) { $0 + $1.weight })
            let index = left.firstIndex { ad in
                if ticket < ad.weight { return true }
                ticket -= ad.weight
                return false
            }!
            drawn.append(left.remove(at: index))
        }
        return drawn
    }

    /// A language tag as ads are filed under: lower case, its primary subtag (`en-US` is `en`); nil when it is not
    /// a language tag.
    static func normalize(_ tag: String) -> String? {
        let primary = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard (2...8).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return primary
    }
}
