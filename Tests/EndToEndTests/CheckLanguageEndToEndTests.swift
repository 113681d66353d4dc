import Foundation
import Testing

/// `brainy --check` and `brainy --paths` answer in the run's language: --lang, or Korean as every other message of
/// brainy before a database is open.
@Suite struct CheckLanguageEndToEndTests {
    @Test func anEmptyTranscriptPathIsRefusedInTheRunsLanguage() throws {
        let korean = try BrainyProcess.run(["--check", ""])
        #expect(korean.status == 2)
        #expect(korean.err.contains("--check에는 트랜스크립트 파일의 경로를 주세요 (예: brainy --check session.transcript). ''는 쓸 수 없습니다."), "\(korean.err)")
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

    @Test func aTranscriptLineThatCannotBeReadIsSaidInTheRunsLanguage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-seed-\(UUID().uuidString).transcript")
        try Data("# seed soon\n$ state\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let korean = try BrainyProcess.run(["--lang", "ko", "--check", file.path])
        #expect(korean.status == 2)
        #expect(korean.err.contains(".transcript:1: '# seed' 줄에는 0 이상의 정수를 주세요 (예: # seed 42)."), "\(korean.err)")
        #expect(!korean.err.contains("bad seed"), "\(korean.err)")
        let english = try BrainyProcess.run(["--lang", "en", "--check", file.path])
        #expect(english.status == 2)
        #expect(english.err.contains(".transcript:1: '# seed' takes a whole number of 0 or more (like # seed 42)."),
                "\(english.err)")
    }

    @Test func textBeforeTheFirstCommandIsSaidInTheRunsLanguage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stray-\(UUID().uuidString).transcript")
        try Data("# seed 1\nhello\n$ state\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let korean = try BrainyProcess.run(["--check", file.path])
        #expect(korean.err.contains(".transcript:2: 트랜스크립트는 '# 머리' 줄들로 시작하고 '$ 명령' 줄들이 이어져야 합니다."),
                "\(korean.err)")
        let english = try BrainyProcess.run(["--lang", "en", "--check", file.path])
        #expect(english.err.contains(".transcript:2: A transcript starts with '# header' lines, then '$ command' lines."),
                "\(english.err)")
    }
}
