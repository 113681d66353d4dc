import Foundation
import Testing
@testable import BrainyKit

/// AI mode's generator (issue 11) over the bundled knowledge base in Resources/Knowledge.
@Suite struct QuestionGeneratorTests {
    /// Resources/Knowledge, found from this file: Tests/BrainyKitTests/ → the repository's root.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Knowledge")

    /// Loaded once for the suite: its drafts are made once per category and shared.
    static let shared = Result { try KnowledgeBase.load(from: folder) }

    let knowledge: KnowledgeBase

    init() throws {
        knowledge = try Self.shared.get()
    }

    /// The fewest questions each template must make over the whole knowledge base (a drop means facts or distractors
    /// went missing).
    static let minimumPerTemplate: [String: Int] = [
        "capital": 140, "capital-country": 130, "continent": 140, "currency": 150, "language": 140,
        "known-for": 180, "nationality": 40, "birth-year": 150, "song-artist": 130, "song-year": 130,
        "drama-network": 85, "drama-cast": 85, "drama-year": 85,
    ]

    @Test func everyTemplateMakesValidQuestionsOverTheWholeKnowledgeBase() {
        var perTemplate: [String: Int] = [:]
        var ids: Set<String> = []
        var texts: [String: String] = [:]
        for category in QuizCategory.allCases {
            let generated = QuestionGenerator.all(from: knowledge, category: category)
            #expect(generated.count >= 100, "\(category): only \(generated.count) questions")
            var perDifficulty: [Difficulty: Int] = [:]
            for item in generated {
                let question = item.question
                let problems = QuestionValidator.problems(question)
                #expect(problems.isEmpty, "\(question.id): \(problems)")
                #expect(question.category == category)
                perDifficulty[question.difficulty, default: 0] += 1
                // Provenance "kb:<template>:<entity>" and id "ai-<template>-<entity>".
                let parts = item.provenance.split(separator: ":", maxSplits: 2).map(String.init)
                #expect(parts.count == 3 && parts[0] == "kb", "\(item.provenance)")
                if parts.count == 3 {
                    #expect(question.id == "ai-\(parts[1])-\(parts[2])")
                    perTemplate[parts[1], default: 0] += 1
                }
                #expect(ids.insert(question.id).inserted, "\(question.id) twice")
                for text in [question.ko.text, question.en.text] {
                    let key = QuestionValidator.normalizedText(text)
                    #expect(texts[key] == nil, "\(question.id) asks the same as \(texts[key] ?? "")")
                    texts[key] = question.id
                }
                // Short answer: the canonical answer of each language is accepted, and the voice rule holds.
                #expect(AnswerGrader.isCorrect(question.ko.answer, for: question))
                #expect(AnswerGrader.isCorrect(question.en.answer, for: question))
                #expect(question.voice == question.en.options.allSatisfy(QuestionDraft.isPlain))
            }
            let difficulties = perDifficulty.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            print("\(category): \(generated.count) questions, \(difficulties.joined(separator: ", "))")
        }
        print("per template: \(perTemplate.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        for (template, minimum) in Self.minimumPerTemplate {
            #expect(perTemplate[template, default: 0] >= minimum, "\(template): \(perTemplate[template, default: 0]) < \(minimum)")
        }
        #expect(Set(perTemplate.keys) == Set(Self.minimumPerTemplate.keys))
    }

