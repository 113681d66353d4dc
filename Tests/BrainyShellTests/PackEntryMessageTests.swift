import BrainyKit
@testable import BrainyPacks
import BrainyResources
import Foundation
import Testing
@testable import BrainyShell

/// A pack file with a bad entry says which file, which entry and what is allowed, in Korean and English, and what to
/// do next, instead of the JSON decoder's own text.
@Suite struct PackEntryMessageTests {
    /// A small pack folder (three real questions in country.json) with `edit` applied to the text of `file`.
    private func folder(editing file: String = "country.json", _ edit: (inout String) throws -> Void) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let real = try PackLoader.load(from: BrainyResources.corePackDirectory)
        let files = try PackLoader.encoded(id: "test", version: "1", files: [("country.json", Array(real.questions.prefix(3)))])
        for (name, data) in files {
            var text = String(decoding: data, as: UTF8.self)
            if name == file { try edit(&text) }
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// The first question's `field` holding `value` (a string) instead of its own.
    private func folder(withFirst field: String, _ value: String) throws -> URL {
        try folder { text in
            let range = try #require(text.range(of: "\"\(field)\" : \""))
            let end = try #require(text[range.upperBound...].firstIndex(of: "\""))
            text.replaceSubrange(range.upperBound..<end, with: value)
        }
    }

    private func folder(withCategory category: String) throws -> URL {
        try folder(withFirst: "category", category)
    }

    /// The error loading `pack` fails with, and its words in both languages.
    private func failure(loading pack: URL) throws -> (problem: PackEntryProblem, message: Localized) {
        defer { try? FileManager.default.removeItem(at: pack) }
        var caught: StoreError?
        do { _ = try PackLoader.load(from: pack) } catch { caught = error }
        let error = try #require(caught)
        guard case let .invalidPackEntry(problem) = error else { throw Unexpected(error: error) }
        return (problem, ErrorMessage.of(error))
    }

    private struct Unexpected: Error { let error: StoreError }

    /// Words of the JSON decoder or of Swift that must never reach a person.
    private func expectNoInternals(_ message: Localized) {
        for word in ["DecodingError", "CodingKeys", "Cannot initialize", "debugDescription", "not valid JSON.)",
                     "Index ", "whole file", "The given data", "around character"] {
            #expect(!message.en.contains(word) && !message.ko.contains(word), "\(word): \(message)")
        }
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

    @Test func aBadCategorySaysTheValueItHoldsInBothLanguages() throws {
        let (problem, message) = try failure(loading: folder(withCategory: "plants"))
        #expect(problem.kind == .notInList(allowed: QuizCategory.allCases.map(\.rawValue), found: "plants"))
        #expect(message.en.contains("(it holds 'plants')"), "\(message.en)")
        #expect(message.ko.contains("(지금 값: 'plants')"), "\(message.ko)")
        expectNoInternals(message)
    }

    @Test func aBadDifficultyNamesTheDifficultiesAllowed() throws {
        let (problem, message) = try failure(loading: folder(withFirst: "difficulty", "impossible"))
        let allowed = Difficulty.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(problem.entry == "questions[0].difficulty")
        #expect(message.en.contains("has a bad entry at questions[0].difficulty: it must be one of \(allowed) (it holds 'impossible')."),
                "\(message.en)")
        #expect(message.ko.contains("항목 questions[0].difficulty가 올바르지 않습니다: 가능한 값은 \(allowed) 중 하나입니다 (지금 값: 'impossible')."),
                "\(message.ko)")
        expectNoInternals(message)
    }

