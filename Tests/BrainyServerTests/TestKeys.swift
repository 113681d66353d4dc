import Foundation
@testable import BrainyServer

/// RSA keys made once per test run: generating RSA-2048 keys is slow in debug builds. (Made through BrainyServer so
/// that this target need not import _CryptoExtras, which Package.swift does not list for it.)
enum TestKeys {
    // try! is sound: generating a key with BoringSSL fails only when the process is out of memory.
    /// What every test server's development identity provider signs with.
    static let devIdP = try! DevIdentityProvider.makeKey()
    /// A stand-in for Google's key, served through an in-memory `JWKSource`.
    static let provider = try! DevIdentityProvider.makeKey()
    /// A key nobody trusts, for forgeries.
    static let forger = try! DevIdentityProvider.makeKey()
}
