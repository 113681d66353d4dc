import Foundation

/// 드라마 (drama): where a drama first aired, who led it, and when.
enum DramaTemplates {
    static let all: [QuestionTemplate] = [network, cast, year]

    /// Platforms that release a series rather than broadcast it ("공개", "released").
    static let streaming: Set<String> = ["netflix", "disney+", "apple tv+", "amazon prime video", "coupang play",
                                         "tving", "wavve", "hulu"]

    static func isStreamed(_ drama: KnowledgeBase.Drama) -> Bool {
        streaming.contains(drama.network.en.lowercased())
    }

    /// "Which network or platform first aired 'Dae Jang Geum' (2003)?" (medium). Distractors are networks of dramas
    /// of the same country (then of other countries, the non-Korean together), those whose first drama in the
    /// knowledge base is not later than this one first (no platform of 2019 for a drama of 1999, where possible), and
    /// never one sharing the answer's first three letters (KBS1 for KBS2). The draw takes three of the four closest.
    static let network = QuestionTemplate(id: "drama-network", category: .drama) { knowledge in
        // Each network once: the countries of its dramas and the year of its first one in the knowledge base.
        var networks: [(network: KnowledgeBase.Named, countries: Set<String>, firstYear: Int)] = []
        for drama in knowledge.dramas {
            let key = knowledge.normalized(drama.network.en)
            if let index = networks.firstIndex(where: { knowledge.normalized($0.network.en) == key }) {
                networks[index].countries.insert(drama.country)
                networks[index].firstYear = min(networks[index].firstYear, drama.year)
            } else {
                networks.append((drama.network, [drama.country], drama.year))
            }
        }
        return knowledge.dramas.compactMap { drama in
            let answerKey = knowledge.normalized(drama.network.en)
            // A broadcast drama since platforms premiere the same day around the world (Netflix from 2016) may have
            // been first shown on one as well (이상한 변호사 우영우: ENA and Netflix, the same evening): a platform
            // would be a second right option.
            let sameDayPlatforms = !isStreamed(drama) && drama.year >= 2016
            let candidates = networks
                .filter { knowledge.normalized($0.network.en).prefix(3) != answerKey.prefix(3) }
                .filter { !(sameDayPlatforms && streaming.contains($0.network.en.lowercased())) }
                .stableSorted { network in
                    let country = network.countries.contains(drama.country) ? 0
                        : drama.country != "kr" && network.countries.contains { $0 != "kr" } ? 1 : 2
                    return country * 10_000 + max(0, network.firstYear - drama.year)
                }
                .map { Choice($0.network) }
            return QuestionDraft(
                knowledge: knowledge,
                template: "drama-network", entity: drama.id, category: .drama, difficulty: .medium,
                text: Localized(ko: "\(Phrase.attach("\(Phrase.quoted(drama.title.ko))(\(drama.year))", .object)) "
                                    + "처음 선보인 방송사나 플랫폼은 어디일까요?",
                                en: "Which network or platform first aired \(Phrase.quoted(drama.title.en)) (\(drama.year))?"),
                answer: Choice(drama.network), candidates: candidates, pool: 4,
                explanation: aired(drama)
            )
        }
    }

