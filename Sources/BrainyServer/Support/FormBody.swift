import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The fields of an `application/x-www-form-urlencoded` body (OAuth endpoints, HTML forms), read by Hummingbird's
    /// `URLEncodedFormDecoder`. A field given twice is refused, as OAuth asks (RFC 6749 §3.2), and so is a nested one.
    func formFields(context: ServerRequestContext) async throws -> [String: String] {
        try await decodeForm([String: String].self, context: context)
    }

    /// An `application/x-www-form-urlencoded` body of at most 64 KB as `Form`; a 400 saying why when it is not one.
    func decodeForm<Form: Decodable>(_: Form.Type, context: ServerRequestContext) async throws -> Form {
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: 64 * 1024)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "too_large", "A form body is at most 64 KB.")
        } catch {
            throw APIError.truncatedBody
        }
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(decoding: buffer.readableBytesView, as: UTF8.self))
        } catch let error as URLEncodedFormError {
            throw APIError(.badRequest, FormBody.invalid,
                           "The form body is not one this endpoint reads: \(error.description.prefix(200)).")
        } catch {
            throw APIError(.badRequest, FormBody.invalid,
                           "The form body is not one this endpoint reads: each field is one name=value pair, given once.")
        }
    }

    /// Whether the body is declared as JSON.
    var hasJSONBody: Bool {
        headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
    }
}

enum FormBody {
    /// The code of the 400 for a body `URLEncodedFormDecoder` refuses (the OAuth endpoints answer `invalid_request`).
    static let invalid = "invalid_form"

    /// `fields` as an `application/x-www-form-urlencoded` body or query, in name order.
    static func encode(_ fields: [String: String]) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return fields.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
            .joined(separator: "&")
    }
}
