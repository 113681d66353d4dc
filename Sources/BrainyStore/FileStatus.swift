import BrainyKit
import Foundation
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

    /// The processes other than this one that hold a POSIX lock on the file at `path`, as /proc/locks lists them;
    /// nil when that cannot be read. SQLite holds a read lock on byte 128 of `<database>-shm` for as long as it has
    /// the database open in WAL mode, so this names the processes sharing the database's log. Read from the table
    /// rather than asked of the kernel with F_GETLK, which needs a descriptor of its own on the file: closing it
    /// would drop this process's own SQLite locks on it (POSIX locks belong to the process, not the descriptor).
    static func otherLockHolders(of path: String) -> Set<Int32>? {
        guard let status = FileStatus.of(path) else { return [] }
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let major = (status.device >> 8) & 0xfff | (status.device >> 32) & ~UInt64(0xfff)
        let minor = status.device & 0xff | (status.device >> 12) & ~UInt64(0xff)
        let file = String(major, radix: 16).leftPadded(2) + ":" + String(minor, radix: 16).leftPadded(2) + ":"
            + String(status.inode)
        let me = getpid()
        var holders: Set<Int32> = []
        for line in table.split(separator: "\n") {
            // "7: POSIX  ADVISORY  READ 10617 fe:00:16301467 128 128"; a waiting request reads "7: -> POSIX …".
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "POSIX", fields[5] == file, let pid = Int32(fields[4]), pid != me
            else { continue }
            holders.insert(pid)
        }
        return holders
    }

    /// Whether process `pid` has `file` open: one of its descriptors (/proc/<pid>/fd, followed to the file even when
    /// it has no name left) is that file. False when they cannot be read.
    static func process(_ pid: Int32, hasOpen file: FileStatus) -> Bool {
        openDescriptor(of: file, in: "/proc/\(pid)/fd") != nil
    }

    /// A path that reads the file this process has open as `file`, even when no name is left to it
    /// (/proc/self/fd/N); nil when it has none.
    static func ownDescriptorPath(of file: FileStatus) -> String? {
        openDescriptor(of: file, in: "/proc/self/fd")
    }

    private static func openDescriptor(of file: FileStatus, in folder: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names {
            if let found = FileStatus.of(folder + "/" + name), found.isSameFile(as: file) { return folder + "/" + name }
        }
        return nil
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

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
