import Foundation

/// 인물 (person): what people are known for, where they came from, when they were born.
enum PersonTemplates {
    static let all: [QuestionTemplate] = [knownFor, nationality, birthYear]

    /// "Which painter is known for 'The Starry Night'?" (easy), one question per notable work or achievement
    /// (entity `<person id>-<n>`, from 1). The question names the field when at least four people share it, and its
    /// distractors are then people of that field nearest in birth year; otherwise it asks "Who is known for …?" and
    /// takes the people of the same field first, then others, nearest in birth year. A composer's work that music.json
    /// also holds is left to the music category.
    static let knownFor = QuestionTemplate(id: "known-for", category: .person) { knowledge in
        let fieldCounts = Dictionary(knowledge.people.map { ($0.field, 1) }, uniquingKeysWith: +)
        let musicTitles = musicTitleKeys(knowledge)
        return knowledge.people.flatMap { person -> [QuestionDraft] in
            let candidates = knowledge.people.filter { $0.id != person.id }
                .stableSorted { rank($0, near: person, in: knowledge) }
            let noun = fieldNoun(person.field)
            let named = fieldCounts[person.field, default: 0] >= 4
            let offered = named ? candidates.filter { $0.field == person.field } : candidates
            return person.notable.enumerated().compactMap { index, work in
                let keys = Set(work.allForms.map(knowledge.normalized))
                guard musicTitles[person.id, default: []].isDisjoint(with: keys) else { return nil }
                let quotedKo = said(work).ko
                let quotedEn = said(work).en
                let text = named
                    ? Localized(ko: "\(Phrase.attach(quotedKo, .direction)) 잘 알려진 \(Phrase.attach(noun.ko, .topic)) "
                                    + "누구일까요?",
                                en: "Which \(noun.en) is known for \(quotedEn)?")
                    : Localized(ko: "\(Phrase.attach(quotedKo, .direction)) 잘 알려진 인물은 누구일까요?",
                                en: "Who is known for \(quotedEn)?")
                return QuestionDraft(
                    knowledge: knowledge,
                    template: "known-for", entity: "\(person.id)-\(index + 1)", category: .person, difficulty: .easy,
                    text: text, answer: Choice(person.name), candidates: offered.map { Choice($0.name) }, pool: 6,
                    explanation: introduction(person, work: work, in: knowledge)
                )
            }
        }
    }

    /// "Which country is Pelé from?" (medium). Asked only where the answer cannot be argued: people born in 1900 or
    /// later (earlier ones were often born in states that no longer exist), never Koreans born before 1945 (Joseon or
    /// Korea under Japanese rule, not today's South Korea), nor people with a second nationality (`alsoNationality`)
    /// or a note. Distractors are countries on the same continent, those with the most people in the knowledge base
    /// first; North and South Korea are never each other's distractor.
    static let nationality = QuestionTemplate(id: "nationality", category: .person) { knowledge in
        let peopleCounts = Dictionary(knowledge.people.map { ($0.nationality, 1) }, uniquingKeysWith: +)
        return knowledge.people.compactMap { person in
            guard person.birthYear >= 1900, person.alsoNationality.isEmpty, person.note == nil,
                  !(person.nationality == "kr" && person.birthYear < 1945),
                  let country = knowledge.country(person.nationality)
            else { return nil }
            let koreas: Set<String> = ["kr", "kp"]
            let candidates = knowledge.countries
                .filter { $0.id != country.id && $0.continent == country.continent }
                .filter { !(koreas.contains(country.id) && koreas.contains($0.id)) }
                .stableSorted { -peopleCounts[$0.id, default: 0] }
                .map { Choice($0.name) }
            return QuestionDraft(
                knowledge: knowledge,
                template: "nationality", entity: person.id, category: .person, difficulty: .medium,
                text: Localized(ko: "\(Phrase.attach(person.name.ko, .topic)) 어느 나라 사람일까요?",
                                en: "Which country is \(person.name.en) from?"),
                answer: Choice(country.name), candidates: candidates, pool: 6,
                explanation: introduction(person, work: person.notable.first, in: knowledge)
            )
        }
    }

    /// "In which year was Mozart born?" (hard). Distractors are years within ten of the answer (the draw takes three
    /// of the sixteen nearest, so within eight), never after 2010 nor a year the person's note mentions (another
    /// calendar's year).
    static let birthYear = QuestionTemplate(id: "birth-year", category: .person) { knowledge in
        knowledge.people.compactMap { person in
            let born = person.birthYear
            var explanation = person.deathYear.map {
                Localized(ko: "\(Phrase.attach(person.name.ko, .topic)) \(born)년에 태어나 \($0)년에 세상을 떠났습니다.",
                          en: "\(person.name.en) was born in \(born) and died in \($0).")
            } ?? Localized(ko: "\(Phrase.attach(person.name.ko, .topic)) \(born)년에 태어났습니다.",
                           en: "\(person.name.en) was born in \(born).")
            explanation = Phrase.withNote(explanation, person.note)
            // A year the note mentions (Newton's Julian 1642) is never a wrong answer.
            let noted = Set((person.note?.en ?? "").split { !$0.isNumber }.map(String.init))
            return QuestionDraft(
                knowledge: knowledge,
                template: "birth-year", entity: person.id, category: .person, difficulty: .hard,
                text: Localized(ko: "\(Phrase.attach(person.name.ko, .topic)) 몇 년에 태어났을까요?",
                                en: "In which year was \(person.name.en) born?"),
                answer: .year(born),
                candidates: Phrase.nearYears(born, spread: 10, within: 1000...2010).filter { !noted.contains($0.en) },
                pool: 16,
                explanation: explanation
            )
        }
    }

