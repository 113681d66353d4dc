import BrainyKit
import CLibCrypto
import Foundation

/// Hashes passwords with scrypt (RFC 7914, OpenSSL's `EVP_PBE_scrypt`); the stored form is `scrypt$N$r$p$salt$hash`
/// (salt and hash in base64).
public struct ScryptPasswordHasher: PasswordHasher {
    public var rounds: Int
    public var blockSize: Int
    public var parallelism: Int

    /// N = 2^14, r = 8, p = 1 (about 16 MB and a few tens of milliseconds); tests may pass cheaper costs.
    public init(rounds: Int = 1 << 14, blockSize: Int = 8, parallelism: Int = 1) {
        self.rounds = rounds
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    public func hash(_ password: String) throws(StoreError) -> String {
        var salt = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for i in salt.indices { salt[i] = UInt8.random(in: .min ... .max, using: &generator) }
        let key = try Self.derive(Array(password.utf8), salt: salt, rounds: rounds, blockSize: blockSize,
                                  parallelism: parallelism, length: 32)
        return ["scrypt", String(rounds), String(blockSize), String(parallelism),
                Data(salt).base64EncodedString(), Data(key).base64EncodedString()].joined(separator: "$")
    }

    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]),
              let salt = Data(base64Encoded: parts[4]), let expected = Data(base64Encoded: parts[5]),
              !expected.isEmpty, expected.count <= 64,
              let key = try? Self.derive(Array(password.utf8), salt: Array(salt), rounds: n, blockSize: r,
                                         parallelism: p, length: expected.count)
        else { return false }
        // Compare in constant time.
        return zip(key, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The largest cost a stored hash may ask for: 128 · r · (N + 2 + p) bytes of memory, at most 256 MiB (a hash from
    /// elsewhere cannot make a check take the machine's memory).
    static let maxMemory: UInt64 = 256 << 20

    /// scrypt of `password` and `salt`, `length` bytes; throws when the cost is not one scrypt takes (N a power of
    /// two above 1, r and p at least 1) or needs more than `maxMemory`.
    static func derive(_ password: [UInt8], salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int,
                       length: Int) throws(StoreError) -> [UInt8] {
        guard rounds > 1, rounds & (rounds - 1) == 0, blockSize >= 1, parallelism >= 1, length >= 1,
              let memory = Self.memory(rounds: rounds, blockSize: blockSize, parallelism: parallelism),
              memory <= maxMemory
        else { throw .database("password hashing failed: the cost N=\(rounds) r=\(blockSize) p=\(parallelism) is not one scrypt takes") }
        var key = [UInt8](repeating: 0, count: length)
        let status = password.withUnsafeBufferPointer { password in
            salt.withUnsafeBufferPointer { salt in
                key.withUnsafeMutableBufferPointer { key in
                    password.withMemoryRebound(to: CChar.self) { password in
                        brainy_scrypt(password.baseAddress, password.count, salt.baseAddress, salt.count,
                                       UInt64(rounds), UInt64(blockSize), UInt64(parallelism),
                                       // OpenSSL wants room for its own bookkeeping beside the 128·r·N·p bytes.
                                       memory + (1 << 20), key.baseAddress, key.count)
                    }
                }
            }
        }
        guard status == 1 else { throw .database("password hashing failed (OpenSSL's scrypt refused the cost)") }
        return key
    }

    /// 128 · r · (N + 2 + p) bytes, what OpenSSL's scrypt holds at once, or nil on overflow.
    private static func memory(rounds: Int, blockSize: Int, parallelism: Int) -> UInt64? {
        let (blocks, o1) = UInt64(rounds).addingReportingOverflow(UInt64(parallelism) + 2)
        let (perBlock, o2) = UInt64(128).multipliedReportingOverflow(by: UInt64(blockSize))
        let (total, o3) = perBlock.multipliedReportingOverflow(by: blocks)
        return o1 || o2 || o3 ? nil : total
    }
}
