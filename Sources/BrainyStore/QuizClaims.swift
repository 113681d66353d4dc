import BrainyKit
import Foundation

/// The quizzes in progress this database connection has open. For a file, a claim is a `FileLock` on
/// `<database>-claims/<quiz id>.lock`: taking it checks and takes in one step that no other shell can come between,
/// and the kernel ends it with the process, so a killed shell (even a zombie not yet reaped) never keeps a quiz. In
/// memory (tests), claims are kept in this object alone.
// @unchecked Sendable is sound: `folder` is immutable, and the one mutable field, `held` (with the file locks it
// owns), is read and written only under `lock`, in every method.
final class QuizClaims: @unchecked Sendable {
    private let folder: String?
    private let lock = NSLock()
    private var held: [String: FileLock?] = [:]

    /// Claims kept beside the database file at `databasePath`; nil keeps them in memory.
    init(databasePath: String?) {
        folder = databasePath.map { $0 + "-claims" }
    }

    /// Takes the quiz for this connection; false when another connection (another shell) holds it.
    func claim(_ quizId: String) throws(StoreError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if held[quizId] != nil { return true }
        guard let folder else {
            held[quizId] = .some(nil)
            return true
        }
        guard !quizId.isEmpty, !quizId.contains("/"), !quizId.hasPrefix(".") else { return false }
        let manager = FileManager.default
        if !manager.fileExists(atPath: folder) {
            try? manager.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                         attributes: [.posixPermissions: 0o700])
        }
        switch FileLock.attempt(path: folder + "/" + quizId + ".lock") {
        case let .taken(fileLock):
            held[quizId] = fileLock
            return true
        case .heldElsewhere:
            return false
        case let .failed(reason, denied):
            throw denied ? .readOnly(path: folder) : .claimFailed(reason)
        }
    }

    /// Whether this connection holds the quiz.
    func holds(_ quizId: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return held[quizId] != nil
    }

    /// Lets go of every quiz this connection holds (their files removed).
    func releaseAll() {
        lock.lock()
        defer { lock.unlock() }
        for fileLock in held.values { fileLock?.release() }
        held = [:]
    }

    /// Lets go of the quiz (nothing when it was not held).
    func release(_ quizId: String) {
        lock.lock()
        defer { lock.unlock() }
        if let fileLock = held.removeValue(forKey: quizId) { fileLock?.release() }
    }
}