    @Test func questionsReadAsExpected() throws {
        let country = QuestionGenerator.all(from: knowledge, category: .country)
        let tokyo = try #require(country.first { $0.question.id == "ai-capital-jp" })
        #expect(tokyo.provenance == "kb:capital:jp")
        #expect(tokyo.question.ko.text == "일본의 수도는 어디일까요?")
        #expect(tokyo.question.en.text == "What is the capital of Japan?")
        #expect(tokyo.question.en.answer == "Tokyo")
        #expect(tokyo.question.ko.alternatives.contains("동경"))
        #expect(tokyo.question.difficulty == .easy)
        #expect(tokyo.question.voice)
        #expect(AnswerGrader.isCorrect("동경", for: tokyo.question))
        // Ambiguous capitals are never asked nor offered; transcontinental countries' continents are never asked.
        #expect(!country.contains { $0.question.id == "ai-capital-za" || $0.question.id == "ai-continent-ru" })
        #expect(!country.contains { $0.question.en.options.contains("Pretoria") })
        #expect(country.contains { $0.question.id == "ai-capital-country-jp" })

        let people = QuestionGenerator.all(from: knowledge, category: .person)
        let born = try #require(people.first { $0.question.id == "ai-birth-year-mozart" })
        #expect(born.question.en.answer == "1756" && born.question.ko.answer == "1756년")
        #expect(born.question.difficulty == .hard)
        #expect(born.question.en.options.allSatisfy { Int($0).map { abs($0 - 1756) <= 10 } == true })
        // People with a second nationality are never asked theirs.
        #expect(!people.contains { $0.question.id == "ai-nationality-albert-einstein" })

        let music = QuestionGenerator.all(from: knowledge, category: .music)
        let gangnam = try #require(music.first { $0.question.id == "ai-song-artist-gangnam-style" })
        #expect(gangnam.question.en.answer == "PSY")
        #expect(gangnam.question.en.text == "Who sang 'Gangnam Style'?")
    }

    @Test func theKnowledgeBaseIsConsistent() {
        func complete(_ named: KnowledgeBase.Named, _ what: String) {
            #expect(!named.ko.trimmingCharacters(in: .whitespaces).isEmpty, "\(what): no Korean")
            #expect(!named.en.trimmingCharacters(in: .whitespaces).isEmpty, "\(what): no English")
            #expect(!(named.forms(.en)).contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } },
                    "\(what): Hangul in an English form")
        }
        let countryIds = Set(knowledge.countries.map(\.id))
        for country in knowledge.countries {
            complete(country.name, "\(country.id) name")
            complete(country.capital, "\(country.id) capital")
            complete(country.currency, "\(country.id) currency")
            #expect(!country.languages.isEmpty, "\(country.id): no language")
            country.languages.forEach { complete($0, "\(country.id) language") }
        }
        for person in knowledge.people {
            complete(person.name, person.id)
            #expect(!person.notable.isEmpty, "\(person.id): nothing notable")
            person.notable.forEach { complete($0, "\(person.id) notable") }
            #expect(countryIds.contains(person.nationality), "\(person.id): unknown nationality")
            #expect(person.deathYear.map { $0 > person.birthYear } ?? true, "\(person.id): died before born")
        }
        let artistIds = Set(knowledge.artists.map(\.id))
        let personIds = Set(knowledge.people.map(\.id))
        for artist in knowledge.artists {
            complete(artist.name, artist.id)
            #expect(countryIds.contains(artist.nationality), "\(artist.id): unknown nationality")
            #expect(artist.person.map(personIds.contains) ?? true, "\(artist.id): unknown person")
        }
        for song in knowledge.songs {
            complete(song.title, song.id)
            #expect(artistIds.contains(song.artist), "\(song.id): unknown artist")
            #expect(["release", "premiere", "publication", "composition"].contains(song.yearOf), "\(song.id): yearOf")
        }
        for drama in knowledge.dramas {
            complete(drama.title, drama.id)
            complete(drama.network, "\(drama.id) network")
            #expect(!drama.cast.isEmpty, "\(drama.id): no cast")
            drama.cast.forEach { complete($0, "\(drama.id) cast") }
            #expect(countryIds.contains(drama.country), "\(drama.id): unknown country")
        }
        for (kind, ids) in [("country", knowledge.countries.map(\.id)), ("person", knowledge.people.map(\.id)),
                            ("artist", knowledge.artists.map(\.id)), ("song", knowledge.songs.map(\.id)),
                            ("drama", knowledge.dramas.map(\.id))] {
            #expect(Set(ids).count == ids.count, "a \(kind) id is repeated")
        }

