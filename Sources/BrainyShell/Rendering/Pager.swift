import Foundation

/// Shows a long listing through the user's pager, as psql does: `$PAGER`, else `less -FRX` (which prints and returns
/// at once when the text fits after all). Returns false when no pager could run, so the caller prints the text itself.
enum Pager {
    static func show(_ text: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let command = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less -FRX"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let input = Pipe()
        process.standardInput = input
        do {
            try process.run()
        } catch {
            return false
        }
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus != 127
    }
}
