import Foundation
import PostgresNIO

/// Where a PostgreSQL database is: `postgres://user[:password]@host[:port]/database` (`postgresql://` too), as
/// `--database` and `DATABASE_URL` take it. Connections are not encrypted: keep the database on loopback or a
/// private network.
public struct PostgresURL: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// Why a text is not a PostgreSQL URL, said so that the user can fix it.
    public struct Invalid: Error, Equatable, Sendable {
        public var message: String
    }

    public init(parsing text: String) throws(Invalid) {
        let example = "postgres://user:password@host:5432/database"
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else { throw Invalid(message: "That is not a PostgreSQL URL: write it as \(example).") }
        guard let user = components.user, !user.isEmpty else {
            throw Invalid(message: "The PostgreSQL URL names no user; write it as \(example).")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw Invalid(message: "The PostgreSQL URL names no database after the host; write it as \(example).")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw Invalid(message: "The PostgreSQL URL's port must be from 1 to 65535, not \(port).")
        }
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        guard mode == "disable" else {
            throw Invalid(message: "sslmode=\(mode) is not supported: brainy-server connects without TLS. Keep the database on loopback or a private network and leave sslmode out.")
        }
        self.init(host: components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost",
                  port: components.port ?? 5432, username: user, password: components.password, database: database)
    }

    /// The URL without its password, for logs and messages.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }

    var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: username, password: password,
                                     database: database, tls: .disable)
    }

    var connectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: username, password: password,
                                         database: database, tls: .disable)
    }
}
