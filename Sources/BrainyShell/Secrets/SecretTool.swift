import Dispatch
import Foundation

/// libsecret's `secret-tool`, the shell's one way to the Secret Service (GNOME Keyring, KWallet): looked up on
/// `PATH` and started only when a token is kept or read, never at start-up. A secret goes to it on its standard
/// input, never on its command line (which `ps` shows to everyone on the machine).
struct SecretTool: Sendable {
    /// The program's path; nil when no folder of `PATH` has it (libsecret-tools is not installed).
    let path: String?
    /// How long one run may take (seconds). A desktop's keyring may ask the person to unlock it in a window, so this
    /// is long; a machine without a keyring answers at once (no bus, no collection).
    var deadline = 60.0
    /// The environment it runs in (which session bus it asks); nil: the shell's own.
    var environment: [String: String]? = nil

    /// `secret-tool` as `PATH` finds it.
    static func onPath() -> SecretTool {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return SecretTool(path: folders.map { "\($0)/secret-tool" }
            .first { FileManager.default.isExecutableFile(atPath: $0) })
    }

    /// What one run ended with.
    struct Run: Sendable {
        let status: Int32
        let output: String
        /// What it said went wrong ("Cannot autolaunch D-Bus", "Object does not exist at path …/login").
        let complaint: String
    }

    /// Why the Secret Service could not be used (the shell then keeps the token in its own file).
    enum Failure: Error, Equatable, Sendable {
        case notInstalled
        case couldNotStart
        case timedOut
        case interrupted
        /// The program ran and refused: no session bus, no keyring, a locked one that was not unlocked.
        case refused(status: Int32, complaint: String)
        /// The keyring holds the item but is locked and was not unlocked (its prompt dismissed, or no desktop to show
        /// it): `secret-tool` then ends as it does for an item that is not there, and only a search tells them apart.
        case locked
        /// The keyring answered and holds no tokens for the sign-in (removed in a keyring manager): there is nothing
        /// left to read or to lose.
        case nothingKept
    }

    /// Runs `secret-tool` with `arguments`, `input` on its standard input, to its end.
    func run(_ arguments: [String], input: String = "") throws(Failure) -> Run {
        guard let path else { throw .notInstalled }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        // The input is in the pipe before the program starts (a secret is far smaller than a pipe holds): writing
        // to a program that has already ended would raise SIGPIPE.
        let writing = stdin.fileHandleForWriting
        try? writing.write(contentsOf: Data(input.utf8))
        try? writing.close()
        let ended = InterruptibleWait.Outcome<Void>()
        process.terminationHandler = { _ in ended.set(.success(())) }
        let watch = InterruptibleWait()
        defer { watch.finish() }
        do { try process.run() } catch { throw .couldNotStart }
        // Both outputs are read beside the wait, so that a full pipe never holds the program up.
        let printed = InterruptibleWait.Outcome<Data>(), said = InterruptibleWait.Outcome<Data>()
        let out = stdout.fileHandleForReading, err = stderr.fileHandleForReading
        DispatchQueue.global().async { printed.set(.success(out.readDataToEndOfFile())) }
        DispatchQueue.global().async { said.set(.success(err.readDataToEndOfFile())) }
        let end = DispatchTime.now() + deadline
        try watch.wait(until: ended) { (interrupted: Bool) throws(Failure) in
            let stopped: Failure? = interrupted ? .interrupted : DispatchTime.now() > end ? .timedOut : nil
            if let stopped {
                process.terminate()
                _ = ended.waitUntilSet(upTo: .seconds(2))
                throw stopped
            }
        }
        _ = printed.waitUntilSet(upTo: .seconds(5))
        _ = said.waitUntilSet(upTo: .seconds(5))
        func text(_ outcome: InterruptibleWait.Outcome<Data>) -> String {
            String(decoding: outcome.result.flatMap { try? $0.get() } ?? Data(), as: UTF8.self)
        }
        return Run(status: process.terminationStatus, output: text(printed), complaint: text(said))
    }
}
