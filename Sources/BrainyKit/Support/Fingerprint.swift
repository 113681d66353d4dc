import Foundation

/// FNV-1a, 64 bits, of a file's bytes: enough to tell a file as shipped from an edited one, so that the shipped one's
/// contents, compiled in, are used without decoding it (`JSONDecoder`'s first use costs a start-up dearly). Not a
/// defence against forgery: whoever can edit the installed file can edit what it says anyway.
public enum Fingerprint {
    public static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
