import Foundation
import Testing

/// `brainy --check` and `brainy --paths` answer in the run's language: --lang, or Korean as every other message of
/// brainy before a database is open.
@Suite struct CheckLanguageEndToEndTests {
    @Test func anEmptyTranscriptPathIsRefusedInTheRunsLanguage() throws {
        let korean = try BrainyProcess.run(["--check", ""])
        #expect(korean.status == 2)
        #expect(korean.err.contains("--check에는 트랜스크립트 파일의 경로를 주세요"), "\(korean.err)")
        let askedKorean = try BrainyProcess.run(["--lang", "ko", "--check", ""])
        #expect(askedKorean.err.contains("--check에는 트랜스크립트 파일의 경로를 주세요"), "\(askedKorean.err)")
        let english = try BrainyProcess.run(["--lang", "en", "--check", ""])
        #expect(english.status == 2)
        #expect(english.err.contains("--check takes a transcript file's path"), "\(english.err)")
    }

    @Test func aMissingTranscriptIsSaidInKoreanByDefault() throws {
        let result = try BrainyProcess.run(["--check", "/nonexistent-\(UUID().uuidString).transcript"])
        #expect(result.status == 2)
        #expect(result.err.contains("읽을 수 없습니다"), "\(result.err)")
    }

    @Test func pathsThatCannotBeWrittenAreSaidInTheRunsLanguage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let korean = try BrainyProcess.run(["--lang", "ko", "--paths", file.path + "/inside"])
        #expect(korean.status == 2)
        #expect(!korean.err.contains("Cannot") && korean.err.hasPrefix("brainy: "), "\(korean.err)")
    }
}
