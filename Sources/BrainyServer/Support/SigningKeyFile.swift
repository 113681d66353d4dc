import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key that signs access tokens and ad tokens, kept in a file of its own (mode 0600) rather than in the database:
/// a copy of the database (a backup, a dump handed to someone to debug) no longer lets its holder mint tokens for
/// any account.
struct SigningKeyFile {
    let path: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The key in the file; else the key an older server kept in `store` (moved here, so its tokens stay valid), or a
    /// new random one, written to a new file. The file is created with O_EXCL and mode 0600, so two servers started at
    /// once agree on one key and no one else can read it; a file others can read is made private.
    func key(movingFrom store: some SecretStore) async throws -> [UInt8] {
        if let key = try read() {
            try await store.forgetLegacySigningKey()
            return key
        }
        let key = try await store.legacySigningKey() ?? RefreshTokens.randomKey()
        if try !create(with: key), let written = try read() {
            try await store.forgetLegacySigningKey()
            return written
        }
        try await store.forgetLegacySigningKey()
        return key
    }

    private func read() throws -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard data.count >= 32 else {
            throw Failure(description: "The signing key file \(path) holds \(data.count) bytes, not 32 or more.")
        }
        return [UInt8](data)
    }

    /// False when the file appeared meanwhile.
    private func create(with key: [UInt8]) throws -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return false }
            throw Failure(description: "Cannot create the signing key file \(path): \(String(cString: strerror(errno))).")
        }
        defer { close(descriptor) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == key.count, fsync(descriptor) == 0 else {
            unlink(path)
            throw Failure(description: "Cannot write the signing key file \(path).")
        }
        return true
    }
}
