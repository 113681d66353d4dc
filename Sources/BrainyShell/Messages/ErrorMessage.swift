import BrainyAPI
import BrainyKit
import Foundation

/// Every error the shell meets, as the message a person reads: in Korean and English, saying what happened and what
/// to do next. The one place where errors become words; the domain, the store and the client only name what went
/// wrong.
public enum ErrorMessage {
    /// The message for `error`; times are shown in `timeZone`, and a refusal lists the QA commands allowed with
    /// `qa` (the shell's `--qa`).
    /// Cleaned of terminal controls: a message may repeat what was typed, or what a server or the database said.
    public static func of(_ error: any Error, timeZone: TimeZone = .current, qa: Bool = false) -> Localized {
        OutsideText.clean(words(for: error, timeZone: timeZone, qa: qa), keepingLines: true)
    }

    private static func words(for error: any Error, timeZone: TimeZone, qa: Bool) -> Localized {
        switch error {
        case let error as BrainyError: domain(error, timeZone: timeZone, qa: qa)
        case let error as ShellError: shell(error)
        case let error as VoiceError: error.message
        case let error as ClockError: error.message
        case let error as StoreError: store(error)
        case let error as RemoteError: remote(error)
        case let error as ConsentRefusal: error.message
        default:
            // The error's own description is a library's words (errno, "error set"); its type is enough for a report.
            Localized(ko: "예상하지 못한 오류입니다 (\(type(of: error))). 저장된 내용은 그대로 있습니다. 다시 해 보고, 되풀이되면 이 줄과 함께 알려 주세요.",
                      en: "Unexpected error (\(type(of: error))). Everything saved so far is kept. Try again; if it happens again, please report this line.")
        }
    }

    /// `name` is not allowed in `state`; `allowed` is what is.
    static func notAllowed(_ name: CommandName, state: FlowState, allowed: [CommandName]) -> Localized {
        let command = name.rawValue
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return Localized(
            ko: "\(Josa.attach("'\(command)'", .topic)) 지금 쓸 수 없습니다 (현재 상태: \(state.name.ko)). 지금 쓸 수 있는 명령: \(list)",
            en: "'\(command)' is not allowed now (state: \(state.name.en)). Allowed now: \(list)")
    }
}
