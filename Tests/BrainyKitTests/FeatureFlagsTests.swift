import BrainyKit
import Foundation
import Testing

/// The feature flags are listed once, in `FeatureFlag`: the config's JSON keys, `flags`' names and the stored values
/// all come from it.
@Suite struct FeatureFlagsTests {
    @Test func theConfigsKeysAreTheEnumsNames() throws {
        let data = try JSONEncoder().encode(RemoteConfig.FeatureFlags([.voiceMode: false]))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Bool])
        #expect(Set(object.keys) == Set(FeatureFlag.typedNames))
        #expect(object == ["aiQuiz": true, "voiceMode": false, "offlineMode": true])
    }

    @Test func eachFlagIsReadFromItsOwnKey() throws {
        for flag in FeatureFlag.allCases {
            let entries = FeatureFlag.allCases.map { #""\#($0.rawValue)": \#($0 == flag ? "false" : "true")"# }
            let json = "{" + entries.joined(separator: ", ") + "}"
            let flags = try JSONDecoder().decode(RemoteConfig.FeatureFlags.self, from: Data(json.utf8))
            for other in FeatureFlag.allCases { #expect(flags[other] == (other != flag)) }
        }
    }

    @Test func aConfigWithoutOneOfTheFlagsIsRefused() {
        let json = #"{"aiQuiz": true, "voiceMode": true}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RemoteConfig.FeatureFlags.self, from: Data(json.utf8))
        }
    }

    @Test func everyFlagIsOnUnlessTurnedOffAndCanBeSwitched() {
        var flags = RemoteConfig.FeatureFlags()
        #expect(FeatureFlag.allCases.allSatisfy { flags[$0] })
        flags[.offlineMode] = false
        #expect(!flags[.offlineMode] && flags[.aiQuiz])
        #expect(flags == RemoteConfig.FeatureFlags([.offlineMode: false]))
    }

    @Test func flagsAreFoundByNameOrShortForm() {
        #expect(FeatureFlag(parsing: "AIQUIZ") == .aiQuiz)
        #expect(FeatureFlag(parsing: "voice") == .voiceMode)
        #expect(FeatureFlag(parsing: "offline") == .offlineMode)
        #expect(FeatureFlag(parsing: "dark") == nil)
    }

    /// docs/openapi.yaml's `featureFlags` object requires and describes exactly the enum's flags, all booleans.
    @Test func theAPIDocumentDescribesTheSameFlags() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "featureFlags:" })
        let indent = lines[start].prefix { $0 == " " }.count
        let body = lines[(start + 1)...].prefix { $0.prefix { $0 == " " }.count > indent }
        let required = try #require(body.first { $0.contains("required:") })
        let requiredNames = required.split(separator: "[").last?.split(separator: "]").first?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        #expect(requiredNames == FeatureFlag.typedNames)
        let properties = body.filter { $0.contains("{ type: boolean }") }
            .map { $0.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init) ?? "" }
        #expect(properties == FeatureFlag.typedNames)
    }
}
