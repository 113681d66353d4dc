import BrainyKit
import Foundation
import Synchronization

/// The quizzes in progress this database connection has open. For a file, a claim is a `FileLock` on
/// `<database>-claims/<quiz id>.lock`: taking it checks and takes in one step that no other shell can come between,
/// and the kernel ends it with the process, so a killed shell (even a zombie not yet reaped) never keeps a quiz. In
/// memory (tests), claims are kept in this object alone. The claims held, with the file locks they own, sit in a
/// `Mutex`: every method works on them under it.
final class QuizClaims: Sendable {
    private let folder: String?
    private let held = Mutex<[String: FileLock?]>([:])

    /// Claims kept beside the database file at `databasePath`; nil keeps them in memory.
    init(databasePath: String?) {
        folder = databasePath.map { $0 + "-claims" }
    }

    /// Takes the quiz for this connection; false when another connection (another shell) holds it.
    func claim(_ quizId: String) throws(StoreError) -> Bool {
        try held.withLock { held throws(StoreError) -> Bool in try claim(quizId, in: &held) }
    }

    private func claim(_ quizId: String, in held: inout [String: FileLock?]) throws(StoreError) -> Bool {
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
        held.withLock { $0[quizId] != nil }
    }

    /// Lets go of every quiz this connection holds (their files removed).
    func releaseAll() {
        held.withLock { held in
            for fileLock in held.values { fileLock?.release() }
            held = [:]
        }
    }

    /// Lets go of every claim held whose name `matches` (their files removed).
    func release(where matches: (String) -> Bool) {
        held.withLock { held in
            for name in held.keys where matches(name) {
                if let fileLock = held.removeValue(forKey: name) { fileLock?.release() }
            }
        }
    }

    /// Lets go of the quiz (nothing when it was not held).
    func release(_ quizId: String) {
        held.withLock { held in
            if let fileLock = held.removeValue(forKey: quizId) { fileLock?.release() }
        }
    }
}
