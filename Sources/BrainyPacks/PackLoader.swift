import BrainyKit
import Foundation

/// Reads a pack folder: `manifest.json` (id, version, files) and one `{ "questions": [...] }` file per category.
public enum PackLoader {
    public struct Manifest: Codable, Sendable, Equatable {
        public var id: String
        public var version: String
        public var files: [String]

        public init(id: String, version: String, files: [String]) {
            self.id = id
            self.version = version
            self.files = files
        }
    }

    /// A pack's manifest as shipped, with the fingerprint of its file's bytes: a file that still has them is not
    /// decoded (`JSONDecoder`'s first use was 5% of a start-up, and the pack's version is checked at every start).
    public struct ShippedManifest: Sendable {
        public let manifest: Manifest
        public let fingerprint: UInt64

        public init(_ manifest: Manifest, fingerprint: UInt64) {
            self.manifest = manifest
            self.fingerprint = fingerprint
        }
    }

    private struct QuestionFile: Codable {
        var questions: [Question]
    }

    /// Only the manifest: cheap enough for every start-up.
    public static func manifest(in directory: URL, shipped: ShippedManifest? = nil) throws(StoreError) -> Manifest {
        try manifest(inFolder: directory.path, shipped: shipped)
    }

    /// `manifest(in:)` for a folder's path (the start-up's: see `ResourceFolder`).
    public static func manifest(inFolder folder: String, shipped: ShippedManifest? = nil) throws(StoreError) -> Manifest {
        let file = folder + "/manifest.json"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw .invalidPackEntry(PackEntryProblem(file: file, kind: .cannotRead))
        }
        if let shipped, Fingerprint.fnv1a(data) == shipped.fingerprint { return shipped.manifest }
        return try decode(Manifest.self, from: data, file: file)
    }

    public static func load(from directory: URL) throws(StoreError) -> QuestionPack {
        let manifest = try manifest(in: directory)
        var questions: [Question] = []
        for file in manifest.files {
            questions += try load(file: file, in: directory)
        }
        return QuestionPack(id: manifest.id, version: manifest.version, questions: questions)
    }

    /// The questions of one of the pack's files (one category's).
    public static func load(file: String, in directory: URL) throws(StoreError) -> [Question] {
        let path = directory.appendingPathComponent(file).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidPackEntry(PackEntryProblem(file: path, kind: .cannotRead))
        }
        return try decode(QuestionFile.self, from: data, file: path).questions
    }

    /// `data` (the bytes of `file`) decoded, or the entry that could not be, said in the shell's words.
    private static func decode<Value: Decodable>(_ type: Value.Type, from data: Data,
                                                 file: String) throws(StoreError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .invalidPackEntry(PackEntryProblem(file: file, data: data, error))
        } catch {
            throw .invalidPackEntry(PackEntryProblem(file: file, kind: .notJSON(position: nil)))
        }
    }

    /// A pack folder's files as `load` reads them: the manifest and one file per category, encoded the same way on
    /// every run (sorted keys, indented), so that a pack made by a program is kept in git and compared byte for byte.
    public static func encoded(id: String, version: String,
                               files: [(name: String, questions: [Question])]) throws -> [String: Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var result = ["manifest.json": try encoder.encode(Manifest(id: id, version: version, files: files.map(\.name)))]
        for file in files {
            result[file.name] = try encoder.encode(QuestionFile(questions: file.questions))
        }
        return result
    }
}
