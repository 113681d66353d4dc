import Testing
@testable import BrainyServer

@Suite struct ServerArgumentsTests {
    @Test func defaultsListenOnLoopbackWithAFileUnderTheDataFolder() throws {
        let arguments = try ServerArguments.parse([], environment: ["HOME": "/home/mina"])
        #expect(arguments.host == "127.0.0.1")
        #expect(arguments.port == 8080)
        #expect(arguments.databasePath == "/home/mina/.local/share/brainy-server/server.sqlite")
        let xdg = try ServerArguments.parse([], environment: ["HOME": "/home/mina", "XDG_DATA_HOME": "/data"])
        #expect(xdg.databasePath == "/data/brainy-server/server.sqlite")
    }

    @Test func flagsTakeValuesSeparatelyOrAfterEquals() throws {
        let arguments = try ServerArguments.parse(["--host", "0.0.0.0", "--port=9000", "--db", "/tmp/s.sqlite",
                                                   "--secret", "0123456789abcdef"])
        #expect(arguments.host == "0.0.0.0")
        #expect(arguments.port == 9000)
        #expect(arguments.databasePath == "/tmp/s.sqlite")
        #expect(arguments.secret == "0123456789abcdef")
        #expect(try ServerArguments.parse(["-h"]).showHelp)
    }

    @Test func badFlagsAreUsageErrors() {
        for bad in [["--port", "http"], ["--port", "70000"], ["--port"], ["--frobnicate"], ["--secret", "short"]] {
            #expect(throws: ServerArguments.UsageError.self, "\(bad)") { try ServerArguments.parse(bad) }
        }
    }
}
