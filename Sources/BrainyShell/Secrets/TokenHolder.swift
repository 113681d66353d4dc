import BrainyKit

/// Where the signed-in account's tokens are kept, as `profile` says it.
enum TokenHolder: String, Equatable, Sendable {
    /// The Secret Service: GNOME Keyring or KWallet.
    case keyring
    /// The shell's own database file, readable by its owner only (no keyring answered).
    case databaseFile = "database-file"
    /// This shell's memory only: the sign-in is not kept on this computer and is forgotten at `exit`.
    case memory

    var description: Localized {
        switch self {
        case .keyring:
            return Localized(ko: "키링 (Secret Service: GNOME 키링, KWallet)",
                             en: "the keyring (Secret Service: GNOME Keyring, KWallet)")
        case .databaseFile:
            return Localized(ko: "데이터베이스 파일 (소유자만 읽기 가능, 응답하는 키링 없음)",
                             en: "the database file (owner-only; no keyring answered)")
        case .memory:
            return Localized(ko: "메모리에만 (이 컴퓨터에 남기지 않음, exit하면 잊음)",
                             en: "memory only (not kept on this computer; forgotten at exit)")
        }
    }
}
