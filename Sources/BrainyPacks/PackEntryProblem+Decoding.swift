import BrainyKit
import Foundation

extension PackEntryProblem {
    /// The problem a JSON decoder met reading `data` (the bytes of `file`), said as the entry's readable path
    /// (`questions[3].category`) and a kind the shell words in both languages: the decoder's own English never
    /// reaches a message.
    init(file: String, data: Data, _ error: DecodingError) {
        let path: [any CodingKey]
        let kind: Kind
        switch error {
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            (path, kind) = ([], .notJSON(position: Self.syntaxErrorPosition(in: data)))
        case let .dataCorrupted(context):
            (path, kind) = (context.codingPath, .unreadable)
        case let .keyNotFound(key, context):
            (path, kind) = (context.codingPath + [key], .missing)
        case let .valueNotFound(_, context):
            (path, kind) = (context.codingPath, .missing)
        case let .typeMismatch(type, context):
            (path, kind) = (context.codingPath, .wrongType(expected: Self.shape(of: type)))
        @unknown default:
            (path, kind) = ([], .unreadable)
        }
        // A word of a fixed list (a category, a difficulty) that is there but wrong is said with the words allowed.
        var said = kind
        if kind == .unreadable || Self.isWrongType(kind),
           let key = path.last, key.intValue == nil, let allowed = Self.listedWords[key.stringValue] {
            said = .notInList(allowed: allowed, found: Self.string(at: path, in: data))
        }
        self.init(file: file, entry: Self.readable(path), kind: said)
    }

    private static func isWrongType(_ kind: Kind) -> Bool {
        if case .wrongType = kind { return true }
        return false
    }

    /// `questions[3].category` for the coding path questions → Index 3 → category; empty for the whole file.
    static func readable(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    /// The pack's fields whose value is one word of a list.
    private static let listedWords: [String: [String]] = [
        "category": QuizCategory.allCases.map(\.rawValue),
        "difficulty": Difficulty.allCases.map(\.rawValue),
    ]

    private static func shape(of type: Any.Type) -> ValueShape {
        if type == String.self { return .text }
        if type == Bool.self { return .truthValue }
        if type is any Numeric.Type { return .number }
        if String(describing: type).hasPrefix("Dictionary") { return .object }
        return type is any Collection.Type ? .list : .object
    }

    /// The string the pack holds at `path`, if it holds one there (shown beside the words allowed).
    private static func string(at path: [any CodingKey], in data: Data) -> String? {
        var value: Any? = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        for key in path {
            if let index = key.intValue {
                guard let list = value as? [Any], list.indices.contains(index) else { return nil }
                value = list[index]
            } else {
                value = (value as? [String: Any])?[key.stringValue]
            }
        }
        return value as? String
    }

    /// Where JSON reading stopped in `data`, as a line and column. Foundation gives the place only as a byte offset
    /// inside its English description ("… around character 25."); only that number is taken from it. Without one
    /// (the file ends too early, bytes that are not UTF-8) the message says "not valid JSON" with no place.
    static func syntaxErrorPosition(in data: Data) -> TextPosition? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            guard let range = description.range(of: "character "),
                  let offset = Int(description[range.upperBound...].prefix { $0.isNumber }), offset <= data.count
            else { return nil }
            return position(ofByte: offset, in: data)
        }
    }

    /// The line and column (in characters, from 1) of the byte at `offset`.
    static func position(ofByte offset: Int, in data: Data) -> TextPosition {
        let before = data.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return TextPosition(line: line, column: column)
    }
}
