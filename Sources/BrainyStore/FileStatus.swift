import BrainyKit
import Glibc

/// What `stat` tells of a path: which file it names (device and inode), how many names that file has, its size. The
/// database's identity at open, compared before each transaction (`DatabaseFileWatch`), and the start-up's look at
/// the path. With `FileLock`, the store's only libc calls.
struct FileStatus: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    /// Hard links: names the file has in the file system.
    let links: Int
    let size: Int64
    let isFolder: Bool

    /// The file at `path` now, following symbolic links as SQLite does; nil when nothing is there (or it cannot be
    /// looked at).
    static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), links: Int(info.st_nlink),
                          size: Int64(info.st_size), isFolder: info.st_mode & S_IFMT == S_IFDIR)
    }

    /// Whether `other` is the same file (not merely a file of the same name).
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// Creates an empty file at `path`, readable by its owner only, unless something is there already: never
    /// replaces a file (Foundation's `createFile` writes a new file and renames it over the path, which replaced a
    /// database another shell had just made and opened). False when a file was there.
    static func createNew(at path: String) throws(StoreError) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return true
        }
        let error = errno
        if error == EEXIST { return false }
        if [EROFS, EACCES, EPERM].contains(error) { throw .readOnly(path: path) }
        throw .database("cannot create \(path): \(String(cString: strerror(error)))")
    }
}
