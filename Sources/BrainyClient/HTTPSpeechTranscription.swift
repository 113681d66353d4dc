import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation
import NIOCore
import NIOHTTP1

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
        var base = url.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/audio/transcriptions") { return base }
        if base.hasSuffix("/v1") { return base + "/audio/transcriptions" }
        return base + "/v1/audio/transcriptions"
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

        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "brainy/\(BrainyVersion.current)")
        if let apiKey, !apiKey.isEmpty { request.headers.add(name: "Authorization", value: "Bearer \(apiKey)") }
        request.body = .bytes(ByteBuffer(bytes: body))
        let status: Int
        let answer: Data
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            status = Int(response.status.code)
            answer = Data(try await response.body.collect(upTo: 1024 * 1024).readableBytesView)
        } catch {
            throw HTTPRemoteAPI.classify(error, timeout: timeout)
        }
        guard status < 400 else {
            throw .server(status: status, code: "http_\(status)", message: HTTPResponseStatus(statusCode: status).reasonPhrase)
        }
        do {
            return try JSONDecoder().decode(TranscriptionResponse.self, from: answer).text
        } catch {
            throw .badResponse("not a transcription: \(String(decoding: answer.prefix(200), as: UTF8.self))")
        }
    }
}
