import BrainyKit

/// Which sign-in a secret belongs to: a server, the account on it, and the database file that signed in (its slot).
/// In the Secret Service these are the item's attributes (`service=brainy server=… account=… slot=…`), as `gh` keeps
/// its token under its host and user. The slot is what keeps two database files of one person apart (`--db`
/// profiles, another HOME): each has its own item, and a sign-out in one leaves the other's.
struct SecretKey: Equatable, Hashable, Sendable {
    let server: String
    let account: String
    /// A random id the database's row keeps from its first keyring save; empty for a row kept before slots were.
    var slot = ""

    var attributes: [String] {
        ["service", "brainy", "server", server, "account", account] + (slot.isEmpty ? [] : ["slot", slot])
    }
}

/// A place outside the database file where the shell can keep a sign-in's tokens.
protocol SecretStore: Sendable {
    /// Keeps `secret` for `key`, replacing what was there.
    func store(_ secret: String, for key: SecretKey) throws(SecretTool.Failure)
    /// The secret kept for `key`; nil when there is none.
    func lookup(_ key: SecretKey) throws(SecretTool.Failure) -> String?
    /// Forgets the secret kept for `key` (nothing kept is no failure).
    func clear(_ key: SecretKey) throws(SecretTool.Failure)
}

/// Where the signed-in account's tokens are kept, as `profile` says it.
enum TokenHolder: String, Equatable, Sendable {
    /// The Secret Service: GNOME Keyring or KWallet.
    case keyring
    /// The shell's own database file, readable by its owner only (no keyring answered).
    case databaseFile = "database-file"

    var description: Localized {
        switch self {
        case .keyring:
            return Localized(ko: "키링 (Secret Service: GNOME 키링, KWallet)",
                             en: "the keyring (Secret Service: GNOME Keyring, KWallet)")
        case .databaseFile:
            return Localized(ko: "데이터베이스 파일 (소유자만 읽기 가능, 응답하는 키링 없음)",
                             en: "the database file (owner-only; no keyring answered)")
        }
    }
}
