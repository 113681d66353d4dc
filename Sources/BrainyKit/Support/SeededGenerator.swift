/// A random-number generator that gives the same numbers for the same seed on every machine
/// (xoshiro256**, seeded through SplitMix64). Swift's own generator cannot be seeded.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    public mutating func next() -> UInt64 {
        let result = rotl(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotl(state.3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A number below `bound`, the same on every platform (no reliance on the standard library's algorithm).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A Fisher–Yates shuffle driven only by this generator, so the order is stable across Swift versions.
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var result = items
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, below(i + 1))
        }
        return result
    }

    /// A version-4 UUID drawn from this generator: ids that a seed makes the same on every run.
    public mutating func uuidString() -> String {
        var bytes = withUnsafeBytes(of: next().bigEndian, Array.init) + withUnsafeBytes(of: next().bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let cuts = [8, 12, 16, 20]
        var result = ""
        for (index, character) in hex.enumerated() {
            if cuts.contains(index) { result.append("-") }
            result.append(character)
        }
        return result
    }
}