        // The facts templates treat as unique: no normalised form (either language) shared by two entities.
        func unique(_ kind: String, _ entries: [(owner: String, forms: [String])]) {
            var owners: [String: String] = [:]
            for entry in entries {
                for key in Set(entry.forms.map(AnswerNormalizer.normalize)) where !key.isEmpty {
                    if let other = owners[key], other != entry.owner {
                        Issue.record("\(kind) '\(key)' belongs to both \(other) and \(entry.owner)")
                    }
                    owners[key] = entry.owner
                }
            }
        }
        unique("country name", knowledge.countries.map { ($0.id, $0.name.allForms) })
        unique("capital", knowledge.countries.map { ($0.id, $0.capital.allForms) })
        unique("person name", knowledge.people.map { ($0.id, $0.name.allForms) })
        unique("notable work", knowledge.people.flatMap { person in person.notable.map { (person.id, $0.allForms) } })
        unique("artist name", knowledge.artists.map { ($0.id, $0.name.allForms) })
        unique("song title by its artist", knowledge.songs.map { song in
            (song.id, song.title.allForms.map { song.artist + "/" + $0 })
        })
        unique("drama title", knowledge.dramas.map { ($0.id, $0.title.allForms) })
    }

    @Test func theSameSeedGivesTheSameQuestionsAndAnotherSeedOthers() {
        for category in QuizCategory.allCases {
            func draw(_ seed: UInt64) -> [GeneratedQuestion] {
                var generator = SeededGenerator(seed: seed)
                return QuestionGenerator.generate(count: 10, category: category, difficulty: nil, from: knowledge,
                                                  excludingIds: [], excludingTexts: [], using: &generator)
            }
            let first = draw(42)
            #expect(first.count == 10)
            #expect(first == draw(42), "\(category): seed 42 twice differs")
            #expect(first != draw(43), "\(category): seeds 42 and 43 agree")
            first.forEach { #expect(QuestionValidator.problems($0.question).isEmpty, "\($0.question.id)") }
        }
        // `all` does not depend on anything but the knowledge base.
        let music = QuestionGenerator.all(from: knowledge, category: .music)
        #expect(music == QuestionGenerator.all(from: knowledge, category: .music))
    }

    @Test func generateHonoursExclusionsAndNeverRepeats() {
        var generator = SeededGenerator(seed: 7)
        for category in QuizCategory.allCases {
            let every = QuestionGenerator.all(from: knowledge, category: category)
            let first = QuestionGenerator.generate(count: 30, category: category, difficulty: nil, from: knowledge,
                                                   excludingIds: [], excludingTexts: [], using: &generator)
            #expect(first.count == 30)
            #expect(Set(first.map(\.question.id)).count == first.count, "\(category): an id twice in one call")
            let excludedIds = Set(first.prefix(15).map(\.question.id))
            // Texts as shown (the generator normalises them) and already normalised.
            let excludedTexts = Set(first.dropFirst(15).prefix(8).map(\.question.ko.text)
                + first.dropFirst(23).map { QuestionValidator.normalizedText($0.question.en.text) })
            let excludedTextIds = Set(first.dropFirst(15).map(\.question.id))
            let second = QuestionGenerator.generate(count: every.count, category: category, difficulty: nil,
                                                    from: knowledge, excludingIds: excludedIds,
                                                    excludingTexts: excludedTexts, using: &generator)
            #expect(second.count == every.count - 30, "\(category): \(second.count) of \(every.count - 30)")
            var seenTexts: Set<String> = []
            for item in second {
                #expect(!excludedIds.contains(item.question.id), "\(item.question.id) was excluded by id")
                #expect(!excludedTextIds.contains(item.question.id), "\(item.question.id) was excluded by text")
                for text in [item.question.ko.text, item.question.en.text] {
                    let key = QuestionValidator.normalizedText(text)
                    #expect(!excludedTexts.contains(key) && !excludedTexts.contains(text))
                    #expect(seenTexts.insert(key).inserted, "\(item.question.id): a text twice in one call")
                }
            }
            // Everything excluded: nothing left to give.
            let none = QuestionGenerator.generate(count: 5, category: category, difficulty: .easy, from: knowledge,
                                                  excludingIds: Set(every.map(\.question.id)), excludingTexts: [],
                                                  using: &generator)
            #expect(none.isEmpty)
        }
    }

    @Test func generatePrefersTheDifficultyAskedFor() {
        var generator = SeededGenerator(seed: 11)
        let hard = QuestionGenerator.generate(count: 20, category: .person, difficulty: .hard, from: knowledge,
                                              excludingIds: [], excludingTexts: [], using: &generator)
        #expect(hard.count == 20)
        #expect(hard.allSatisfy { $0.question.difficulty == .hard })
        // The country category has no hard question: the nearest (medium) come first, then easy.
        let country = QuestionGenerator.generate(count: 200, category: .country, difficulty: .hard, from: knowledge,
                                                 excludingIds: [], excludingTexts: [], using: &generator)
        let ranks = country.map(\.question.difficulty.rank)
        #expect(ranks == ranks.sorted(by: >))
        #expect(country.first?.question.difficulty == .medium)
    }

    @Test func theValidatorRefusesForgedQuestions() {
        let valid = Question(
            id: "ai-capital-zm", category: .country, difficulty: .easy, voice: true,
            ko: .init(text: "잠비아의 수도는 어디일까요?", answer: "루사카", alternatives: ["Lusaka"],
                      options: ["하라레", "루사카", "릴롱궤", "가보로네"], explanation: "잠비아의 수도는 루사카입니다."),
            en: .init(text: "What is the capital of Zambia?", answer: "Lusaka", alternatives: ["루사카"],
                      options: ["Harare", "Lusaka", "Lilongwe", "Gaborone"], explanation: "The capital of Zambia is Lusaka.")
        )
        #expect(QuestionValidator.problems(valid).isEmpty, "\(QuestionValidator.problems(valid))")

        func refused(_ change: (inout Question) -> Void, saying words: String...) {
            var forged = valid
            change(&forged)
            let problems = QuestionValidator.problems(forged)
            #expect(!problems.isEmpty, "not refused: \(words)")
            #expect(problems.contains { problem in words.allSatisfy { problem.contains($0) } }, "\(problems)")
        }
        refused({ $0.en.options.removeFirst() }, saying: "English options number 3, not 4")
        refused({ $0.ko.options[1] = "은가보로네" ; $0.en.options[1] = "Ndola" }, saying: "answer 'Lusaka' is not among")
        // "Lusakka" is one typo from Lusaka: the grader would take it for the answer.
        refused({ $0.en.options[0] = "Lusakka" }, saying: "option 'Lusakka'", "grader accepts it")
        refused({ $0.en.text = "" }, saying: "English text is missing")
        refused({ $0.en.explanation = " " }, saying: "English explanation is missing")
        refused({ $0.en = $0.ko }, saying: "English text holds Hangul")
        refused({ $0.ko.options[3] = "하 라 레" }, saying: "Korean options", "same once normalized")
        refused({ $0.en.alternatives.append("!!") }, saying: "alternative '!!' is not accepted")
        refused({ $0.en.options.swapAt(0, 1) }, saying: "option 2 in Korean but option 1 in English")
        refused({ $0.id = "" }, saying: "id is empty")
        refused({ $0.ko.text = "잠비아의 수도는 어디일까요" }, saying: "Korean text does not end with a question mark")
    }

    @Test func aKnowledgeBaseThatCannotBeReadSaysWhich() {
        let missing = URL(fileURLWithPath: "/nonexistent-knowledge")
        #expect(throws: KnowledgeBase.LoadError.self) { try KnowledgeBase.load(from: missing) }
    }
}
