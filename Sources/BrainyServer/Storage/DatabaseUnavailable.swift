import PostgresNIO

/// The database did not answer within the request's deadline, or its connection was lost: answered 503
/// `database_unavailable` with `Retry-After`, never a hang or a 500. Nothing of the request was committed unless
/// it was idempotent (then sending it again changes nothing).
struct DatabaseUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { "The database is unavailable: \(reason)" }

    /// Seconds a client is told to wait before trying again.
    static let retryAfter = 5

    /// Whether `error` says the database cannot be reached or has gone away rather than refused a statement: the
    /// connection lost or refused, the server shutting down or starting (SQLSTATE classes 08, 57), out of
    /// connections (53300).
    static func isUnavailability(_ error: any Error) -> Bool {
        if error is DatabaseUnavailable || PostgresDatabase.poolRefused(error) { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57") || state == "53300"
                || ["FATAL", "PANIC"].contains(error.serverInfo?[.severity])
        default:
            return false
        }
    }
}
