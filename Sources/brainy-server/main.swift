import BrainyServer
import Foundation
import Hummingbird

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
let app = try await buildApplication(arguments)
try await app.runService()
