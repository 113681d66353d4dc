import Foundation
import Testing

/// A pack with a category not in the list stops the start (exit 3) saying which file, which entry and what is
/// allowed, in the run's language, and what to do next: no raw DecodingError.
@Suite struct BadPackEntryEndToEndTests {
    @Test func aBadCategoryIsSaidAsFileEntryAndAllowedWords() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-badpack-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let resources = home.appendingPathComponent("resources")
        try FileManager.default.copyItem(at: HostileOutputEndToEndTests.shippedResources(), to: resources)
        let pack = resources.appendingPathComponent("Packs/core")
        let file = pack.appendingPathComponent("music.json")
        var document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var questions = try #require(document["questions"] as? [[String: Any]])
        questions[2]["category"] = "plants"
        document["questions"] = questions
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let manifestFile = pack.appendingPathComponent("manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: manifestFile)) as? [String: Any])
        manifest["version"] = "bad-category-1"
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
        let environment = ["HOME": home.path, "XDG_DATA_HOME": home.path, "BRAINY_RESOURCES": resources.path]

        let english = try BrainyProcess.run(["--lang", "en", "--db", ":memory:", "-c", "state"], environment: environment)
        #expect(english.status == 3)
        #expect(english.err.contains("music.json has a bad entry at questions[2].category: it must be one of "),
                "\(english.err)")
        #expect(english.err.contains("reinstall brainy") && !english.err.contains("DecodingError"), "\(english.err)")
        let korean = try BrainyProcess.run(["--lang", "ko", "--db", ":memory:", "-c", "state"], environment: environment)
        #expect(korean.status == 3)
        #expect(korean.err.contains("항목 questions[2].category가 올바르지 않습니다: 가능한 값은 "), "\(korean.err)")
    }
}
