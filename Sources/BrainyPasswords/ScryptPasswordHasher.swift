import BrainyKit
import Crypto
import _CryptoExtras
import Foundation

/// Hashes passwords with scrypt; the stored form is `scrypt$N$r$p$salt$hash` (salt and hash in base64).
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
        let key = try derive(password, salt: salt, rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return ["scrypt", String(rounds), String(blockSize), String(parallelism),
                Data(salt).base64EncodedString(), key.base64EncodedString()].joined(separator: "$")
    }

    public func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]),
              let salt = Data(base64Encoded: parts[4]), let expected = Data(base64Encoded: parts[5]),
              let key = try? derive(password, salt: Array(salt), rounds: n, blockSize: r, parallelism: p)
        else { return false }
        // Compare in constant time.
        guard key.count == expected.count else { return false }
        return zip(key, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func derive(_ password: String, salt: [UInt8], rounds: Int, blockSize: Int, parallelism: Int)
        throws(StoreError) -> Data {
        do {
            let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: 32,
                                               rounds: rounds, blockSize: blockSize, parallelism: parallelism)
            return key.withUnsafeBytes { Data($0) }
        } catch {
            throw .database("password hashing failed: \(error)")
        }
    }
}
