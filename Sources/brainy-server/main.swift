import BrainyResources
import BrainyServer
import CoreMetrics
import Foundation
import Hummingbird
import Prometheus

// Thin: parse the flags, build the server, run it until SIGINT or SIGTERM.
let arguments: ServerArguments
do {
    arguments = try ServerArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("brainy-server: \(error.message)\n".utf8))
    exit(2)
}
if arguments.showHelp {
    print(ServerArguments.usage)
    exit(0)
}
if arguments.showVersion {
    print("brainy-server \(ServerArguments.version)")
    exit(0)
}
if arguments.showManual {
    do {
        print(try ServerArguments.manPage, terminator: "")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("brainy-server: cannot render the man page: \(error)\n".utf8))
        exit(1)
    }
}
if let shell = arguments.completionShell {
    print(ServerArguments.completionScript(for: shell), terminator: "")
    exit(0)
}
if arguments.migrateOnly {
    do {
        print("brainy-server: \(try await migrateDatabase(arguments)) is up to date.")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("brainy-server: \(error)\n".utf8))
        exit(1)
    }
}
if case let .failure(missing) = BrainyResources.folder {
    FileHandle.standardError.write(Data("brainy-server: \(missing.message.ko)\nbrainy-server: \(missing.message.en)\n".utf8))
    exit(3)
}
if arguments.devIdP {
    // Loud on purpose: anyone can approve any email on the approval page.
    FileHandle.standardError.write(Data("""
        brainy-server: --dev-idp: Google, Apple, Kakao and Naver sign-in go to the development identity provider \
        on this server's own port (device codes at http://\(arguments.host):\(arguments.port)/dev-idp/device, \
        browser sign-ins at /dev-idp/<provider>/authorize). Never expose this server to others.

        """.utf8))
}
// Every request's count and duration go to the registry that /metrics shows.
let environment = ServerEnvironment()
MetricsSystem.bootstrap(PrometheusMetricsFactory.brainyServer(registry: environment.metrics))
do {
    let app = try await buildApplication(arguments, environment: environment)
    try await app.runService()
} catch {
    // Opening the database, reading the key file or binding the port failed: say what, not a crash report.
    FileHandle.standardError.write(Data("brainy-server: \(error)\n".utf8))
    exit(1)
}
