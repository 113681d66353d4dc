import BrainyAPI
import BrainyKit

extension ErrorMessage {
    /// A call to the server that was not turned into a `ShellError` on the way (it always is; this is the net).
    static func remote(_ error: RemoteError) -> Localized {
        switch error {
        // What `.unreachable` carries is the transport's own description ("connection reset (error set)…"), no
        // address: it is not shown.
        case .unreachable:
            Localized(ko: "서버에 연결할 수 없습니다. 서버가 켜져 있는지, 주소가 맞는지 확인하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                      en: "Cannot reach the server. Check that it is running and that the address is right. Nothing was lost: your results stay on this device.")
        case let .timedOut(seconds): shell(.serverTimedOut("", seconds: seconds))
        case let .server(status, code, message, _, _):
            status == 503 ? shell(.serverBusy(""))
                : status >= 500 ? shell(.serverFailed("", status: status)) : shell(.serverRefused(code: code, message: message))
        case .badResponse: shell(.serverFailed("", status: nil))
        case .cancelled: shell(.cancelled)
        }
    }
}