    @Test func aMissingFieldIsSaidMissing() throws {
        let pack = try folder { text in
            let range = try #require(text.range(of: "\"category\" : "))
            text.replaceSubrange(range, with: "\"kategory\" : ")
        }
        let (problem, message) = try failure(loading: pack)
        #expect(problem.entry == "questions[0].category" && problem.kind == .missing)
        #expect(message.en.contains("has a bad entry at questions[0].category: it is missing. If you added that pack, fix the entry"),
                "\(message.en)")
        #expect(message.ko.contains("항목 questions[0].category가 올바르지 않습니다: 값이 빠져 있습니다. 직접 넣은 팩이면 그 항목을 고치고"),
                "\(message.ko)")
        expectNoInternals(message)
    }

    @Test func aValueOfTheWrongKindSaysWhatIsExpected() throws {
        let pack = try folder { text in
            let range = try #require(text.range(of: "\"voice\" : "))
            let end = try #require(text[range.upperBound...].firstIndex(of: "\n"))
            text.replaceSubrange(range.upperBound..<end, with: "\"yes\"")
        }
        let (problem, message) = try failure(loading: pack)
        #expect(problem.entry == "questions[0].voice" && problem.kind == .wrongType(expected: .truthValue))
        #expect(message.en.contains("has a bad entry at questions[0].voice: it must be true or false."), "\(message.en)")
        #expect(message.ko.contains("항목 questions[0].voice가 올바르지 않습니다: true 또는 false 값이 와야 합니다."), "\(message.ko)")
        expectNoInternals(message)
    }

    @Test func brokenJSONIsSaidWithItsLineAndColumn() throws {
        // The stray 1 stands on line 3, after four spaces and `{"id": "한글" ` (two Korean letters, six bytes).
        let pack = try folder { text in text = "{\n  \"questions\": [\n    {\"id\": \"한글\" 1}\n  ]\n}\n" }
        let (problem, message) = try failure(loading: pack)
        #expect(problem.kind == .notJSON(position: .init(line: 3, column: 17)))
        #expect(problem.entry.isEmpty)
        #expect(message.en.contains("country.json is not valid JSON (line 3, column 17). If you added that pack, fix the file;"),
                "\(message.en)")
        #expect(message.ko.contains("country.json이 올바른 JSON이 아닙니다 (3번째 줄, 17번째 글자). 직접 넣은 팩이면 그 파일을 고치고"),
                "\(message.ko)")
        expectNoInternals(message)
    }

    @Test func aFileEndingTooEarlyIsNotValidJSONWithoutAPlace() throws {
        let (problem, message) = try failure(loading: folder { text in text = String(text.prefix(40)) })
        #expect(problem.kind == .notJSON(position: nil))
        #expect(message.en.contains("country.json is not valid JSON. If you added"), "\(message.en)")
        #expect(message.ko.contains("country.json이 올바른 JSON이 아닙니다. 직접 넣은 팩이면"), "\(message.ko)")
        expectNoInternals(message)
    }

    @Test func theManifestIsSaidTheSameWay() throws {
        let missing = try failure(loading: folder(editing: "manifest.json") { text in
            let range = try #require(text.range(of: "\"files\""))
            text.replaceSubrange(range, with: "\"filez\"")
        })
        #expect(missing.problem.file.hasSuffix("/manifest.json") && missing.problem.entry == "files")
        #expect(missing.message.en.contains("manifest.json has a bad entry at files: it is missing."), "\(missing.message.en)")
        #expect(missing.message.ko.contains("manifest.json의 항목 files가 올바르지 않습니다: 값이 빠져 있습니다."),
                "\(missing.message.ko)")
        expectNoInternals(missing.message)

        let wrong = try failure(loading: folder(editing: "manifest.json") { text in
            let range = try #require(text.range(of: "\"version\" : \"1\""))
            text.replaceSubrange(range, with: "\"version\" : 1")
        })
        #expect(wrong.message.en.contains("manifest.json has a bad entry at version: it must be a string."), "\(wrong.message.en)")
        #expect(wrong.message.ko.contains("manifest.json의 항목 version이 올바르지 않습니다: 문자열 값이 와야 합니다."),
                "\(wrong.message.ko)")

        let broken = try failure(loading: folder(editing: "manifest.json") { text in text = "{\n  \"id\": ,\n}" })
        #expect(broken.problem.kind == .notJSON(position: .init(line: 2, column: 9)))
        #expect(broken.message.en.contains("manifest.json is not valid JSON (line 2, column 9)."), "\(broken.message.en)")
        expectNoInternals(broken.message)
    }

    @Test func aFileTheManifestNamesButThePackLacksCannotBeRead() throws {
        let pack = try folder(editing: "manifest.json") { text in
            text = text.replacingOccurrences(of: "\"country.json\"", with: "\"plants.json\"")
        }
        let (problem, message) = try failure(loading: pack)
        #expect(problem.file.hasSuffix("/plants.json") && problem.kind == .cannotRead)
        #expect(message.en.contains("plants.json cannot be read. If you added that pack, check that the file is there and readable"),
                "\(message.en)")
        #expect(message.ko.contains("plants.json을 읽을 수 없습니다. 직접 넣은 팩이면 그 파일이 있고 읽을 수 있는지 확인하고"),
                "\(message.ko)")
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
        #expect(PackEntryProblem.readable([]) == "")
    }
}
