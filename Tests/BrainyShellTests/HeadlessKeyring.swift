import Foundation
import Synchronization

/// A GNOME Keyring of the test's own, with no desktop: a session bus from `dbus-run-session`, and in it
/// `gnome-keyring-daemon --unlock --components=secrets` given an empty password on its standard input (it makes and
/// unlocks the `login` collection, so that nothing asks for a password in a window). Its files go to a folder of the
/// test's; the bus and the daemon end with `stop()`. scripts/setup installs the programs (gnome-keyring,
/// libsecret-tools, dbus).
final class HeadlessKeyring {
    /// The programs it needs: a test without them fails saying to run scripts/setup.
    static let programs = ["dbus-run-session", "gnome-keyring-daemon", "secret-tool"]

    /// What a test says when `missing` (some of `programs`) are not installed.
    static func notInstalled(_ missing: [String]) -> Unavailable {
        Unavailable(description: "\(missing.joined(separator: ", ")) not installed: run `bash scripts/setup` (it installs the Debian packages gnome-keyring, libsecret-tools and dbus), then run the test again.")
    }

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    let home: URL
    /// The environment of a program that talks to this keyring (its bus address, its HOME).
    let environment: [String: String]
    private let session: Process
    /// The session's program, which `stop()` ends.
    private let program: pid_t
    private var stopped = false

    init() throws {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let missing = Self.programs.filter { name in
            !folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
        }
        guard missing.isEmpty else {
            throw Self.notInstalled(missing)
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-keyring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_RUNTIME_DIR"] = home.path
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        session = Process()
        session.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The session lasts as long as its program, a `sleep` that `stop()` ends (by the process id it prints):
        // dbus-run-session then ends the bus, and the daemon goes with it.
        // `env --default-signal`: the test's threads block signals and a child inherits that mask; unblocked, the
        // bus and the daemon end on the SIGTERM that dbus-run-session sends them when its program ends.
        session.arguments = ["--default-signal", "dbus-run-session", "--", "sh", "-c", """
            printf '\\n' | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 3
            echo "$$ $DBUS_SESSION_BUS_ADDRESS"
            exec sleep 600
            """]
        session.environment = environment
        let output = Pipe()
        session.standardInput = FileHandle.nullDevice
        session.standardOutput = output
        session.standardError = FileHandle.nullDevice
        try session.run()
        // The first line is the bus's address, written once the keyring is unlocked.
        let reading = output.fileHandleForReading
        let address = Mutex<String?>(nil)
        let said = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var bytes = Data()
            while let byte = try? reading.read(upToCount: 1), let first = byte.first, first != 10 { bytes.append(first) }
            address.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            said.signal()
        }
        guard said.wait(timeout: .now() + 30) == .success, let line = address.withLock({ $0 }),
              let space = line.firstIndex(of: " "), let pid = pid_t(line[..<space]) else {
            session.terminate()
            throw Unavailable(description: "The headless GNOME Keyring did not start (dbus-run-session, then gnome-keyring-daemon --unlock): run `bash scripts/setup`, then run the test again.")
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = String(line[line.index(after: space)...])
        program = pid
        self.environment = environment
    }

    /// Locks the `login` collection, as a screen lock or a keyring manager does: reading an item then asks to unlock
    /// it in a window, which a headless session cannot show (the prompt is dismissed).
    func lock() throws {
        let locking = Process()
        locking.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locking.arguments = ["--default-signal", "timeout", "-s", "KILL", "30", "dbus-send", "--session",
                             "--dest=org.freedesktop.secrets", "--type=method_call", "--print-reply",
                             "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.Lock",
                             "array:objpath:/org/freedesktop/secrets/collection/login"]
        locking.environment = environment
        locking.standardInput = FileHandle.nullDevice
        locking.standardOutput = FileHandle.nullDevice
        locking.standardError = FileHandle.nullDevice
        try locking.run()
        locking.waitUntilExit()
        guard locking.terminationStatus == 0 else {
            throw Unavailable(description: "dbus-send could not lock the headless keyring's login collection (status \(locking.terminationStatus)): run `bash scripts/setup`, then run the test again.")
        }
    }

    /// Ends the session bus (the daemon goes with it) and removes the keyring's files; once (a test may stop it early
    /// and again in its `defer`).
    func stop() {
        guard !stopped else { return }
        stopped = true
        // SIGKILL: no signal mask inherited from the test holds it back.
        kill(program, SIGKILL)
        session.waitUntilExit()
        try? FileManager.default.removeItem(at: home)
    }
}
