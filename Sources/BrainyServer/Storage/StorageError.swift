/// A storage failure said so that the operator knows what to do.
public struct StorageError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
