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
    /// The questions uploaded results are checked and graded against: the pack's, and those AI mode makes from the
    /// bundled knowledge base (`ai-<template>-<entity>`), which ship ready-made with it.
    public var questions: [String: Question]

    public init(config: RemoteConfig, pack: QuestionPack, generated: [Question] = []) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.config = config
        configJSON = try encoder.encode(config)
        self.pack = PackVersionResponse(id: pack.id, version: pack.version)
        packJSON = try encoder.encode(pack)
        questions = Dictionary((pack.questions + generated).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The default config and the core pack bundled with Brainy.
    public static func bundled() throws -> ServedContent {
        let config = try JSONDecoder().decode(RemoteConfig.self,
                                              from: Data(contentsOf: BrainyResources.defaultConfigURL))
        return try ServedContent(config: config, pack: PackLoader.load(from: BrainyResources.corePackDirectory),
                                 generated: bundledGenerated)
    }

    /// The ready-made questions shipped with the knowledge base (Resources/Knowledge/questions); empty when they
    /// cannot be read.
    static let bundledGenerated: [Question] = {
        let folder = BrainyResources.knowledgeDirectory.appendingPathComponent("questions", isDirectory: true)
        return (try? PackLoader.load(from: folder))?.questions ?? []
    }()
}
