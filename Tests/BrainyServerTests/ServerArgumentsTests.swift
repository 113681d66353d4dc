import ArgumentParser
import BrainyCommandLine
import BrainyKit
import Foundation
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
        for bad in [["--port", "http"], ["--port", "70000"], ["--port"], ["--frobnicate"], ["--secret", "short"],
                    ["--google-client-id"], ["--google-client-id", " "], ["--apple-client-id="], ["--dev-idp=yes"]] {
            #expect(throws: ServerArguments.UsageError.self, "\(bad)") { try ServerArguments.parse(bad) }
        }
    }

    @Test func socialSignInFlagsAndTheirEnvironmentVariables() throws {
        let none = try ServerArguments.parse([], environment: ["HOME": "/home/mina"])
        #expect(!none.devIdP)
        #expect(none.googleClientId == nil && none.googleClientSecret == nil && none.appleClientId == nil)

        let flags = try ServerArguments.parse(["--dev-idp", "--google-client-id", "g.apps.googleusercontent.com",
                                               "--google-client-secret=GOCSPX-1", "--apple-client-id", "com.example.brainy"],
                                              environment: ["BRAINY_GOOGLE_CLIENT_ID": "from-env"])
        #expect(flags.devIdP)
        #expect(flags.googleClientId == "g.apps.googleusercontent.com")
        #expect(flags.googleClientSecret == "GOCSPX-1")
        #expect(flags.appleClientId == "com.example.brainy")

        let environment = try ServerArguments.parse([], environment: [
            "BRAINY_GOOGLE_CLIENT_ID": "env.apps.googleusercontent.com", "BRAINY_GOOGLE_CLIENT_SECRET": "GOCSPX-2",
            "BRAINY_APPLE_CLIENT_ID": "", "HOME": "/home/mina",
        ])
        #expect(environment.googleClientId == "env.apps.googleusercontent.com")
        #expect(environment.googleClientSecret == "GOCSPX-2")
        #expect(environment.appleClientId == nil, "an empty variable is no client id")
    }

    @Test func theAdminTokenComesFromItsFlagOrTheEnvironmentAndIsLongEnough() throws {
        #expect(try ServerArguments.parse([], environment: ["HOME": "/home/mina"]).adminToken == nil)
        #expect(try ServerArguments.parse(["--admin-token", "0123456789abcdef"]).adminToken == "0123456789abcdef")
        let environment = ["HOME": "/home/mina", "BRAINY_ADMIN_TOKEN": "from-the-environment"]
        #expect(try ServerArguments.parse([], environment: environment).adminToken == "from-the-environment")
        #expect(try ServerArguments.parse(["--admin-token=the-flag-wins-over-it"], environment: environment).adminToken
            == "the-flag-wins-over-it")
        #expect(throws: ServerArguments.UsageError.self) { try ServerArguments.parse(["--admin-token", "short"]) }
        #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse([], environment: ["BRAINY_ADMIN_TOKEN": "short"])
        }
    }

    @Test func aRelativeXDGDataHomeIsIgnoredAsTheSpecificationSays() throws {
        for relative in ["data", "./data", "~/data"] {
            let arguments = try ServerArguments.parse([], environment: ["HOME": "/home/mina", "XDG_DATA_HOME": relative])
            #expect(arguments.databasePath == "/home/mina/.local/share/brainy-server/server.sqlite", "\(relative)")
            let postgres = try ServerArguments.parse(["--database", "postgres://brainy@localhost/quiz"],
                                                     environment: ["HOME": "/home/mina", "XDG_DATA_HOME": relative])
            #expect(postgres.signingKeyPath == "/home/mina/.local/share/brainy-server/server.key", "\(relative)")
        }
    }

    @Test func theHelpListsEveryFlag() throws {
        let flags = try Self.parserFlags().keys
        for flag in ["--host", "--admin-token", "--port", "--db", "--database", "--secret", "--log-level",
                     "--google-client-id", "--google-client-secret", "--apple-client-id", "--dev-idp", "--help"] {
            #expect(flags.contains(flag), "\(flag)")
        }
        for flag in flags {
            #expect(ServerArguments.usage.contains(flag), "\(flag)")
        }
        #expect(ServerArguments.usage.contains("--log-level <level>"))
        #expect(ServerArguments.usage.contains("BRAINY_SECRET"), "the environment is said too")
    }

    /// The man page is rendered from the parser's own description of the flags `ServerOptions` declares: it names
    /// every flag the parser knows, with a value exactly where the parser takes one, and its help.
    @Test func theManPageNamesEveryFlagTheParserKnowsWithItsValue() throws {
        let manual = try ServerCommand.manual
        let shown = Dictionary(manual.options.flatMap { option in option.names.map { ($0, option.placeholder != nil) } },
                               uniquingKeysWith: { first, _ in first })
        #expect(try Self.parserFlags() == shown)
        for option in manual.options {
            #expect(!option.text.isEmpty, "\(option.names)")
            for name in option.names {
                #expect(manual.manPage.contains(name.replacingOccurrences(of: "-", with: "\\-")), "\(name)")
            }
        }
        #expect(manual.options.first { $0.names == ["--log-level"] }?.value == .words(["trace", "debug", "info", "notice",
                                                                                          "warning", "error", "critical"]))
        #expect(manual.options.first { $0.names == ["--db"] }?.value == .file)
        #expect(manual.manPage.hasPrefix(".TH BRAINY\\-SERVER 1"))
        #expect(manual.manPage.contains(".SH ENVIRONMENT"))
        #expect(manual.manPage.contains("brainy\\-server migrate"), "the subcommand is described")
    }

    /// Completion is swift-argument-parser's own, for every shell `--completion` takes, offering each flag and the
    /// values of those that have a vocabulary.
    @Test func completionScriptsAreTheParsersOwnForEveryShell() throws {
        for shell in BrainyCommandLine.CompletionShell.allCases {
            #expect(ArgumentParser.CompletionShell(rawValue: shell.rawValue) != nil, "\(shell)")
            #expect(try ServerArguments.parse(["--completion", shell.rawValue], environment: [:]).completionShell == shell)
            let script = ServerArguments.completionScript(for: shell)
            for flag in try Self.parserFlags().keys where flag.hasPrefix("--") {
                #expect(script.contains(String(flag.dropFirst(2))), "\(shell): \(flag)")
            }
            #expect(script.contains("trace") && script.contains("critical"), "\(shell): --log-level's values")
            #expect(script.contains("login-account="), "\(shell): --rate-limit's actions")
        }
        #expect(throws: ServerArguments.UsageError.self) { try ServerArguments.parse(["--completion", "tcsh"]) }
    }

    /// Every flag the parser knows, and whether it takes a value, from its JSON description of the command and its
    /// subcommands.
    static func parserFlags() throws -> [String: Bool] {
        var flags: [String: Bool] = [:]
        func visit(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                for name in argument["names"] as? [[String: Any]] ?? [] {
                    let dashes = name["kind"] as? String == "short" ? "-" : "--"
                    flags[dashes + (name["name"] as? String ?? "")] = argument["kind"] as? String == "option"
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { visit(subcommand) }
        }
        let description = try JSONSerialization.jsonObject(with: Data(ServerCommand._dumpHelp().utf8)) as? [String: Any]
        visit(try #require(description?["command"] as? [String: Any]))
        return flags
    }

    @Test func migrateTakesTheServersFlags() throws {
        let migrate = try ServerArguments.parse(["migrate", "--db=/data/s.sqlite", "--log-level", "error"], environment: [:])
        #expect(migrate.migrateOnly && migrate.databasePath == "/data/s.sqlite" && migrate.logLevel == .error)
    }

    @Test func theSigningKeyFileDefaultsBesideTheDatabase() throws {
        let defaults = try ServerArguments.parse(["--db", "/data/s.sqlite"], environment: [:])
        #expect(defaults.signingKeyPath == "/data/s.sqlite.key")
        #expect(try ServerArguments.parse(["--key-file", "/keys/brainy"], environment: [:]).signingKeyPath == "/keys/brainy")
        let environment = try ServerArguments.parse([], environment: ["BRAINY_KEY_FILE": "/keys/env",
                                                                      "BRAINY_SECRET": "0123456789abcdef"])
        #expect(environment.signingKeyPath == "/keys/env")
        #expect(environment.secret == "0123456789abcdef")
        #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse([], environment: ["BRAINY_SECRET": "short"])
        }
        #expect(ServerArguments(port: 0).signingKeyPath == nil)
    }

    @Test func postgreSQLComesFromItsFlagOrDatabaseURLWithAKeyFileEveryInstanceShares() throws {
        let flag = try ServerArguments.parse(["--database", "postgres://brainy:pw@db.internal:6543/quiz"],
                                             environment: ["HOME": "/home/mina"])
        #expect(flag.postgres == PostgresURL(host: "db.internal", port: 6543, username: "brainy", password: "pw",
                                             database: "quiz"))
        #expect(flag.databasePath == nil)
        #expect(flag.signingKeyPath == "/home/mina/.local/share/brainy-server/server.key")
        #expect(flag.postgres?.description == "postgres://brainy@db.internal:6543/quiz", "no password in logs")

        let environment = try ServerArguments.parse([], environment: [
            "HOME": "/home/mina", "DATABASE_URL": "postgresql://brainy@localhost/quiz", "BRAINY_SECRET": "0123456789abcdef",
        ])
        #expect(environment.postgres == PostgresURL(host: "localhost", port: 5432, username: "brainy", database: "quiz"))
        #expect(environment.signingKeyPath == nil, "the shared secret signs")
        // --db names a SQLite file: DATABASE_URL does not override it.
        let sqlite = try ServerArguments.parse(["--db", "/data/s.sqlite"],
                                               environment: ["DATABASE_URL": "postgres://brainy@localhost/quiz"])
        #expect(sqlite.postgres == nil && sqlite.databasePath == "/data/s.sqlite")
    }

    @Test func aBadPostgreSQLURLSaysHowToWriteIt() {
        for (bad, hint) in [("mysql://brainy@localhost/quiz", "postgres://user:password@host:5432/database"),
                            ("postgres://localhost/quiz", "names no user"), ("postgres://brainy@localhost", "no database"),
                            ("postgres://brainy@localhost/quiz?sslmode=require", "sslmode=require is not supported"),
                            ("postgres://brainy@localhost:99999/quiz", "port must be from 1 to 65535, not 99999"),
                            ("postgres://brainy@localhost:0/quiz", "port must be from 1 to 65535, not 0")] {
            let error = #expect(throws: ServerArguments.UsageError.self, "\(bad)") {
                try ServerArguments.parse(["--database", bad], environment: [:])
            }
            #expect(error?.message.contains(hint) == true, "\(bad): \(error?.message ?? "")")
        }
        let both = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--db", "/data/s.sqlite", "--database", "postgres://brainy@localhost/quiz"],
                                      environment: [:])
        }
        #expect(both?.message.contains("exclude each other") == true)
        let fromEnvironment = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse([], environment: ["DATABASE_URL": "sqlite:///data/s.sqlite"])
        }
        #expect(fromEnvironment?.message.hasPrefix("DATABASE_URL: ") == true)
    }
}
