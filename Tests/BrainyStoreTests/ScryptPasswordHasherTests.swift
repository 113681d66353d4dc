import Foundation
import Testing
@testable import BrainyPasswords

/// scrypt now comes from the system's libcrypto (OpenSSL) instead of swift-crypto: it must give RFC 7914's answers,
/// so that every hash stored before still verifies, and refuse costs a stored hash could use to take the machine.
@Suite struct ScryptPasswordHasherTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func rfc7914TestVectors() throws {
        let empty = try ScryptPasswordHasher.derive([], salt: [], rounds: 16, blockSize: 1, parallelism: 1, length: 64)
        #expect(Self.hex(empty) == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906")
        let nacl = try ScryptPasswordHasher.derive(Array("password".utf8), salt: Array("NaCl".utf8), rounds: 1024,
                                                   blockSize: 8, parallelism: 16, length: 64)
        #expect(Self.hex(nacl) == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")
    }

    /// A hash the shell stored before the change (swift-crypto's scrypt, the default cost N = 2^14, r = 8, p = 1),
    /// read from an account registered with that build.
    @Test func aHashStoredBeforeStillVerifies() {
        let stored = "scrypt$16384$8$1$ahnAPdjQ2kAv1fKIScD7Jw==$O2CseSAptakI84wQ+LVcTpMecXxbG8GlgeL6NlOysCM="
        #expect(ScryptPasswordHasher().verify("correct horse", against: stored))
        #expect(!ScryptPasswordHasher().verify("correct horsE", against: stored))
    }

    @Test func costsScryptDoesNotTakeOrThatWouldTakeTheMachineAreRefused() {
        let hasher = ScryptPasswordHasher()
        let salt = "AAECAwQFBgcICQoLDA0ODw=="
        let key = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
        for cost in ["3$8$1", "0$8$1", "1024$0$1", "1024$8$0", "1073741824$8$1", "1024$8$4294967296",
                     "9223372036854775807$8$1"] {
            #expect(!hasher.verify("x", against: "scrypt$\(cost)$\(salt)$\(key)"), "\(cost)")
        }
        #expect(throws: (any Error).self) {
            try ScryptPasswordHasher.derive([], salt: [], rounds: 1 << 30, blockSize: 8, parallelism: 1, length: 32)
        }
    }
}
