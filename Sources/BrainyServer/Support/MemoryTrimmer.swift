#if canImport(Glibc)
import Glibc
#endif
import ServiceLifecycle

/// Gives the memory freed after a burst back to the system: glibc's allocator keeps what thousands of connections
/// freed in its arenas (a flood of slow connections left the server at 680 MB after they closed, from 123 MB), and
/// `malloc_trim` returns the free pages. Runs every `interval` as one of the application's services; a trim of an
/// idle heap costs next to nothing.
struct MemoryTrimmer: Service {
    var interval: Duration = .seconds(10)

    /// glibc's `malloc_trim`, looked up once: <malloc.h> is not part of the Glibc module. Nil on other C libraries.
    static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Until the application shuts down: a graceful shutdown is no cancellation, so the loop is cancelled when one
    /// begins (a trimmer that slept on kept every test application, and the server's own stop, waiting for ever).
    func run() async {
        let interval = self.interval
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                _ = Self.trim?(0)
            }
        }
    }
}
