import BrainyKit
import BrainyResources
import Foundation
import Testing

/// The shell's compiled-in copy of `Config/default-config.json` stays the file, and an edited file is read.
@Suite struct BundledConfigTests {
    static let file = BrainyResources.defaultConfigURL

    @Test func theCompiledInConfigIsTheShippedFile() throws {
        let data = try Data(contentsOf: Self.file)
        let decoded = try #require(BundledConfig.decode(data), "Config/default-config.json is not a config")
        #expect(decoded == BundledConfig.shipped,
                "Config/default-config.json changed: make BundledConfig.shipped \(decoded)")
        let fingerprint = BundledConfig.fingerprint(of: data)
        #expect(fingerprint == BundledConfig.shippedFingerprint,
                "Config/default-config.json changed: make BundledConfig.shippedFingerprint 0x\(String(fingerprint, radix: 16))")
        #expect(BundledConfig.load() == decoded)
    }

    @Test func anEditedFileIsDecodedAndAMissingOrBrokenOneGivesTheDefaults() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let edited = folder.appendingPathComponent("default-config.json")
        let text = try String(contentsOf: Self.file, encoding: .utf8)
            .replacingOccurrences(of: "\"sessionTimeoutMinutes\": 1440", with: "\"sessionTimeoutMinutes\": 30")
        try text.write(to: edited, atomically: true, encoding: .utf8)
        #expect(BundledConfig.load(from: edited).sessionTimeoutMinutes == 30)
        #expect(BundledConfig.load(from: edited).version == BundledConfig.shipped.version)

        try Data("{ not json".utf8).write(to: edited)
        #expect(BundledConfig.load(from: edited) == RemoteConfig())
        #expect(BundledConfig.load(from: folder.appendingPathComponent("absent.json")) == RemoteConfig())
    }
}
