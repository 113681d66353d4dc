import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation

/// An OpenAI-compatible chat-completions endpoint over HTTP, asked for a reply in a JSON schema
/// (`response_format: json_schema`, which Ollama, llama.cpp's server and vLLM accept); the key (when the endpoint wants
/// one) from `BRAINY_AI_KEY` or `OPENAI_API_KEY`.
public struct HTTPChatCompletion: ChatCompletionAPI {
    public let endpoint: String
    public let model: String
    public let apiKey: String?
    public let timeout: TimeInterval
    private let client: HTTPClient

    /// `url` may be the endpoint itself, a base ending in `/v1`, or a server's root.
    public init(url: String, model: String, apiKey: String? = nil, timeout: TimeInterval = 20,
                client: HTTPClient = HTTPRemoteAPI.sharedClient) {
        endpoint = Self.endpoint(for: url)
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.client = client
    }

    public static func endpoint(for url: String) -> String {
        OpenAICompatibleEndpoint.url(url, path: "chat/completions")
    }

    public func complete(_ messages: [ChatMessage], schemaName: String, schema: Data) async throws(RemoteError) -> String {
        let body: Data
        do {
            let schemaObject = try JSONSerialization.jsonObject(with: schema)
            body = try JSONSerialization.data(withJSONObject: [
                "model": model,
                "messages": messages.map { ["role": $0.role, "content": $0.content] },
                "temperature": 0.7,
                "response_format": ["type": "json_schema",
                                    "json_schema": ["name": schemaName, "schema": schemaObject, "strict": true]],
            ] as [String: Any])
        } catch {
            throw .badResponse("could not write the request: \(error)")
        }
        let answer = try await OpenAICompatibleEndpoint.post(body, to: endpoint, contentType: "application/json",
                                                             apiKey: apiKey, timeout: timeout, limit: 4 * 1024 * 1024,
                                                             client: client)
        struct Reply: Decodable {
            struct Choice: Decodable {
                struct Message: Decodable { var content: String? }
                var message: Message
            }
            var choices: [Choice]
        }
        guard let reply = try? JSONDecoder().decode(Reply.self, from: answer), let content = reply.choices.first?.message.content
        else {
            throw .badResponse("not a chat completion: \(String(decoding: answer.prefix(200), as: UTF8.self))")
        }
        return content
    }
}
