import Foundation

/// How the API's JSON is written and read, on both sides: dates in ISO 8601 UTC, read with or without fractional
/// seconds and with any offset, by `ISO8601Time` (Foundation's formatters are slow on Linux).
public enum APICoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Time.string(from: date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = ISO8601Time.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "Expected an ISO 8601 date, not '\(text.prefix(40))'."))
            }
            return date
        }
        return decoder
    }
}
