import BrainyKit
import Foundation

extension PackEntryProblem {
    /// The problem a JSON decoder met in `file`, said as the entry's readable path (`questions[3].category`) and, for
    /// a word from one of the pack's lists, the words allowed there.
    init(file: String, _ error: DecodingError) {
        let path: [any CodingKey]
        let detail: String
        switch error {
        case let .dataCorrupted(context):
            (path, detail) = (context.codingPath, context.debugDescription)
        case let .keyNotFound(key, context):
            (path, detail) = (context.codingPath + [key], "missing")
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            (path, detail) = (context.codingPath, context.debugDescription)
        @unknown default:
            (path, detail) = ([], String(describing: error))
        }
        let lastKey = path.last { $0.intValue == nil }?.stringValue
        self.init(file: file, entry: Self.readable(path), detail: detail,
                  allowed: lastKey.flatMap { Self.listedWords[$0] } ?? [])
    }

    /// `questions[3].category` for the coding path questions → Index 3 → category.
    static func readable(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "(the whole file)" : text
    }

    /// The pack's fields whose value is one word of a list.
    private static let listedWords: [String: [String]] = [
        "category": QuizCategory.allCases.map(\.rawValue),
    ]
}
