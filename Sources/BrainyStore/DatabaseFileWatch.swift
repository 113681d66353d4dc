import BrainyKit
import Foundation
import Synchronization

/// The database file as this shell opened it, checked before each transaction with one `stat` of its path.
///
/// SQLite keeps a database's write-ahead log and shared memory in files named after the database's path, and its
/// connection writes through the descriptor it opened. When another file is moved over the path, this shell would
/// go on writing to the old file (gone once the shell exits, when nothing else names it) through a log the new file
/// now shares: the new file fails `PRAGMA integrity_check`. When the file has a second name (a hard link), shells
/// using the two names keep two logs and two lock files for one file, and overwrite each other's pages (SQLite's
/// "How To Corrupt" names both). So: a file that is no longer the one at its path is copied as this shell sees it to a
/// new file beside the path (everything it acknowledged is there), its connections are closed (SQLite copies the log
/// into the old file and removes the log, so the new file at the path is left whole), and nothing more is read or
/// written; a file with other names is not written until it has one.
final class DatabaseFileWatch: Sendable {
    let path: String
    /// The file as opened.
    let opened: FileStatus
    private let state = Mutex<State>(.open)

    private enum State {
        case open
        /// Found replaced; `copy` is where what it held was copied, nil while the copy has not been made.
        case replaced(copy: String?)
    }

    init(path: String, opened: FileStatus) {
        self.path = path
        self.opened = opened
    }

    /// Whether the path still names the file opened, and how many names it has.
    enum Verdict: Equatable {
        case same
        case otherNames(Int)
        case replaced
    }

    func verdict() -> Verdict {
        guard let now = FileStatus.of(path), now.isSameFile(as: opened) else { return .replaced }
        return now.links > 1 ? .otherNames(now.links) : .same
    }

    /// Refuses to go on with a file that is no longer the one at its path (`.databaseReplaced`), after copying it
    /// with `copy` to a new file beside the path and calling `close` (once; a copy that failed is tried again at the
    /// next call), and, when `writing`, with a file that has other names (`.databaseHasOtherNames`).
    func check(writing: Bool, copy: (String) throws(StoreError) -> Void, close: () -> Void) throws(StoreError) {
        try state.withLock { (state: inout State) throws(StoreError) -> Void in
            switch state {
            case let .replaced(copy?):
                throw .databaseReplaced(path: path, copy: copy)
            case .replaced(nil):
                break
            case .open:
                switch verdict() {
                case .same: return
                case let .otherNames(count):
                    if writing { throw .databaseHasOtherNames(path: path, names: count) }
                    return
                case .replaced:
                    state = .replaced(copy: nil)
                }
            }
            let target = rescuePath()
            guard (try? copy(target)) != nil else { throw .databaseReplaced(path: path, copy: nil) }
            state = .replaced(copy: target)
            close()
            throw .databaseReplaced(path: path, copy: target)
        }
    }

    /// Whether the file was found replaced (nothing more is read or written): no `stat`, for the start-up's reads.
    var wasReplaced: Bool {
        state.withLock { state in
            if case .replaced = state { return true }
            return false
        }
    }

    /// The error for a file found replaced, as the last `check` gave it.
    var replacedError: StoreError {
        state.withLock { state in
            if case let .replaced(copy) = state { return .databaseReplaced(path: path, copy: copy) }
            return .databaseReplaced(path: path, copy: nil)
        }
    }

    /// A new file's path beside the database: `brainy-rescued-20261126T101502Z.sqlite` for `brainy.sqlite`.
    private func rescuePath() -> String {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) + "/" } ?? ""
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let stem = name.hasSuffix(".sqlite") ? String(name.dropLast(7)) : name
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC") ?? .current,
                                                formatOptions: [.withYear, .withMonth, .withDay, .withTime,
                                                                .withTimeZone])
        var candidate = folder + stem + "-rescued-" + stamp + ".sqlite"
        var number = 2
        while FileStatus.of(candidate) != nil {
            candidate = folder + stem + "-rescued-" + stamp + "-\(number).sqlite"
            number += 1
        }
        return candidate
    }
}

/// Whose sign-in this connection writes for: set by `startSession` and `adoptSession`, cleared by `endSession` (which
/// the shell calls when told its sign-in ended elsewhere: until then every write keeps being refused, even after a
/// refusal some caller let pass unseen). While one is set, every write (and every read but a sign-in's) checks
/// in its own transaction that the device is still signed in as that user: another shell's `logout`, or its sign-in
/// as someone else, ends it; a second shell of the same player signing in does not (two shells of one player on one
/// file, resuming one quiz or each playing their own, stay a supported case).
final class WritingSession: Sendable {
    private let userId = Mutex<String?>(nil)

    var current: String? { userId.withLock { $0 } }

    func set(_ value: String?) {
        userId.withLock { $0 = value }
    }
}
