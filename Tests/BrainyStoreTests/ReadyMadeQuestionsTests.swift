import BrainyKit
import BrainyPacks
import BrainyResources
import Foundation
import Testing

/// AI mode's questions from the knowledge base ship ready-made (Resources/Knowledge/questions), so that a device's
/// first AI quiz in a category only stores them. They must be exactly what the generator makes today from the
/// knowledge base, less the invalid ones and those the bundled pack already asks:
/// `BRAINY_UPDATE_KNOWLEDGE=1 swift test --filter ReadyMadeQuestionsTests` writes them again after a change.
@Suite struct ReadyMadeQuestionsTests {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Knowledge/questions", isDirectory: true)

    /// The folder's files as the generator makes them now.
    static func made() throws -> [String: Data] {
        let knowledge = try KnowledgeBase.load(from: BrainyResources.knowledgeDirectory)
        let bank = try PackLoader.load(from: BrainyResources.corePackDirectory).questions
        let files = QuizCategory.allCases.compactMap { category -> (name: String, questions: [Question])? in
            // Against the whole bank: a country's currency may be asked in 상식 too.
            let questions = QuestionGenerator.readyMade(from: knowledge, category: category, bank: bank)
            return questions.isEmpty ? nil : ("\(category.rawValue).json", questions)
        }
        // The version says what the files hold: a hash of their bytes, so that a device stores them again after any change.
        let content = try PackLoader.encoded(id: "ai-kb", version: "", files: files)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in files.map(\.name) {
            for byte in content[name]! { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return try PackLoader.encoded(id: "ai-kb", version: String(hash, radix: 16), files: files)
    }

    @Test func theShippedQuestionsAreTheGeneratorsOfToday() throws {
        let made = try Self.made()
        if ProcessInfo.processInfo.environment["BRAINY_UPDATE_KNOWLEDGE"] == "1" {
            try FileManager.default.createDirectory(at: Self.source, withIntermediateDirectories: true)
            for (name, data) in made { try data.write(to: Self.source.appendingPathComponent(name)) }
        }
        let shipped = Set(try FileManager.default.contentsOfDirectory(atPath: Self.source.path))
        #expect(shipped == Set(made.keys), "Resources/Knowledge/questions has other files than the generator makes")
        for (name, data) in made {
            #expect(try Data(contentsOf: Self.source.appendingPathComponent(name)) == data,
                    "\(name) is stale: BRAINY_UPDATE_KNOWLEDGE=1 swift test --filter ReadyMadeQuestionsTests")
        }
    }

    @Test func everyShippedQuestionIsValidNewAndNamedForItsCategory() throws {
        let folder = BrainyResources.knowledgeDirectory.appendingPathComponent("questions", isDirectory: true)
        let pack = try PackLoader.load(from: folder)
        #expect(pack.id == "ai-kb")
        #expect(pack.questions.count > 1_000)
        let bank = try PackLoader.load(from: BrainyResources.corePackDirectory).questions
        let bankTexts = Set(bank.flatMap { [QuestionValidator.normalizedText($0.ko.text),
                                            QuestionValidator.normalizedText($0.en.text)] })
        for question in pack.questions {
            #expect(QuestionValidator.problems(question).isEmpty, "\(question.id): \(QuestionValidator.problems(question))")
            #expect(!bankTexts.contains(QuestionValidator.normalizedText(question.en.text)), "\(question.id) repeats the bank")
            #expect(question.id.hasPrefix("ai-"))
        }
        for category in QuizCategory.allCases {
            let questions = try? PackLoader.load(file: "\(category.rawValue).json", in: folder)
            #expect((questions ?? []).allSatisfy { $0.category == category })
        }
        #expect(Set(pack.questions.map(\.id)).count == pack.questions.count, "an id comes twice")
    }
}
