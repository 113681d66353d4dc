import Foundation
import Logging
import PostgresNIO
@testable import BrainyServer
#if canImport(Glibc)
import Glibc
#endif

/// A throw-away PostgreSQL cluster for the test run: made on first use by initdb in a temporary folder, served on a
/// free loopback port, and stopped and deleted when the test process ends (a watcher beside the server notices the
/// process gone, whether it exited or crashed). Each test gets a database of its own. `BRAINY_TEST_POSTGRES_URL`
/// (`postgres://user@host:port/db`) uses a server already running instead; its user must be allowed to create
/// databases. `bash scripts/setup` installs the Debian package `postgresql` when initdb is missing.
actor TestPostgres {
    static let shared = TestPostgres()

    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    private var server: Task<PostgresURL, any Error>?
    private var databases = 0

    /// A new, empty database on the run's server.
    func newDatabase() async throws -> PostgresURL {
        if server == nil { server = Task { try await Self.startServer() } }
        var url = try await server!.value
        databases += 1
        let name = "brainy_test_\(databases)"
        do {
            try await Self.withConnection(to: url) { connection in
                try await connection.query("DROP DATABASE IF EXISTS \(unescaped: name)", logger: Self.logger)
                try await connection.query("CREATE DATABASE \(unescaped: name) STRATEGY FILE_COPY",
                                           logger: Self.logger)
            }
        } catch {
            throw Unavailable(description: "Cannot make a test database on the PostgreSQL at \(url): \(String(reflecting: error)). With BRAINY_TEST_POSTGRES_URL set, check that the server runs and that its user may create databases; unset it to let the tests start their own.")
        }
        url.database = name
        return url
    }

    /// The database deadline of the tests' storage: a loaded machine is no database away (the operators' default is
    /// 4 s; DatabaseOutageTests sets its own).
    static let deadline: Duration = .seconds(60)

    static let logger: Logger = {
        var logger = Logger(label: "brainy-test-postgres")
        logger.logLevel = .error
        return logger
    }()

    static func withConnection<T: Sendable>(to url: PostgresURL, _ body: (PostgresConnection) async throws -> T)
        async throws -> T {
        let connection = try await PostgresConnection.connect(configuration: url.connectionConfiguration, id: 1,
                                                              logger: logger)
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func startServer() async throws -> PostgresURL {
        if let given = ProcessInfo.processInfo.environment["BRAINY_TEST_POSTGRES_URL"], !given.isEmpty {
            return try PostgresURL(parsing: given)
        }
        let bin = try binFolder()
        let folder = try makeFolder()
        let port = try freePort()
        let script = """
            set -e
            "$0/initdb" -D "$1/data" -U brainy --auth=trust -E UTF8 --no-locale --no-sync >"$1/initdb.log" 2>&1
            "$0/postgres" -D "$1/data" -p "$2" -k "$1" -c listen_addresses=127.0.0.1 -c fsync=off \
                -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 >"$1/server.log" 2>&1 &
            server=$!
            echo started >"$1/started"
            while kill -0 "$server" 2>/dev/null && [ -e "/proc/$3" ]; do sleep 0.2; done
            kill -INT "$server" 2>/dev/null || true
            wait "$server" || true
            rm -rf "$1"
            """
        var arguments = ["/bin/sh", "-c", script, bin, folder, String(port), String(getpid())]
        if geteuid() == 0 {
            // initdb refuses root: the cluster belongs to the postgres user the Debian package makes.
            guard let user = getpwnam("postgres") else {
                throw Unavailable(description: "Running as root, PostgreSQL's test cluster needs the user 'postgres' (made by the Debian package postgresql); run `bash scripts/setup`.")
            }
            guard chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw Unavailable(description: "Cannot hand \(folder) to the user postgres: \(String(cString: strerror(errno))).")
            }
            arguments = ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let url = PostgresURL(host: "127.0.0.1", port: port, username: "brainy", database: "postgres")
        // Waiting for another process to be ready, not for time to pass: a minute covers initdb on a loaded machine.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if !process.isRunning {
                throw Unavailable(description: "PostgreSQL's test cluster stopped while starting: \(log(folder))")
            }
            if FileManager.default.fileExists(atPath: folder + "/started"),
               (try? await withConnection(to: url) { _ in true }) == true {
                return url
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Unavailable(description: "PostgreSQL's test cluster did not answer within a minute: \(log(folder))")
    }

    private static func log(_ folder: String) -> String {
        ["initdb.log", "server.log"].compactMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
            .joined(separator: "\n")
    }

    /// The folder holding initdb and postgres: on PATH, else Debian's newest /usr/lib/postgresql/N/bin.
    static func binFolder() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        let debian = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        for folder in path + debian
        where FileManager.default.isExecutableFile(atPath: folder + "/initdb")
            && FileManager.default.isExecutableFile(atPath: folder + "/postgres") {
            return folder
        }
        throw Unavailable(description: "PostgreSQL's server programs (initdb, postgres) are not installed: run `bash scripts/setup` (it installs the Debian package postgresql), or set BRAINY_TEST_POSTGRES_URL to a server whose user may create databases.")
    }

    static func makeFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/brainy-postgres-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Unavailable(description: "Cannot make a temporary folder for PostgreSQL: \(String(cString: strerror(errno))).")
        }
        return String(cString: made)
    }

    /// A port nothing listens on now: the kernel's pick for a socket bound to port 0.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Unavailable(description: "Cannot open a socket to find a free port.") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else { throw Unavailable(description: "Cannot find a free loopback port for PostgreSQL.") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
