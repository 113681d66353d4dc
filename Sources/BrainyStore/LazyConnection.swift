import BrainyKit
import Foundation
import GRDB

/// GRDB's connection to a database, made on first use: a start-up that only reads does without it (`PlainReader`).
// @unchecked Sendable is sound: `open` is an immutable @Sendable closure, and the one mutable field, `opened`, is read
// and written only under `lock` (so two threads asking at once open one connection, not two); the writer it holds is
// GRDB's DatabaseQueue, itself Sendable, and is used outside the lock only through its own serialised queue.
final class LazyConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: (any DatabaseWriter)?
    private let open: @Sendable () throws -> any DatabaseWriter

    /// A connection already open.
    init(_ writer: any DatabaseWriter) {
        opened = writer
        open = { writer }
    }

    /// A connection `open` makes when first asked for.
    init(opening open: @escaping @Sendable () throws -> any DatabaseWriter) {
        self.open = open
    }

    /// The connection, opened now if it was not yet; an opening that fails is tried again at the next call.
    func writer(path: String?) throws(StoreError) -> any DatabaseWriter {
        lock.lock()
        defer { lock.unlock() }
        if let opened { return opened }
        do {
            let writer = try open()
            opened = writer
            return writer
        } catch {
            throw .from(error, path: path)
        }
    }

    /// The connection if it was opened, without opening it.
    var openedWriter: (any DatabaseWriter)? {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return opened != nil
    }

    /// Closes the connection if it was opened (one never opened stays unopened).
    func closeIfOpen() {
        lock.lock()
        let writer = opened
        lock.unlock()
        try? writer?.close()
    }
}
