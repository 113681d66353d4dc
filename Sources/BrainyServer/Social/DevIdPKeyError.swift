import BrainyKit

/// The development identity provider's key in the database cannot be used: said in Korean and English, with what to
/// do, since it stops the server at start.
enum DevIdPKeyError: Error, CustomStringConvertible, Equatable {
    /// What the database holds is not an RSA private key of 2048 bits or more in PEM.
    case unreadable
    /// The database answered no key right after storing one.
    case notKept

    var message: Localized {
        switch self {
        case .unreadable:
            Localized(ko: "데이터베이스의 개발용 ID 공급자(--dev-idp) 키를 읽을 수 없습니다. dev_idp_key 테이블의 행을 지우고 다시 시작하면 새 키를 만듭니다(이전 키로 서명한 ID 토큰은 더 이상 통하지 않습니다).",
                      en: "The development identity provider's (--dev-idp) key in the database cannot be read. Delete the row of the table dev_idp_key and start again to make a new one (ID tokens signed with the old key stop being accepted).")
        case .notKept:
            Localized(ko: "개발용 ID 공급자(--dev-idp) 키를 데이터베이스에 저장했지만 다시 읽지 못했습니다. 데이터베이스가 쓰기를 받는지 확인하고 다시 시작하세요.",
                      en: "The development identity provider's (--dev-idp) key was stored in the database but could not be read back. Check that the database accepts writes, and start again.")
        }
    }

    var description: String { message.ko + "\n" + message.en }
}
