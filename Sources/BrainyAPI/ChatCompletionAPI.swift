import Foundation

/// One message of a chat-completions conversation.
public struct ChatMessage: Codable, Sendable, Equatable {
    public var role: String
    public var content: String

    public init(role: String, content: String) {
        self.role = role
        self.content = content
    }
}

/// A language model behind an OpenAI-compatible chat-completions endpoint (`POST …/v1/chat/completions`): Ollama,
/// llama.cpp's server, vLLM or a hosted one. AI mode asks it for questions in a JSON schema.
public protocol ChatCompletionAPI: Sendable {
    /// The model asked for (part of a generated question's provenance).
    var model: String { get }
    /// The assistant's reply to `messages`, asked to follow the JSON Schema `schema` (as JSON) named `schemaName`.
    func complete(_ messages: [ChatMessage], schemaName: String, schema: Data) async throws(RemoteError) -> String
}
