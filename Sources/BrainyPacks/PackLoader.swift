import BrainyKit
import Foundation

/// Reads a pack folder: `manifest.json` (id, version, files) and one `{ "questions": [...] }` file per category.
public enum PackLoader {
    public struct Manifest: Codable, Sendable {
        public var id: String
        public var version: String
        public var files: [String]
    }

    private struct QuestionFile: Codable {
        var questions: [Question]
    }

    /// Only the manifest: cheap enough for every start-up.
    public static func manifest(in directory: URL) throws(StoreError) -> Manifest {
        do {
            let data = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw .invalidPack("manifest.json in \(directory.path): \(error)")
        }
    }

    public static func load(from directory: URL) throws(StoreError) -> QuestionPack {
        let manifest = try manifest(in: directory)
        var questions: [Question] = []
        for file in manifest.files {
            do {
                let data = try Data(contentsOf: directory.appendingPathComponent(file))
                questions += try JSONDecoder().decode(QuestionFile.self, from: data).questions
            } catch {
                throw .invalidPack("\(file): \(error)")
            }
        }
        return QuestionPack(id: manifest.id, version: manifest.version, questions: questions)
    }
}
