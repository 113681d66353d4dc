import BrainyKit

/// Every error the shell meets, as the message a person reads: in Korean and English, saying what happened and what
/// to do next. The one place where errors become words.
public enum ErrorMessage {
    public static func of(_ error: any Error) -> Localized {
        switch error {
        case let error as BrainyError:
            return error.message
        default:
            return Localized(ko: "예상하지 못한 오류입니다: \(error). 저장된 내용은 그대로 있습니다.",
                             en: "Unexpected error: \(error). Everything saved so far is kept.")
        }
    }
}
