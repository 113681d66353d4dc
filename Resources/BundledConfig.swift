import BrainyKit
import Foundation

/// The default remote config the shell starts with: `Config/default-config.json` from the resources folder.
///
/// Decoding it with `JSONDecoder` was a tenth of a start-up (the first use of `Codable` pays the Swift runtime's
/// conformance look-ups), so the file as shipped is also compiled in, as `shipped`, and recognised by a fingerprint of
/// its bytes; a file edited after installing is decoded as before. `BundledConfigTests` holds `shipped` and
/// `shippedFingerprint` to the file in the repository.
public enum BundledConfig {
    public static func load(from file: URL) -> RemoteConfig {
        load(fromPath: file.path)
    }

    public static func load(fromPath path: String = BrainyResources.defaultConfigPath) -> RemoteConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            return RemoteConfig()
        }
        if fingerprint(of: data) == shippedFingerprint { return shipped }
        return decode(data) ?? RemoteConfig()
    }

    /// The file's contents read the slow way; nil when they are not a config.
    public static func decode(_ data: Data) -> RemoteConfig? {
        try? JSONDecoder().decode(RemoteConfig.self, from: data)
    }

    /// `Config/default-config.json` as shipped (the test says what to write here when the file changes).
    public static let shipped = RemoteConfig(version: "2026.11.24.1")

    /// FNV-1a (64 bits) of the shipped file's bytes.
    public static let shippedFingerprint: UInt64 = 0x3ae6_38aa_3908_3406

    /// FNV-1a of a file's bytes (`Fingerprint`).
    public static func fingerprint(of data: Data) -> UInt64 { Fingerprint.fnv1a(data) }
}
