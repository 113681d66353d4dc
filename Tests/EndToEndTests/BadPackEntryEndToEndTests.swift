import Foundation
import Testing

/// A pack with a bad entry stops the start (exit 3) saying which file, which entry and what is wrong there, in the
/// run's language, and what to do next: no raw DecodingError, no English of the JSON reader inside Korean text.
@Suite struct BadPackEntryEndToEndTests {
    /// A home whose resources are the shipped ones with `edit` applied to the core pack's music.json and manifest
    /// (the manifest's version changed so that the pack is imported), and the start's stderr in `language`.
    private func start(language: String, editMusic: (inout [String: Any]) throws -> Void = { _ in },
                       writeMusic: ((Data) -> Data)? = nil,
                       editManifest: (inout [String: Any]) throws -> Void = { _ in }) throws -> (status: Int32, err: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-badpack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let resources = home.appendingPathComponent("resources")
        try FileManager.default.copyItem(at: HostileOutputEndToEndTests.shippedResources(), to: resources)
        let pack = resources.appendingPathComponent("Packs/core")
        let file = pack.appendingPathComponent("music.json")
        var document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        try editMusic(&document)
        let music = try JSONSerialization.data(withJSONObject: document)
        try (writeMusic?(music) ?? music).write(to: file)
        let manifestFile = pack.appendingPathComponent("manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: manifestFile)) as? [String: Any])
        manifest["version"] = "bad-entry-\(UUID().uuidString)"
        try editManifest(&manifest)
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
        let environment = ["HOME": home.path, "XDG_DATA_HOME": home.path, "BRAINY_RESOURCES": resources.path]
        let run = try BrainyProcess.run(["--lang", language, "--db", ":memory:", "-c", "state"], environment: environment)
        return (run.status, run.err)
    }

    /// The third music question's `field` holding `value`.
    private func setThird(_ field: String, to value: Any) -> (inout [String: Any]) throws -> Void {
        { document in
            var questions = try #require(document["questions"] as? [[String: Any]])
            questions[2][field] = value
            document["questions"] = questions
        }
    }

    @Test func aBadCategoryIsSaidAsFileEntryAndAllowedWords() throws {
        let english = try start(language: "en", editMusic: setThird("category", to: "plants"))
        #expect(english.status == 3)
        #expect(english.err.contains("music.json has a bad entry at questions[2].category: it must be one of "),
                "\(english.err)")
        #expect(english.err.contains("(it holds 'plants')") && english.err.contains("reinstall brainy"), "\(english.err)")
        #expect(!english.err.contains("DecodingError") && !english.err.contains("Cannot initialize"), "\(english.err)")
        let korean = try start(language: "ko", editMusic: setThird("category", to: "plants"))
        #expect(korean.status == 3)
        #expect(korean.err.contains("항목 questions[2].category가 올바르지 않습니다: 가능한 값은 "), "\(korean.err)")
        #expect(korean.err.contains("(지금 값: 'plants')") && !korean.err.contains("Cannot initialize"), "\(korean.err)")
    }

    @Test func aBadDifficultyIsSaidWithTheDifficultiesAllowed() throws {
        let english = try start(language: "en", editMusic: setThird("difficulty", to: "impossible"))
        #expect(english.status == 3)
        #expect(english.err.contains("music.json has a bad entry at questions[2].difficulty: it must be one of easy, "),
                "\(english.err)")
        let korean = try start(language: "ko", editMusic: setThird("difficulty", to: "impossible"))
        #expect(korean.status == 3)
        #expect(korean.err.contains("항목 questions[2].difficulty가 올바르지 않습니다: 가능한 값은 easy, "), "\(korean.err)")
        #expect(!korean.err.contains("Cannot initialize") && !korean.err.contains("Difficulty"), "\(korean.err)")
    }

    @Test func aFileThatIsNotJSONIsSaidWithItsLineAndColumn() throws {
        // A stray comma at the start of the file's second line.
        let broken: (Data) -> Data = { data in Data("{\n,".utf8) + data.dropFirst() }
        let english = try start(language: "en", writeMusic: broken)
        #expect(english.status == 3)
        #expect(english.err.contains("music.json is not valid JSON (line 2, column 1). If you added that pack, fix the file;"),
                "\(english.err)")
        let korean = try start(language: "ko", writeMusic: broken)
        #expect(korean.status == 3)
        #expect(korean.err.contains("music.json이 올바른 JSON이 아닙니다 (2번째 줄, 1번째 글자)."), "\(korean.err)")
        for text in [english.err, korean.err] {
            #expect(!text.contains("whole file") && !text.contains("The given data") && !text.contains("character"), "\(text)")
        }
    }

    /// The controls of `HostileOutputEndToEndTests.forbidden` in `text`.
    private func controls(in text: String) -> [String] {
        let raw = Array(text.utf8)
        return HostileOutputEndToEndTests.forbidden.filter { _, bytes in
            raw.indices.contains { raw[$0...].starts(with: bytes) }
        }.map(\.0) + (text.contains("\u{1B}") ? ["ESC"] : []) + (text.contains("\r") ? ["CR"] : [])
    }

    @Test func aPacksValueReachesStderrWithoutItsControls() throws {
        let hostile = "\(HostileOutputEndToEndTests.hidden)plants\(HostileOutputEndToEndTests.hidden)"
        for language in ["en", "ko"] {
            let run = try start(language: language, editMusic: setThird("category", to: hostile))
            #expect(run.status == 3)
            #expect(run.err.contains("'plants')."), "\(run.err)")
            #expect(controls(in: run.err).isEmpty, "\(controls(in: run.err)): \(run.err.debugDescription)")
        }
    }

    @Test func aFileNameFromTheManifestReachesStderrWithoutItsControls() throws {
        let name = "\(HostileOutputEndToEndTests.hidden)lost\(HostileOutputEndToEndTests.hidden).json"
        let addLostFile: (inout [String: Any]) throws -> Void = { manifest in
            manifest["files"] = try #require(manifest["files"] as? [String]) + [name]
        }
        let english = try start(language: "en", editManifest: addLostFile)
        #expect(english.status == 3)
        #expect(english.err.contains(".json cannot be read. If you added that pack, check that the file is there"),
                "\(english.err)")
        #expect(controls(in: english.err).isEmpty, "\(controls(in: english.err)): \(english.err.debugDescription)")
        let korean = try start(language: "ko", editManifest: addLostFile)
        #expect(korean.status == 3)
        #expect(korean.err.contains(".json을 읽을 수 없습니다."), "\(korean.err)")
        #expect(controls(in: korean.err).isEmpty, "\(controls(in: korean.err)): \(korean.err.debugDescription)")
    }
}
