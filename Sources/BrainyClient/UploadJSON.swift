import BrainyAPI
import BrainyKit
import Foundation

/// Writes a `ResultUploadRequest` as JSON by hand: the same document `JSONEncoder` makes with `APICoding`, at a
/// fraction of its cost (Foundation's encoder was a quarter of the shell's time in a sync of 100,000 results).
enum UploadJSON {
    static func encode(_ request: ResultUploadRequest) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(request.results.count * 240 + request.quizzes.count * 200 + 32)
        out += Array(#"{"results":["#.utf8)
        for (index, result) in request.results.enumerated() {
            if index > 0 { out.append(44) }
            out.append(123)
            field("id", string: result.id, into: &out, first: true)
            field("quizId", string: result.quizId, into: &out)
            field("questionId", string: result.questionId, into: &out)
            field("category", string: result.category.rawValue, into: &out)
            field("type", string: result.type.rawValue, into: &out)
            field("outcome", string: result.outcome.rawValue, into: &out)
            field("timeSpent", raw: number(result.timeSpent), into: &out)
            field("answeredAt", string: ISO8601Time.string(from: result.answeredAt), into: &out)
            field("hintUsed", raw: result.hintUsed ? "true" : "false", into: &out)
            if let answer = result.answer { field("answer", string: answer, into: &out) }
            if let given = result.given { field("given", string: given, into: &out) }
            if let order = result.optionOrder {
                field("optionOrder", raw: "[" + order.map(String.init).joined(separator: ",") + "]", into: &out)
            }
            out.append(125)
        }
        out += Array(#"],"quizzes":["#.utf8)
        for (index, quiz) in request.quizzes.enumerated() {
            if index > 0 { out.append(44) }
            out.append(123)
            field("id", string: quiz.id, into: &out, first: true)
            field("category", string: quiz.category.rawValue, into: &out)
            field("type", string: quiz.type.rawValue, into: &out)
            field("format", string: quiz.format.rawValue, into: &out)
            field("correctCount", raw: String(quiz.correctCount), into: &out)
            field("questionCount", raw: String(quiz.questionCount), into: &out)
            field("startedAt", string: ISO8601Time.string(from: quiz.startedAt), into: &out)
            if let finished = quiz.finishedAt {
                field("finishedAt", string: ISO8601Time.string(from: finished), into: &out)
            }
            if let ticket = quiz.ticket {
                field("ticket", string: ticket, into: &out)
            }
            if let stage = quiz.stage {
                field("stage", raw: String(stage), into: &out)
            }
            out.append(125)
        }
        out += Array("]}".utf8)
        return Data(out)
    }

    private static func field(_ key: String, string value: String, into out: inout [UInt8], first: Bool = false) {
        if !first { out.append(44) }
        quoted(key, into: &out)
        out.append(58)
        quoted(value, into: &out)
    }

    private static func field(_ key: String, raw value: String, into out: inout [UInt8], first: Bool = false) {
        if !first { out.append(44) }
        quoted(key, into: &out)
        out.append(58)
        out += Array(value.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
    private static func quoted(_ text: String, into out: inout [UInt8]) {
        out.append(34)
        for byte in text.utf8 {
            switch byte {
            case 34: out += [92, 34]
            case 92: out += [92, 92]
            case 0..<32:
                let hex = Array("0123456789abcdef".utf8)
                out += [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(34)
    }

    /// A finite number as JSON writes it; a non-finite one (never produced by the shell) as 0.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
