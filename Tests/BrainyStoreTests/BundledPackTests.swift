import BrainyKit
import BrainyPacks
import BrainyResources
import Foundation
import Testing
@testable import BrainyStore

/// Validates every bundled pack: schema, ids, options, languages, coverage, and that the shell's own grader accepts
/// every accepted form and no wrong option.
@Suite struct BundledPackTests {
    static let pack: QuestionPack = {
        do {
            return try PackLoader.load(from: BrainyResources.corePackDirectory)
        } catch {
            Issue.record("the bundled pack does not load: \(String(describing: error))")
            return QuestionPack(id: "core", version: "", questions: [])
        }
    }()

    var questions: [Question] { Self.pack.questions }

    /// The compiled-in copy of the manifest stays the file; an edited manifest is decoded, not taken for the shipped.
    @Test func theCompiledInManifestIsTheShippedFileAndAnEditedOneIsRead() throws {
        let directory = BrainyResources.corePackDirectory
        let data = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        let decoded = try JSONDecoder().decode(PackLoader.Manifest.self, from: data)
        let shipped = BrainyResources.corePackShipped
        #expect(decoded == shipped.manifest, "Packs/core/manifest.json changed: make BrainyResources.corePackShipped \(decoded)")
        let fingerprint = Fingerprint.fnv1a(data)
        #expect(fingerprint == shipped.fingerprint,
                "Packs/core/manifest.json changed: make its fingerprint 0x\(String(fingerprint, radix: 16))")
        #expect(try PackLoader.manifest(in: directory, shipped: shipped) == decoded)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let edited = String(decoding: data, as: UTF8.self).replacingOccurrences(of: shipped.manifest.version, with: "2099.1.1")
        try Data(edited.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        #expect(try PackLoader.manifest(in: folder, shipped: shipped).version == "2099.1.1")
    }

    @Test func thePackHasAVersionAndUniqueWellFormedIds() {
        #expect(!Self.pack.version.isEmpty)
        let ids = questions.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids")
        for question in questions {
            let prefix = question.category.rawValue + "-"
            #expect(question.id.hasPrefix(prefix) && question.id.dropFirst(prefix.count).count == 4
                    && question.id.dropFirst(prefix.count).allSatisfy(\.isNumber), "bad id \(question.id)")
        }
    }

    @Test func everyQuestionHasBothLanguagesAndFourDistinctOptionsWithTheAnswerAtTheSamePlace() {
        for question in questions {
            for language in Language.allCases {
                let text = question.text(in: language)
                #expect(!text.text.isEmpty && !text.answer.isEmpty && !text.explanation.isEmpty,
                        "\(question.id) \(language): empty text, answer or explanation")
                #expect(text.options.count == 4, "\(question.id) \(language): \(text.options.count) options")
                #expect(Set(text.options.map(AnswerNormalizer.normalize)).count == text.options.count,
                        "\(question.id) \(language): options are not distinct")
                #expect(text.answerIndex != nil, "\(question.id) \(language): the answer is not among the options")
            }
            #expect(question.ko.answerIndex == question.en.answerIndex, "\(question.id): answer index differs by language")
        }
    }

    @Test func theGraderAcceptsEveryAcceptedFormAndNoWrongOption() {
        for question in questions {
            for form in question.acceptedForms {
                #expect(AnswerGrader.isCorrect(form, for: question), "\(question.id): '\(form)' is not graded correct")
            }
            for language in Language.allCases {
                let text = question.text(in: language)
                for (index, option) in text.options.enumerated() where index != text.answerIndex {
                    #expect(!AnswerGrader.isCorrect(option, for: question),
                            "\(question.id): the wrong option '\(option)' is graded correct")
                }
            }
        }
    }

    @Test func noQuestionIsAskedTwice() {
        for language in Language.allCases {
            var seen: [String: String] = [:]
            for question in questions {
                let key = AnswerNormalizer.normalize(question.text(in: language).text)
                if let other = seen[key] { Issue.record("\(question.id) repeats \(other) (\(language))") }
                seen[key] = question.id
            }
        }
        // Near duplicates: the same answer and nearly the same wording (character bigrams).
        let byAnswer = Dictionary(grouping: questions) { AnswerNormalizer.normalize($0.ko.answer) }
        for group in byAnswer.values where group.count > 1 {
            for (i, a) in group.enumerated() {
                for b in group[(i + 1)...] where NearDuplicate.similarity(a.ko.text, b.ko.text) > 0.8 {
                    Issue.record("\(a.id) and \(b.id) are near duplicates")
                }
            }
        }
    }

    @Test(arguments: QuizCategory.allCases)
    func everyCategoryHasEnoughQuestionsOfEveryDifficulty(category: QuizCategory) {
        let inCategory = questions.filter { $0.category == category }
        #expect(inCategory.count >= 100, "\(category): \(inCategory.count) questions")
        for difficulty in Difficulty.allCases {
            let count = inCategory.filter { $0.difficulty == difficulty }.count
            #expect(count >= 25, "\(category) \(difficulty): \(count) questions")
        }
        let stages = StagePlan.stages(of: inCategory.map { ($0.id, $0.difficulty) })
        #expect(stages.count >= 15, "\(category): \(stages.count) stages")
    }

    @Test func someQuestionsAreMarkedForVoice() {
        #expect(questions.contains { $0.voice })
    }
}

enum NearDuplicate {
    /// Jaccard similarity of the character bigrams of two normalised texts.
    static func similarity(_ a: String, _ b: String) -> Double {
        func bigrams(_ text: String) -> Set<String> {
            let characters = Array(AnswerNormalizer.normalize(text))
            guard characters.count > 1 else { return [String(characters)] }
            return Set((0..<characters.count - 1).map { String(characters[$0...$0 + 1]) })
        }
        let x = bigrams(a), y = bigrams(b)
        return Double(x.intersection(y).count) / Double(max(1, x.union(y).count))
    }
}
