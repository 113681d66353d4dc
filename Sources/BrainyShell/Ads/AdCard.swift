import BrainyKit

/// How an ad prints: clearly an ad, its sponsor, text and link, with whatever the server sent stripped of control
/// characters and escape sequences.
struct AdCard {
    let console: Console

    func show(_ ad: CachedAd) {
        let label = ad.placement == .rewarded
            ? console.text(Localized(ko: "보상형 광고", en: "Rewarded ad"))
            : console.text(Localized(ko: "광고", en: "Ad"))
        console.line()
        console.line(console.paint("┌ \(label) · \(Self.clean(ad.sponsor))", \.muted))
        console.line(beside: console.paint("│ ", \.muted), Self.clean(ad.text))
        console.line(console.paint("└ ", \.muted) + Self.clean(ad.link) + console.paint(console.text(Localized(
            ko: "  ('ad open'으로 열기)", en: "  ('ad open' opens it)")), \.muted))
    }

    /// One line of server text, safe for the terminal.
    static func clean(_ text: String) -> String {
        OutsideText.clean(text)
    }
}
