import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation

/// An OpenAI-compatible transcription endpoint over HTTP: the recording as `multipart/form-data` with the model, the
/// language and a prompt; the key (when the endpoint wants one) from `BRAINY_ASR_KEY` or `OPENAI_API_KEY`.
public struct HTTPSpeechTranscription: SpeechTranscriptionAPI {
    /// The full endpoint: `…/v1/audio/transcriptions`.
    public let endpoint: String
    public let model: String
    public let apiKey: String?
    public let timeout: TimeInterval
    private let client: HTTPClient

    /// `url` may be the endpoint itself, a base ending in `/v1`, or a server's root.
    public init(url: String, model: String = "whisper-1", apiKey: String? = nil, timeout: TimeInterval = 20,
                client: HTTPClient = HTTPRemoteAPI.sharedClient) {
        endpoint = Self.endpoint(for: url)
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.client = client
    }

    /// `http://h:8000` → `http://h:8000/v1/audio/transcriptions`; `http://h/v1` → `http://h/v1/audio/transcriptions`.
    public static func endpoint(for url: String) -> String {
        OpenAICompatibleEndpoint.url(url, path: "audio/transcriptions")
    }

    public func transcribe(wav: Data, language: Language, prompt: String) async throws(RemoteError) -> String {
        let boundary = "brainy-\(UUID().uuidString)"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        field("model", model)
        field("language", language.rawValue)
        field("prompt", prompt)
        field("response_format", "json")
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"answer.wav\"\r\n".utf8))
        body.append(Data("Content-Type: audio/wav\r\n\r\n".utf8))
        body.append(wav)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))

        let answer = try await OpenAICompatibleEndpoint.post(
            body, to: endpoint, contentType: "multipart/form-data; boundary=\(boundary)", apiKey: apiKey, timeout: timeout,
            limit: 1024 * 1024, client: client)
        do {
            return try JSONDecoder().decode(TranscriptionResponse.self, from: answer).text
        } catch {
            throw .badResponse("not a transcription: \(String(decoding: answer.prefix(200), as: UTF8.self))")
        }
    }
}