    /// "Who starred in 'Dae Jang Geum' (MBC, 2003)?" (hard): the first lead is the answer and the other lead is
    /// accepted too. Distractors are leads of other dramas of the same country nearest in year (then of other
    /// countries), never one of this drama's leads.
    static let cast = QuestionTemplate(id: "drama-cast", category: .drama) { knowledge in
        knowledge.dramas.compactMap { drama in
            guard let lead = drama.cast.first else { return nil }
            let own = Set(drama.cast.flatMap(\.allForms).map(knowledge.normalized))
            // An animated series' voices come from voice actors: a live-action actor may have lent a voice as a guest
            // (David Duchovny and Steve Carell each voiced an episode of The Simpsons), so only other animated series'
            // leads are its distractors, and without three of them it is not asked about.
            let animated = drama.genre == "animation"
            let candidates = knowledge.dramas.filter { $0.id != drama.id && (!animated || $0.genre == "animation") }
                .stableSorted { countryRank($0, drama) * 10_000 + abs($0.year - drama.year) }
                .flatMap(\.cast)
                .filter { !$0.allForms.contains { own.contains(knowledge.normalized($0)) } }
                .map { Choice($0) }
            var answer = Choice(lead)
            for other in drama.cast.dropFirst() {
                answer.alternatives.ko += other.forms(.ko)
                answer.alternatives.en += other.forms(.en)
            }
            let leads = Localized(ko: Phrase.list(drama.cast.map(\.ko), language: .ko),
                                  en: Phrase.list(drama.cast.map(\.en), language: .en))
            return QuestionDraft(
                knowledge: knowledge,
                template: "drama-cast", entity: drama.id, category: .drama, difficulty: .hard,
                text: Localized(ko: "\(Phrase.quoted(drama.title.ko))(\(drama.network.ko), \(drama.year))의 주연 배우는 누구일까요?",
                                en: "Who starred in \(Phrase.quoted(drama.title.en)) (\(drama.network.en), \(drama.year))?"),
                answer: answer, candidates: candidates, pool: 6,
                explanation: Localized(
                    ko: "\(Phrase.quoted(drama.title.ko))(\(drama.network.ko), \(drama.year))의 주연은 \(leads.ko)입니다.",
                    en: "\(Phrase.quoted(drama.title.en)) (\(drama.network.en), \(drama.year)) starred \(leads.en).")
            )
        }
    }

    /// "In which year was 'Dae Jang Geum' first aired?" (hard; "released" for a streaming platform). Distractors are
    /// years within six (the draw takes three of the eight nearest, so within four), never after 2026.
    static let year = QuestionTemplate(id: "drama-year", category: .drama) { knowledge in
        knowledge.dramas.compactMap { drama in
            let streamed = isStreamed(drama)
            let title = Phrase.attach(Phrase.quoted(drama.title.ko), .subject)
            let verb = streamed ? Localized(ko: "공개된", en: "released") : Localized(ko: "방송된", en: "aired")
            return QuestionDraft(
                knowledge: knowledge,
                template: "drama-year", entity: drama.id, category: .drama, difficulty: .hard,
                text: Localized(ko: "\(drama.network.ko) 드라마 \(title) 처음 \(verb.ko) 해는 언제일까요?",
                                en: "In which year was the \(drama.network.en) series \(Phrase.quoted(drama.title.en)) "
                                    + "first \(verb.en)?"),
                answer: .year(drama.year),
                candidates: Phrase.nearYears(drama.year, spread: 6, within: 1950...2026), pool: 8,
                explanation: aired(drama)
            )
        }
    }

    /// 0 for a drama of the same country, 1 for another non-Korean one when the drama is not Korean, 2 otherwise.
    private static func countryRank(_ other: KnowledgeBase.Drama, _ drama: KnowledgeBase.Drama) -> Int {
        if other.country == drama.country { return 0 }
        return other.country != "kr" && drama.country != "kr" ? 1 : 2
    }

    /// "'Dae Jang Geum' first aired on MBC in 2003, starring Lee Young-ae and Ji Jin-hee."
    static func aired(_ drama: KnowledgeBase.Drama) -> Localized {
        let streamed = isStreamed(drama)
        let title = Phrase.quoted(drama.title.ko)
        let leads = Localized(ko: Phrase.list(drama.cast.map(\.ko), language: .ko),
                              en: Phrase.list(drama.cast.map(\.en), language: .en))
        let verb = streamed ? Localized(ko: "공개", en: "released") : Localized(ko: "방송", en: "aired")
        return Localized(
            ko: "\(Phrase.attach(title, .topic)) \(drama.year)년 \(drama.network.ko)에서 처음 \(verb.ko)되었고, "
                + "주연은 \(leads.ko)입니다.",
            en: "\(Phrase.quoted(drama.title.en)) was first \(verb.en) on \(drama.network.en) in \(drama.year), "
                + "starring \(leads.en).")
    }
}
