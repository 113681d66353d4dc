import Foundation
import Glibc

/// An exclusive lock on a file (`flock`), taken without waiting. The kernel drops it when the descriptor is closed,
/// which happens when the process ends however it ends (killed, crashed, not yet reaped): unlike a process id written
/// down, it cannot outlive its owner. It is held per open file, so two opens in one process exclude each other too.
/// The store's only libc calls are here and in `FileStatus`.
final class FileLock {
    let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// What trying to lock found.
    enum Attempt {
        case taken(FileLock)
        case heldElsewhere
        /// The file could not be made or locked; `denied` when the folder is read-only or not ours.
        case failed(reason: String, denied: Bool)
    }

    /// Locks the file at `path`, creating it (owner only) when missing. Close-on-exec: a program the shell starts
    /// (a pager, a synthesizer) must not inherit the lock and keep it after the shell has gone.
    static func attempt(path: String) -> Attempt {
        // The holder removes the file as it lets go; a lock taken on a file removed meanwhile is no lock at all, so
        // it is taken again on the file now at the path.
        for _ in 0..<8 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor < 0 { return failure(errno) }
            var result: Int32
            repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
            if result != 0 {
                let error = errno
                close(descriptor)
                return error == EWOULDBLOCK ? .heldElsewhere : failure(error)
            }
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &named) == 0,
               opened.st_dev == named.st_dev, opened.st_ino == named.st_ino {
                return .taken(FileLock(path: path, descriptor: descriptor))
            }
            close(descriptor)
        }
        return .heldElsewhere
    }

    /// `attempt`, tried again every 20 ms for up to `seconds` while another process holds the lock.
    static func wait(path: String, seconds: Double) -> Attempt {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            let result = attempt(path: path)
            guard case .heldElsewhere = result, ContinuousClock.now < deadline else { return result }
            usleep(20_000)
        }
    }

    private static func failure(_ code: Int32) -> Attempt {
        .failed(reason: String(cString: strerror(code)), denied: [EROFS, EACCES, EPERM].contains(code))
    }

    /// Lets go of the lock and removes its file: removed while still held, so that nobody locks a file about to go,
    /// and no file is left behind for a quiz nobody holds.
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }
}
