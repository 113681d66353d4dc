import BrainyAPI
import BrainyKit

/// Why the server refused a result, a hint credit or an ad's reward, in the player's words: the wire's code
/// (`id_taken`, `unverifiable`, `unknown_ad`) is for logs and the database, not for the sync's lines. A code this
/// shell does not know (a newer server's, decoded as `other`) gets a plain phrase.
enum RefusalReasonPhrase {
    /// The words for `reason`; `generic` for one this shell has none for.
    static func of(_ reason: some PhrasedRefusal) -> Localized { reason.words ?? generic }

    static let generic = Localized(ko: "서버가 인정하지 않았습니다", en: "the server did not accept it")
}

/// Said of one result or many ("The server refused 3 results (dated later than the server's clock)").
extension ResultRefusalReason: PhrasedRefusal {
    var words: Localized? {
        switch self {
        case .idTaken: Localized(ko: "같은 기록이 다른 계정에 있습니다", en: "another account holds the same record")
        case .notYourQuiz: Localized(ko: "다른 계정의 퀴즈에 속합니다", en: "another account's quiz")
        case .unknownQuestion: Localized(ko: "서버가 모르는 문제입니다", en: "a question the server does not know")
        case .inTheFuture:
            Localized(ko: "서버의 시계보다 나중 시각으로 기록되었습니다", en: "dated later than the server's clock")
        case .implausibleTime:
            Localized(ko: "한 문제에 실제 풀이로 볼 수 없을 만큼 오래 걸렸습니다",
                      en: "a time on one question longer than any real play")
        case .notTheAnswer:
            Localized(ko: "맞았다고 기록됐지만 그 답은 이 문제의 답이 아닙니다",
                      en: "marked right with an answer that is not the question's")
        case .other: nil
        }
    }
}

extension CreditRefusalReason: PhrasedRefusal {
    var words: Localized? {
        switch self {
        case .unverifiable: Localized(ko: "서버에 그 보상의 근거가 없습니다", en: "the server holds nothing that earned it")
        case .wrongAmount: Localized(ko: "개수가 규칙과 다릅니다", en: "its amount is not what the rules give")
        case .wrongId: Localized(ko: "다른 계정이나 없는 기록을 가리킵니다", en: "it names another account's or no such record")
        case .other: nil
        }
    }
}

extension AdEventRefusal: PhrasedRefusal {
    var words: Localized? {
        switch self {
        case .idTaken: Localized(ko: "같은 기록이 다른 계정에 있습니다", en: "another account holds the same record")
        case .unknownAd: Localized(ko: "서버가 모르는 광고입니다", en: "the server does not know that ad")
        case .missingToken, .invalidToken:
            Localized(ko: "광고를 끝까지 본 증표가 없거나 맞지 않습니다", en: "its proof of watching is missing or invalid")
        case .wrongAd: Localized(ko: "증표가 다른 광고의 것입니다", en: "its proof belongs to another ad")
        case .notYourToken: Localized(ko: "증표가 다른 계정의 것입니다", en: "its proof belongs to another account")
        case .notRewarded: Localized(ko: "보상이 없는 광고입니다", en: "that ad gives no reward")
        case .tokenExpired: Localized(ko: "증표의 기한이 지났습니다", en: "its proof has expired")
        case .tokenUsed: Localized(ko: "이미 받은 보상입니다", en: "that reward was already given")
        case .dailyCapReached:
            Localized(ko: "오늘 받을 수 있는 광고 보상을 다 받았습니다", en: "today's ad rewards are all used")
        case .other: nil
        }
    }
}
