import Foundation

/// 나라 (country): capitals and continents.
enum CountryTemplates {
    static let all: [QuestionTemplate] = [capital, capitalCountry, continent]

    /// "What is the capital of Japan?" (easy). Not asked about a country whose capital is ambiguous; distractors are
    /// the capitals of other countries on the same continent (never an ambiguous one).
    static let capital = QuestionTemplate(id: "capital", category: .country) { knowledge in
        knowledge.countries.compactMap { country in
            guard !country.capital.ambiguous else { return nil }
            let candidates = knowledge.countries
                .filter { $0.id != country.id && $0.continent == country.continent && !$0.capital.ambiguous }
                .map { Choice($0.capital) }
            return QuestionDraft(
                knowledge: knowledge,
                template: "capital", entity: country.id, category: .country, difficulty: .easy,
                text: Localized(ko: "\(country.name.ko)의 수도는 어디일까요?",
                                en: "What is the capital of \(Phrase.country(country.name.en))?"),
                answer: Choice(country.capital), candidates: candidates,
                explanation: Phrase.withNote(
                    Localized(ko: "\(country.name.ko)의 수도는 \(country.capital.ko)입니다.",
                              en: "The capital of \(Phrase.country(country.name.en)) is \(country.capital.en)."),
                    country.capital.note)
            )
        }
    }

    /// "Tokyo is the capital of which country?" (medium). Not asked when the capital is ambiguous or its name gives
    /// the country away (Singapore, Kuwait City, Mexico City); distractors are countries on the same continent.
    static let capitalCountry = QuestionTemplate(id: "capital-country", category: .country) { knowledge in
        knowledge.countries.compactMap { country in
            guard !country.capital.ambiguous, !namesOverlap(country.capital, country.name, in: knowledge) else { return nil }
            let candidates = knowledge.countries
                .filter { $0.id != country.id && $0.continent == country.continent }
                .map { Choice($0.name) }
            let continent = country.continent.name
            return QuestionDraft(
                knowledge: knowledge,
                template: "capital-country", entity: country.id, category: .country, difficulty: .medium,
                text: Localized(ko: "\(Phrase.attach(country.capital.ko, .topic)) 어느 나라의 수도일까요?",
                                en: "\(country.capital.en) is the capital of which country?"),
                answer: Choice(country.name), candidates: candidates,
                explanation: Phrase.withNote(
                    Localized(ko: "\(Phrase.attach(country.capital.ko, .topic)) \(continent.ko)에 있는 \(country.name.ko)의 수도입니다.",
                              en: "\(country.capital.en) is the capital of \(Phrase.country(country.name.en)), in \(continent.en)."),
                    country.capital.note)
            )
        }
    }

    /// "On which continent is Japan?" (easy). Not asked about transcontinental countries; distractors are the other
    /// continents.
    static let continent = QuestionTemplate(id: "continent", category: .country) { knowledge in
        knowledge.countries.compactMap { country in
            guard country.otherContinents.isEmpty else { return nil }
            let answer = country.continent
            let candidates = KnowledgeBase.Continent.allCases.filter { $0 != answer }
                .map { Choice(ko: $0.name.ko, en: $0.name.en, alternatives: $0.alternatives) }
            var explanation = Localized(
                ko: "\(Phrase.attach(country.name.ko, .topic)) \(answer.name.ko)에 있는 나라입니다.",
                en: "\(Phrase.capitalized(Phrase.country(country.name.en))) is in \(answer.name.en).")
            if !country.capital.ambiguous {
                explanation = explanation + Localized(ko: " 수도는 \(country.capital.ko)입니다.",
                                                      en: " Its capital is \(country.capital.en).")
            }
            if answer == .northAmerica {
                explanation = explanation + Localized(ko: " 여기서 북아메리카에는 중앙아메리카와 카리브해 나라들이 포함됩니다.",
                                                      en: " North America here includes Central America and the Caribbean.")
            }
            return QuestionDraft(
                knowledge: knowledge,
                template: "continent", entity: country.id, category: .country, difficulty: .easy,
                text: Localized(ko: "\(Phrase.attach(country.name.ko, .topic)) 어느 대륙에 있을까요?",
                                en: "On which continent is \(Phrase.country(country.name.en))?"),
                answer: Choice(ko: answer.name.ko, en: answer.name.en, alternatives: answer.alternatives),
                candidates: candidates, explanation: explanation
            )
        }
    }

