import BrainyShell
import Foundation

do {
    let options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    exit(BrainyLauncher(options: options).run())
} catch {
    FileHandle.standardError.write(Data("brainy: \(error.message)\n".utf8))
    exit(2)
}
