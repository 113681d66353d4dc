import BrainyKit
import Foundation
import Testing
@testable import BrainyStore

@Suite struct QuestionImportTests {
    @Test func importingTheSamePackTwiceChangesNothing() throws {
        let database = try AppDatabase.inMemory()
        let pack = Fixtures.pack("1", ids: ["country-0001", "country-0002", "country-0003"])
        try database.importPack(pack, now: Fixtures.start)
        try database.importPack(pack, now: Fixtures.start)
        #expect(try database.candidateIds(category: .country, unsolvedBy: nil).sorted() == ["country-0001", "country-0002", "country-0003"])
        #expect(try database.importedVersion(ofPack: "core") == "1")
    }

    @Test func aQuestionRemovedFromAPackStaysReadableButIsNoLongerDealt() throws {
        let database = try AppDatabase.inMemory()
        try database.importPack(Fixtures.pack("1", ids: ["country-0001", "country-0002"]), now: Fixtures.start)
        try database.importPack(Fixtures.pack("2", ids: ["country-0001"]), now: Fixtures.start)
        #expect(try database.candidateIds(category: .country, unsolvedBy: nil) == ["country-0001"])
        #expect(try database.questions(ids: ["country-0002"]).map(\.id) == ["country-0002"])
        #expect(try database.importedVersion(ofPack: "core") == "2")
    }

    @Test func anUpdatedQuestionKeepsItsIdAndTheAnswersGivenToIt() throws {
        let database = try AppDatabase.inMemory()
        try database.importPack(Fixtures.pack("1", ids: ["country-0001"]), now: Fixtures.start)
        let user = try database.guestUser(now: Fixtures.start)
        let quiz = Fixtures.quiz("q1", userId: user.id, questionIds: ["country-0001"])
        try database.saveNewQuiz(quiz)
        try database.saveAnswer(Fixtures.answer(quiz, position: 0, outcome: .correct, at: Fixtures.start), progress: quiz, timeZone: .gmt)
        var changed = Fixtures.pack("2", ids: ["country-0001"])
        changed.questions[0].ko.explanation = "새 설명"
        try database.importPack(changed, now: Fixtures.start)
        #expect(try database.questions(ids: ["country-0001"]).first?.ko.explanation == "새 설명")
        #expect(try database.candidateIds(category: .country, unsolvedBy: user.id).isEmpty)
        #expect(try database.quiz(idOrPrefix: "q1", userId: user.id)?.1.count == 1)
    }

    @Test func importIfNewerReadsOnlyTheManifestWhenTheVersionIsUnchanged() throws {
        let directory = Fixtures.temporaryDirectory()
        let pack = Fixtures.pack("7", ids: ["country-0001"])
        let manifest = #"{"id":"core","version":"7","files":["country.json"]}"#
        try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.json"))
        struct File: Encodable { var questions: [Question] }
        try JSONEncoder().encode(File(questions: pack.questions)).write(to: directory.appendingPathComponent("country.json"))
        let database = try AppDatabase.inMemory()
        #expect(try database.importPackIfNewer(from: directory, now: Fixtures.start) == 1)
        // A broken question file is not read again while the version is the same.
        try Data("not json".utf8).write(to: directory.appendingPathComponent("country.json"))
        #expect(try database.importPackIfNewer(from: directory, now: Fixtures.start) == 0)
    }
}

@Suite struct SortedIdsTests {
    @Test func subtractingKeepsTheIdsNotRemovedInOrder() {
        #expect(SortedIds.subtracting(["a-2", "a-4", "z"], from: ["a-1", "a-2", "a-3", "a-4"]) == ["a-1", "a-3"])
        #expect(SortedIds.subtracting([], from: ["a", "b"]) == ["a", "b"])
        #expect(SortedIds.subtracting(["a", "b"], from: []) == [])
        #expect(SortedIds.subtracting(["b"], from: ["B", "a", "b", "가"]) == ["B", "a", "가"])
    }
}

@Suite struct PackValidationTests {
    @Test func aPackWithAQuestionOfThreeOptionsIsRefusedWhole() throws {
        let database = try AppDatabase.inMemory()
        var pack = Fixtures.pack("1", ids: ["country-0001", "country-0002"])
        pack.questions[1].en.options.removeLast()
        #expect(throws: StoreError.self) { try database.importPack(pack, now: Fixtures.start) }
        #expect(try database.candidateIds(category: .country, unsolvedBy: nil).isEmpty)
    }

    @Test func aLargePackImportsAndMarksWhatItDropped() throws {
        let database = try AppDatabase.inMemory()
        let ids = (1...40_000).map { String(format: "country-%05d", $0) }
        try database.importPack(Fixtures.pack("1", ids: ids), now: Fixtures.start)
        try database.importPack(Fixtures.pack("2", ids: Array(ids.dropLast())), now: Fixtures.start)
        #expect(try database.candidateIds(category: .country, unsolvedBy: nil).count == 39_999)
    }
}
