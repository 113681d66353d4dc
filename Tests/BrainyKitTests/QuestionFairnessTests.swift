import Foundation
import Testing
@testable import BrainyKit

/// AI mode's questions are fair (issue 27): no question whose text holds its answer, no option that is a second
/// right answer by what the knowledge base knows, and people described by the state of their own time.
@Suite struct QuestionFairnessTests {
    let knowledge: KnowledgeBase

    init() throws {
        knowledge = try QuestionGeneratorTests.shared.get()
    }

    func all() -> [Question] {
        QuizCategory.allCases.flatMap { QuestionGenerator.all(from: knowledge, category: $0).map(\.question) }
    }

    @Test(arguments: [
        ("스티븐 호킹", "Stephen Hawking", "'호킹 복사'로 잘 알려진 물리학자는 누구일까요?", "Which physicist is known for 'Hawking radiation'?"),
        ("루이 파스퇴르", "Louis Pasteur", "'저온 살균법'으로 잘 알려진 인물은 누구일까요?", "Who is known for 'Pasteurization'?"),
        ("알프레드 노벨", "Alfred Nobel", "'노벨상 제정'으로 잘 알려진 인물은 누구일까요?", "Who is known for 'Founding of the Nobel Prizes'?"),
        ("멕시코시티", "Mexico City", "멕시코의 수도는 어디일까요?", "What is the capital of Mexico?"),
    ])
    func aTextHoldingItsAnswerIsAGiveaway(ko: String, en: String, textKo: String, textEn: String) {
        #expect(QuestionDraft.givesAway(Choice(ko: ko, en: en), in: Localized(ko: textKo, en: textEn),
                                        normalize: knowledge.normalized))
    }

    @Test func wordsAreMatchedAtTheirStartNotAcrossWords() {
        // PSY's other name, Park Jae-sang, is not "sang" of "Who sang".
        let psy = Choice(ko: "싸이", en: "PSY", alternatives: KnowledgeBase.Alternatives(ko: [], en: ["Park Jae-sang"]))
        #expect(!QuestionDraft.givesAway(psy, in: Localized(ko: "'강남스타일'을 부른 가수는 누구일까요?",
                                                            en: "Who sang 'Gangnam Style'?"),
                                         normalize: knowledge.normalized))
    }

    @Test func noGeneratedQuestionGivesItsAnswerAway() {
        for question in all() {
            guard let family = QuestionFamily.of(question.id),
                  !QuestionDraft.namedAfterTheSubject.contains(family.template) else { continue }
            let answer = Choice(ko: question.ko.answer, en: question.en.answer)
            #expect(!QuestionDraft.givesAway(answer, in: Localized(ko: question.ko.text, en: question.en.text),
                                             normalize: knowledge.normalized), "\(question.id): \(question.en.text)")
        }
    }

    @Test func aBroadcastDramaOfTheStreamingEraIsNeverOfferedAPlatform() {
        let platforms = DramaTemplates.streaming
        for question in all() where question.id.hasPrefix("ai-drama-network-") {
            let answer = question.en.answer.lowercased()
            guard !platforms.contains(answer),
                  let drama = knowledge.dramas.first(where: { "ai-drama-network-\($0.id)" == question.id }),
                  drama.year >= 2016 else { continue }
            #expect(!question.en.options.contains { platforms.contains($0.lowercased()) }, "\(question.id)")
        }
    }

    @Test func composersOfAWorkOfTheSameNameAreNotEachOthersDistractors() throws {
        let ninth = try #require(all().first { $0.id == "ai-song-artist-beethoven-9" })
        #expect(!ninth.en.options.contains { $0.contains("Dvořák") }, "\(ninth.en.options)")
        let newWorld = try #require(all().first { $0.id == "ai-song-artist-dvorak-new-world" })
        #expect(!newWorld.en.options.contains { $0.contains("Beethoven") }, "\(newWorld.en.options)")
    }

    @Test func anAnimatedSeriesIsNotAskedForItsCastWithoutOtherVoiceActorsToOffer() {
        // Live-action actors voice guests in animated series (David Duchovny and Steve Carell in The Simpsons): they
        // would be second right answers. The knowledge base holds one animated series, so its cast is not asked.
        #expect(!all().contains { $0.id == "ai-drama-cast-the-simpsons" })
        #expect(all().contains { $0.id == "ai-drama-network-the-simpsons" })
    }

    @Test func peopleOfThePastAreDescribedByTheStateOfTheirTime() throws {
        let sejong = try #require(knowledge.people.first { $0.id == "sejong" })
        let about = PersonTemplates.introduction(sejong, work: sejong.notable.first, in: knowledge)
        #expect(about.ko.contains("조선의 군주") && !about.ko.contains("대한민국"), "\(about.ko)")
        #expect(about.en.contains("from Joseon") && !about.en.contains("South Korea"), "\(about.en)")
        for question in all() where question.category == .person {
            for id in ["sejong", "yi-sun-sin", "shin-saimdang", "yi-hwang", "jeong-yak-yong"]
            where question.id.hasSuffix("-\(id)") || question.id.contains("-\(id)-") {
                #expect(!question.ko.explanation.contains("대한민국"), "\(question.id): \(question.ko.explanation)")
                #expect(!question.en.explanation.contains("South Korea"), "\(question.id): \(question.en.explanation)")
            }
        }
    }
}
