import BrainyShell
import Foundation

do {
    let options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    exit(BrainyLauncher(options: options).run())
} catch {
    // The message repeats what was typed: no terminal control, no URL's password is printed back.
    FileHandle.standardError.write(Data("brainy: \(OutsideText.clean(SecretWords.masking(error.message)))\n".utf8))
    exit(2)
}
