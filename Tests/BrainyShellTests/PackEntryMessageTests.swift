import BrainyKit
@testable import BrainyPacks
import BrainyResources
import Foundation
import Testing
@testable import BrainyShell

/// A pack file with a bad entry says which file, which entry and what is allowed, in Korean and English, and what to
/// do next, instead of the JSON decoder's own text.
@Suite struct PackEntryMessageTests {
    private func folder(withCategory category: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let real = try PackLoader.load(from: BrainyResources.corePackDirectory)
        let files = try PackLoader.encoded(id: "test", version: "1", files: [("country.json", Array(real.questions.prefix(3)))])
        for (name, data) in files {
            var text = String(decoding: data, as: UTF8.self)
            if name == "country.json", let range = text.range(of: #""category" : ""#) {
                let end = try #require(text[range.upperBound...].firstIndex(of: "\""))
                text.replaceSubrange(range.upperBound..<end, with: category)
            }
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func aBadCategoryNamesTheFileTheEntryAndTheAllowedWords() throws {
        let pack = try folder(withCategory: "plants")
        defer { try? FileManager.default.removeItem(at: pack) }
        var caught: StoreError?
        do { _ = try PackLoader.load(from: pack) } catch { caught = error }
        let error = try #require(caught)
        guard case let .invalidPackEntry(problem) = error else { Issue.record("\(error)"); return }
        #expect(problem.entry == "questions[0].category")
        #expect(problem.file.hasSuffix("/country.json"))
        let message = ErrorMessage.of(error)
        let allowed = QuizCategory.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(message.en.contains("country.json has a bad entry at questions[0].category: it must be one of \(allowed)"),
                "\(message.en)")
        #expect(message.en.contains("reinstall brainy"))
        #expect(message.ko.contains("항목 questions[0].category가 올바르지 않습니다: 가능한 값은 \(allowed) 중 하나입니다"),
                "\(message.ko)")
        #expect(!message.en.contains("DecodingError") && !message.en.contains("CodingKeys"))
    }

    @Test func theCodingPathReadsAsAPath() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) { (self.stringValue, self.intValue) = ("Index \(intValue)", intValue) }
        }
        #expect(PackEntryProblem.readable([Key(stringValue: "questions"), Key(intValue: 12), Key(stringValue: "ko"),
                                           Key(stringValue: "options"), Key(intValue: 0)]) == "questions[12].ko.options[0]")
        #expect(PackEntryProblem.readable([]) == "(the whole file)")
    }
}