    /// True when a form of one name holds a form of the other (after normalising), in either language.
    static func namesOverlap(_ a: KnowledgeBase.Named, _ b: KnowledgeBase.Named, in knowledge: KnowledgeBase) -> Bool {
        let left = a.allForms.map(knowledge.normalized).filter { !$0.isEmpty }
        let right = b.allForms.map(knowledge.normalized).filter { !$0.isEmpty }
        return left.contains { l in right.contains { r in l.contains(r) || r.contains(l) } }
    }
}

/// 상식 (general): currencies and languages of countries.
enum GeneralTemplates {
    static let all: [QuestionTemplate] = [currency, language]

    /// "What is the currency of Japan?" (medium). Distractors are currencies of other countries on the same
    /// continent, each currency (ISO code) once. The US dollar is never a distractor (it circulates widely beside
    /// many currencies), nor a currency that is also legal tender in the country asked about (`alsoLegalTender`).
    /// The answer also accepts the ISO code and the currency's last word ("yen" for "Japanese yen").
    ///
    /// The reverse ("the baht is the currency of which country?") is left out: most English currency names carry the
    /// country's adjective (Japanese yen, Thai baht) and would give the answer away.
    static let currency = QuestionTemplate(id: "currency", category: .general) { knowledge in
        knowledge.countries.compactMap { country in
            let excluded = alsoLegalTender[country.id, default: []].union(["USD"])
            var codes: Set<String> = [country.currency.code ?? country.currency.en]
            var candidates: [Choice] = []
            for other in knowledge.countries where other.continent == country.continent {
                let code = other.currency.code ?? other.currency.en
                guard !codes.contains(code), !excluded.contains(code) else { continue }
                codes.insert(code)
                candidates.append(Choice(other.currency))
            }
            var answer = Choice(country.currency)
            answer.alternatives.en += [lastWord(country.currency.en), country.currency.code].compactMap { $0 }
            answer.alternatives.ko += [lastWord(country.currency.ko)].compactMap { $0 }
            let code = country.currency.code.map { "(\($0))" } ?? ""
            let codeEn = code.isEmpty ? "" : " " + code
            return QuestionDraft(
                knowledge: knowledge,
                template: "currency", entity: country.id, category: .general, difficulty: .medium,
                text: Localized(ko: "\(country.name.ko)의 화폐 단위는 무엇일까요?",
                                en: "What is the currency of \(Phrase.country(country.name.en))?"),
                answer: answer, candidates: candidates,
                explanation: Phrase.withNote(
                    Localized(ko: "\(country.name.ko)의 화폐 단위는 \(country.currency.ko)\(code)입니다.",
                              en: "The currency of \(Phrase.country(country.name.en)) is the \(country.currency.en)\(codeEn)."),
                    country.currency.note)
            )
        }
    }

    /// Currencies (ISO codes) that are legal tender beside the country's own and so may not be its distractors:
    /// the South African rand in the Common Monetary Area, the Indian rupee in Bhutan, the Singapore and Brunei
    /// dollars in each other's country.
    static let alsoLegalTender: [String: Set<String>] = [
        "ls": ["ZAR"], "na": ["ZAR"], "sz": ["ZAR"], "bt": ["INR"], "bn": ["SGD"], "sg": ["BND"],
    ]

    /// The last word of a name of two words or more ("Japanese yen" → "yen", "미국 달러" → "달러").
    static func lastWord(_ name: String) -> String? {
        let words = name.split(separator: " ")
        return words.count > 1 ? String(words.last!) : nil
    }

