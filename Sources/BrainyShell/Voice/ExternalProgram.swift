import Dispatch
import Foundation

/// A program the shell starts when a feature needs it (a synthesizer, a recognizer, an audio player), looked up on
/// `PATH` then, never at start-up. Its absence is a message naming the Debian package that provides it.
struct ExternalProgram: Sendable {
    let name: String
    /// The Debian package to install when it is missing.
    let package: String

    static let espeak = ExternalProgram(name: "espeak-ng", package: "espeak-ng")
    static let pocketsphinx = ExternalProgram(name: "pocketsphinx_batch", package: "pocketsphinx")
    static let sox = ExternalProgram(name: "sox", package: "sox")

    /// The program's path, or nil when no folder of `PATH` has it.
    var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// How long a run may take unless told (seconds): far more than converting or recognizing 30 s of sound takes.
    static let deadline = 20.0

    /// Runs the program to its end and returns what it printed; a missing program or a failure is a `ShellError`.
    /// A run past `deadline` seconds is stopped (`VoiceError.programTimedOut`), and so is one Ctrl-C interrupts
    /// (`ShellError.listeningStopped`): the prompt comes back either way.
    @discardableResult
    func run(_ arguments: [String], deadline: Double = ExternalProgram.deadline) throws -> String {
        guard let path else { throw ShellError.programMissing(name, package: package) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = InterruptibleWait.Outcome<Void>()
        process.terminationHandler = { _ in ended.set(.success(())) }
        let watch = InterruptibleWait()
        defer { watch.finish() }
        do {
            try process.run()
        } catch {
            throw ShellError.programFailed(name, status: -1)
        }
        // What it prints is read beside the wait, so that a full pipe never holds it up.
        let printed = InterruptibleWait.Outcome<Data>()
        let reading = output.fileHandleForReading
        DispatchQueue.global().async { printed.set(.success(reading.readDataToEndOfFile())) }
        let end = DispatchTime.now() + deadline
        try watch.wait(until: ended) { (interrupted: Bool) throws(any Error) in
            let stopped: (any Error)? = interrupted ? ShellError.listeningStopped
                : DispatchTime.now() > end ? VoiceError.programTimedOut(name, seconds: Int(deadline.rounded())) : nil
            if let stopped {
                process.terminate()
                // A program that ignores SIGTERM is left behind after two seconds rather than holding the prompt.
                if ended.waitUntilSet(upTo: .seconds(2)) { _ = printed.waitUntilSet(upTo: .seconds(1)) }
                throw stopped
            }
        }
        _ = printed.waitUntilSet(upTo: .never)
        guard process.terminationStatus == 0 else { throw ShellError.programFailed(name, status: process.terminationStatus) }
        return String(decoding: printed.result.flatMap { try? $0.get() } ?? Data(), as: UTF8.self)
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
