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

    func run() async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            _ = Self.trim?(0)
        }
    }
}
