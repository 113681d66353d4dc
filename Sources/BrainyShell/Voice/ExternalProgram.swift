import Foundation

/// A program the shell starts when a feature needs it (a synthesizer, a recognizer, an audio player), looked up on
/// `PATH` then, never at start-up. Its absence is a message naming the Debian package that provides it.
struct ExternalProgram: Sendable {
    let name: String
    /// The Debian package to install when it is missing.
    let package: String

    static let espeak = ExternalProgram(name: "espeak-ng", package: "espeak-ng")
    static let pocketsphinx = ExternalProgram(name: "pocketsphinx_continuous", package: "pocketsphinx")
    static let sox = ExternalProgram(name: "sox", package: "sox")

    /// The program's path, or nil when no folder of `PATH` has it.
    var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the program to its end and returns what it printed; a missing program or a failure is a `ShellError`.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        guard let path else { throw ShellError.programMissing(name, package: package) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ShellError.programFailed(name, status: -1)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ShellError.programFailed(name, status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts the program and leaves it running (a player: the prompt does not wait for the sound).
    func start(_ arguments: [String]) throws {
        guard let path else { throw ShellError.programMissing(name, package: package) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw ShellError.programFailed(name, status: -1) }
    }
}
