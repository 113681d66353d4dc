import Foundation
import PostgresNIO
@testable import BrainyServer
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL cluster of one test's own, which the test stops, starts, freezes (SIGSTOP) and thaws as an outage
/// would: the run's shared cluster (`TestPostgres`) serves every other test and must stay up. `remove()` stops it
/// and deletes its folder.
final class StoppablePostgres: Sendable {
    let url: PostgresURL
    private let bin: String
    private let folder: String

    static func start() async throws -> StoppablePostgres {
        let cluster = try StoppablePostgres()
        try await cluster.shell(#""$0/initdb" -D "$1/data" -U brainy --auth=trust -E UTF8 --no-locale --no-sync >"$1/initdb.log" 2>&1"#)
        try await cluster.startServer()
        try await TestPostgres.withConnection(to: cluster.url.with(database: "postgres")) { connection in
            try await connection.query("CREATE DATABASE brainy", logger: TestPostgres.logger)
        }
        return cluster
    }

    private init() throws {
        bin = try TestPostgres.binFolder()
        folder = try TestPostgres.makeFolder()
        url = PostgresURL(host: "127.0.0.1", port: try TestPostgres.freePort(), username: "brainy", database: "brainy")
        if geteuid() == 0, let user = getpwnam("postgres") {
            _ = chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
        }
    }

    /// Starts the server and returns once it answers.
    func startServer() async throws {
        // The server must not inherit this process's descriptors: Foundation's Process sees its child end when
        // every copy of one of them is closed, and the server would hold one for as long as it runs.
        try await shell(#"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; "$0/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 -o "-p $2 -k $1 -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" start >/dev/null"#)
    }

    /// Stops the server as an operator's `pg_ctl stop` does (fast: sessions are ended, 57P01).
    func stopServer() async throws {
        try await shell(#""$0/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null"#)
    }

    /// Freezes the server and every session's process (SIGSTOP): connections stay open and nothing answers.
    func freeze() throws { try signalAll(SIGSTOP) }

    /// Lets a frozen server go on (SIGCONT).
    func thaw() throws { try signalAll(SIGCONT) }

    /// Stops the server at once and deletes its folder.
    func remove() async {
        try? thaw()
        try? await shell(#""$0/pg_ctl" -D "$1/data" -m immediate -w stop >/dev/null 2>&1 || true"#)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The postmaster and its children, by the ids PostgreSQL and the kernel give.
    private func signalAll(_ signal: Int32) throws {
        guard let pidFile = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
              let line = pidFile.split(separator: "\n").first, let postmaster = Int32(line)
        else { throw TestPostgres.Unavailable(description: "The test cluster has no postmaster.pid") }
        let children = ((try? String(contentsOfFile: "/proc/\(postmaster)/task/\(postmaster)/children",
                                     encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        for pid in [postmaster] + children { kill(pid, signal) }
    }

    /// Runs `script` by bash (it closes descriptors past 9) with the bin folder, the cluster's folder and port as $0, $1, $2; as the user postgres
    /// when the tests run as root (PostgreSQL refuses root).
    private func shell(_ script: String) async throws {
        var arguments = ["/bin/bash", "-c", script, bin, folder, String(url.port)]
        if geteuid() == 0 { arguments = ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Polled: waitUntilExit spins a run loop, which a task on the cooperative pool never sees finish.
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        guard process.terminationStatus == 0 else {
            let log = (try? String(contentsOfFile: folder + "/server.log", encoding: .utf8)) ?? ""
            throw TestPostgres.Unavailable(description: "\(script) failed (\(process.terminationStatus)): \(log.suffix(2000))")
        }
    }
}

extension PostgresURL {
    func with(database: String) -> PostgresURL {
        var url = self
        url.database = database
        return url
    }
}

extension StoppablePostgres {
    /// `body`, then the cluster removed whether it threw or not.
    func removed<T>(after body: @autoclosure () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            await remove()
            return value
        } catch {
            await remove()
            throw error
        }
    }
}
