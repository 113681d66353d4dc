/// A request given a query parameter its operation does not declare: a programming error (the operation's `query` in
/// `API` lists what the server reads), said with what to change.
public struct UndeclaredQueryName: Error, Equatable, CustomStringConvertible {
    public let operation: String
    public let names: [String]

    public var description: String {
        "\(operation) declares no query parameter \(names.map { "'\($0)'" }.joined(separator: ", ")): add it to the "
            + "operation's query in API (APIOperation.swift) if the server reads it, or stop sending it"
    }
}