    /// "What is the official language of Japan?" or, for a country with several, "Which language is an official
    /// language of Switzerland?" (medium); the answer is the first listed and every listed language is accepted.
    /// Not asked where the knowledge base abridges the list (`languagesNote`). Distractors are languages of other
    /// countries on the same continent that are not the country's, nor official there regionally or as a minority
    /// language (`regionallyOfficial`).
    static let language = QuestionTemplate(id: "language", category: .general) { knowledge in
        knowledge.countries.compactMap { country in
            guard country.languagesNote == nil, let first = country.languages.first else { return nil }
            let own = Set(country.languages.flatMap(\.allForms).map(knowledge.normalized))
            let regional = regionallyOfficial[country.id, default: []]
            var seen: Set<String> = []
            var candidates: [Choice] = []
            for other in knowledge.countries where other.continent == country.continent && other.id != country.id {
                for language in other.languages {
                    let key = knowledge.normalized(language.en)
                    guard !seen.contains(key), !regional.contains(language.en),
                          !language.allForms.contains(where: { own.contains(knowledge.normalized($0)) })
                    else { continue }
                    seen.insert(key)
                    candidates.append(Choice(language))
                }
            }
            var answer = Choice(first)
            for other in country.languages.dropFirst() {
                answer.alternatives.ko += other.forms(.ko)
                answer.alternatives.en += other.forms(.en)
            }
            let several = country.languages.count > 1
            let name = Phrase.country(country.name.en)
            let byUse = country.languagesDeFacto && !several
            let text = byUse
                ? Localized(ko: "\(country.name.ko)에서 주로 쓰는 언어는 무엇일까요?",
                            en: "What is the main language of \(name)?")
                : several
                ? Localized(ko: "\(country.name.ko)의 공용어 가운데 하나는 무엇일까요?",
                            en: "Which language is an official language of \(name)?")
                : Localized(ko: "\(country.name.ko)의 공용어는 무엇일까요?",
                            en: "What is the official language of \(name)?")
            let listKo = Phrase.list(country.languages.map(\.ko), language: .ko)
            let listEn = Phrase.list(country.languages.map(\.en), language: .en)
            let explanation = byUse
                ? Localized(ko: "\(country.name.ko)에는 법으로 정한 공용어가 없고, \(Phrase.attach(listKo, .subject)) 사실상의 "
                                + "공용어로 쓰입니다.",
                            en: "\(name) has no official language by law; \(listEn) is its de facto national language.")
                : several
                ? Localized(ko: "\(country.name.ko)의 공용어는 \(listKo)입니다.",
                            en: "The official languages of \(name) are \(listEn).")
                : Localized(ko: "\(country.name.ko)의 공용어는 \(listKo)입니다.",
                            en: "The official language of \(name) is \(listEn).")
            return QuestionDraft(
                knowledge: knowledge,
                template: "language", entity: country.id, category: .general, difficulty: .medium,
                text: text, answer: answer, candidates: candidates, explanation: explanation
            )
        }
    }

    /// Languages (English names as in the knowledge base) that are official in part of a country, or recognised
    /// there as a minority or national language, while the knowledge base lists only the national official ones:
    /// offering them as wrong answers would be arguable.
    static let regionallyOfficial: [String: Set<String>] = [
        // Asia
        "in": ["Tamil", "Bengali", "Urdu", "Nepali"],
        "cn": ["Mongolian", "Korean", "Kazakh", "Kyrgyz"],
        "lk": ["English"],
        "tl": ["Indonesian"],
        "tj": ["Russian"],
        // Europe
        "gb": ["Irish"],
        "de": ["Danish"],
        "dk": ["German"],
        "se": ["Finnish"],
        "pl": ["German"],
        "cz": ["Slovak"],
        "at": ["Croatian", "Slovene", "Hungarian"],
        "it": ["German", "French", "Slovene"],
        "es": ["Catalan"],
        "ro": ["Hungarian"],
        "sk": ["Hungarian"],
        "si": ["Italian", "Hungarian"],
        "hr": ["Serbian", "Italian", "Hungarian"],
        "rs": ["Hungarian", "Croatian", "Romanian", "Bosnian", "Albanian"],
        "me": ["Serbian", "Bosnian", "Albanian", "Croatian"],
        "mk": ["Serbian"],
        "al": ["Greek", "Macedonian"],
        "ru": ["Ukrainian"],
        // Africa
        "dj": ["Somali"],
        "na": ["Afrikaans", "German", "Tswana"],
        "cd": ["Swahili"],
        // Americas
        "us": ["Spanish"],
        "ec": ["Quechua"],
        "ar": ["Guarani"],
        "br": ["Guarani"],
        "co": ["Quechua"],
    ]
}
