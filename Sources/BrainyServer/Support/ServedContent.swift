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
    /// The ids of the pack's questions: uploaded results are checked against them.
    public var questionIds: Set<String>
    /// The ids of the questions AI mode makes from the bundled knowledge base (`ai-<template>-<entity>`): the
    /// generator is deterministic, so the server makes them too and knows which exist.
    public var generatedQuestionIds: Set<String>

    public init(config: RemoteConfig, pack: QuestionPack, generatedQuestionIds: Set<String> = []) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.config = config
        configJSON = try encoder.encode(config)
        self.pack = PackVersionResponse(id: pack.id, version: pack.version)
        packJSON = try encoder.encode(pack)
        questionIds = Set(pack.questions.map(\.id))
        self.generatedQuestionIds = generatedQuestionIds
    }

    /// The default config and the core pack bundled with Brainy.
    public static func bundled() throws -> ServedContent {
        let config = try JSONDecoder().decode(RemoteConfig.self,
                                              from: Data(contentsOf: BrainyResources.defaultConfigURL))
        return try ServedContent(config: config, pack: PackLoader.load(from: BrainyResources.corePackDirectory),
                                 generatedQuestionIds: bundledGeneratedIds)
    }

    /// Made once per process (a second or so in a debug build); empty when the knowledge base cannot be read.
    static let bundledGeneratedIds: Set<String> = {
        guard let knowledge = try? KnowledgeBase.load(from: BrainyResources.knowledgeDirectory) else { return [] }
        return Set(QuizCategory.allCases.flatMap { QuestionGenerator.all(from: knowledge, category: $0).map(\.question.id) })
    }()
}
