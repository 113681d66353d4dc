import BrainyAPI
import BrainyKit
import BrainyResources
import BrainyPacks
import BrainyPasswords
import Foundation

/// What the server hands out unchanged: the remote config and the question pack, encoded once at start-up.
public struct ServedContent: Sendable {
    public var config: RemoteConfig
    public var configJSON: Data
    public var pack: PackVersionResponse
    public var packJSON: Data

    public init(config: RemoteConfig, pack: QuestionPack) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.config = config
        configJSON = try encoder.encode(config)
        self.pack = PackVersionResponse(id: pack.id, version: pack.version)
        packJSON = try encoder.encode(pack)
    }

    /// The default config and the core pack bundled with Brainy.
    public static func bundled() throws -> ServedContent {
        let config = try JSONDecoder().decode(RemoteConfig.self,
                                              from: Data(contentsOf: BrainyResources.defaultConfigURL))
        return try ServedContent(config: config, pack: PackLoader.load(from: BrainyResources.corePackDirectory))
    }
}
