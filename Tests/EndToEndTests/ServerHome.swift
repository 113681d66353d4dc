import Foundation

/// What an end-to-end suite against a server starts each test from: a HOME folder of its own, the path of the shell's
/// database file in it, and a `brainy-server` process of its own keeping its data there. The folder goes with the
/// test (the server, which may still hold its files open, stops when its own object goes, right after).
final class ServerHome {
    let home: URL
    let database: URL
    let server: ServerProcess

    /// `prefix` names the folder after the suite, so that one left behind says whose it was.
    init(prefix: String) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        database = home.appendingPathComponent("brainy.sqlite")
        server = try ServerProcess(folder: home)
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }
}

/// A suite whose tests each start from a `ServerHome`, and read its parts as their own.
protocol ServerHomeSuite {
    var serverHome: ServerHome { get }
}

extension ServerHomeSuite {
    var home: URL { serverHome.home }
    var database: URL { serverHome.database }
    var server: ServerProcess { serverHome.server }
}
