import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The fields of an `application/x-www-form-urlencoded` body (OAuth endpoints, HTML forms); a field given twice
    /// keeps its first value.
    func formFields(context: ServerRequestContext) async throws -> [String: String] {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: 64 * 1024)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "too_large", "A form body is at most 64 KB.")
        } catch {
            throw APIError.truncatedBody
        }
        return FormFields.parse(String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    /// Whether the body is declared as JSON.
    var hasJSONBody: Bool {
        headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
    }
}

enum FormFields {
    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), !name.isEmpty, fields[name] == nil else { continue }
            fields[name] = parts.count == 2 ? decode(parts[1]) ?? "" : ""
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
