import BrainyKit
import Foundation
import GRDB
import Synchronization

/// GRDB's connection to a database, made on first use: a start-up that only reads does without it (`PlainReader`).
/// The connection sits in a `Mutex`, so two threads asking at once open one connection, not two; the writer it
/// holds is GRDB's DatabaseQueue, itself Sendable, used outside the lock only through its own serialised queue.
final class LazyConnection: Sendable {
    private let opened: Mutex<(any DatabaseWriter)?>
    private let open: @Sendable () throws -> any DatabaseWriter

    /// A connection already open.
    init(_ writer: any DatabaseWriter) {
        opened = Mutex(writer)
        open = { writer }
    }

    /// A connection `open` makes when first asked for.
    init(opening open: @escaping @Sendable () throws -> any DatabaseWriter) {
        opened = Mutex(nil)
        self.open = open
    }

    /// The connection, opened now if it was not yet; an opening that fails is tried again at the next call.
    func writer(path: String?) throws(StoreError) -> any DatabaseWriter {
        try opened.withLock { opened throws(StoreError) -> any DatabaseWriter in
            if let opened { return opened }
            do {
                let writer = try open()
                opened = writer
                return writer
            } catch {
                throw .from(error, path: path)
            }
        }
    }

    /// The connection if it was opened, without opening it.
    var openedWriter: (any DatabaseWriter)? { opened.withLock { $0 } }

    var isOpen: Bool { opened.withLock { $0 != nil } }

    /// Closes the connection if it was opened (one never opened stays unopened).
    func closeIfOpen() {
        try? openedWriter?.close()
    }
}