    /// Same field first, then from the same continent (a Japanese novel's writer among Western writers' names gives
    /// himself away: 'Botchan' offered Mark Twain, Saint-Exupéry and Conan Doyle beside Natsume Sōseki), then nearest
    /// in birth year, then the knowledge base's order.
    private static func rank(_ other: KnowledgeBase.Person, near person: KnowledgeBase.Person,
                             in knowledge: KnowledgeBase) -> Int {
        let sameContinent = knowledge.country(other.nationality)?.continent
            == knowledge.country(person.nationality)?.continent
        return (other.field == person.field ? 0 : 10_000) + (sameContinent ? 0 : 5_000)
            + abs(other.birthYear - person.birthYear)
    }

    /// "Wolfgang Amadeus Mozart (1756–1791), a composer from Austria, is known for 'The Magic Flute'."
    static func introduction(_ person: KnowledgeBase.Person, work: KnowledgeBase.Named?,
                             in knowledge: KnowledgeBase) -> Localized {
        let noun = fieldNoun(person.field)
        let life = Phrase.lifespan(born: person.birthYear, died: person.deathYear)
        // The state of the person's time where the knowledge base gives it; today's country only for people born
        // since 1900 (the nationality question's own rule); else none, rather than a state that did not exist yet.
        let today = person.birthYear >= 1900 ? knowledge.country(person.nationality)?.name : nil
        let country = person.state ?? today ?? KnowledgeBase.Named(ko: "", en: "")
        let verb = person.deathYear == nil ? "is" : "was"
        let from = country.en.isEmpty ? "" : " from \(Phrase.country(country.en))"
        let origin = country.ko.isEmpty ? "" : "\(country.ko)의 "
        let subject = "\(person.name.ko)(\(life.ko))\(Phrase.particle(after: person.name.ko, .topic))"
        guard let work else {
            return Localized(ko: "\(subject) \(origin)\(noun.ko)입니다.",
                             en: "\(person.name.en) (\(life.en)) \(verb) \(noun.article) \(noun.en)\(from).")
        }
        let known = Phrase.attach(said(work).ko, .direction)
        return Localized(
            ko: "\(subject) \(origin)\(Phrase.attach(noun.ko, .direction)), \(known) 잘 알려져 있습니다.",
            en: "\(person.name.en) (\(life.en)), \(noun.article) \(noun.en)\(from), is known for \(said(work).en).")
    }

    /// A notable entry as a sentence says it: a work's title quoted ('The Starry Night'), a deed as it is (the theory
    /// of relativity, 2009년 남자 100m 세계 기록 수립).
    static func said(_ work: KnowledgeBase.Named) -> (ko: String, en: String) {
        work.deed ? (work.ko, work.en) : (Phrase.quoted(work.ko), Phrase.quoted(work.en))
    }

    /// A person's field in words: Korean, English and the English article.
    static func fieldNoun(_ field: String) -> (ko: String, en: String, article: String) {
        let nouns: [String: (String, String)] = [
            "physicist": ("물리학자", "physicist"), "chemist": ("화학자", "chemist"),
            "biologist": ("생물학자", "biologist"), "mathematician": ("수학자", "mathematician"),
            "astronomer": ("천문학자", "astronomer"), "inventor": ("발명가", "inventor"),
            "astronaut": ("우주 비행사", "astronaut"), "composer": ("작곡가", "composer"),
            "painter": ("화가", "painter"), "sculptor": ("조각가", "sculptor"), "artist": ("예술가", "artist"),
            "writer": ("작가", "writer"), "poet": ("시인", "poet"), "philosopher": ("철학자", "philosopher"),
            "economist": ("경제학자", "economist"), "theologian": ("신학자", "theologian"),
            "scholar": ("학자", "scholar"), "film-director": ("영화감독", "film director"), "actor": ("배우", "actor"),
            "leader": ("지도자", "leader"), "monarch": ("군주", "monarch"),
            "military-leader": ("장군", "military leader"), "independence-activist": ("독립운동가", "independence activist"),
            "activist": ("운동가", "activist"), "diplomat": ("외교관", "diplomat"), "nurse": ("간호사", "nurse"),
            "entrepreneur": ("기업가", "entrepreneur"), "athlete": ("운동선수", "athlete"),
        ]
        let (ko, en) = nouns[field] ?? ("인물", field.replacingOccurrences(of: "-", with: " "))
        let article = "aeiou".contains(en.first ?? "x") ? "an" : "a"
        return (ko, en, article)
    }

    /// The normalised title forms of the works music.json holds, by the composer's id in people.json: a composer's
    /// notable work among them is left to the music category.
    static func musicTitleKeys(_ knowledge: KnowledgeBase) -> [String: Set<String>] {
        let personOfArtist = Dictionary(knowledge.artists.compactMap { artist in artist.person.map { (artist.id, $0) } },
                                        uniquingKeysWith: { first, _ in first })
        var keys: [String: Set<String>] = [:]
        for song in knowledge.songs {
            guard let person = personOfArtist[song.artist] else { continue }
            keys[person, default: []].formUnion(song.title.allForms.map(knowledge.normalized))
        }
        return keys
    }
}
