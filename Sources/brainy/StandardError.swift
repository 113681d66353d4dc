import BrainyShell
import Foundation

/// What the executable says on stderr outside a shell (before one starts, or for --check, --paths, --demo): a line
/// "brainy: " and the message, with every terminal control taken out. A message may quote what came from outside
/// (a pack's value, a file name from its manifest, a path or a variable the person gave); at start-up no console
/// cleans it.
enum StandardError {
    static func say(_ message: String) {
        FileHandle.standardError.write(Data("brainy: \(OutsideText.clean(message, keepingLines: true))\n".utf8))
    }
}
