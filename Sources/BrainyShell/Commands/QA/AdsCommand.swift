import BrainyKit

/// QA's `ads ok|none|fail|slow|off`: forces what every ad request of this run gets, to see that each case goes on.
enum AdsCommand: ShellCommand {
    static let name = CommandName.ads
    static let usage = "ads [ok [seconds]|none|fail|slow|off]"
    static let summary = Localized(ko: "QA: 광고 요청의 결과 강제 (있음, 없음, 실패, 느림)",
                                   en: "QA: force what ad requests get (an ad, none, a failure, a slow server)")
    static let details = Localized(
        ko: "ok: 늘 같은 광고 (빈도 제한 무시; 보상형 광고의 길이는 초로, 기본 15), none: 광고 없음, fail: 서버 오류, slow: 설정의 fetchTimeoutMs보다 느림, off: 캐시와 서버로 돌아감. 어느 경우에도 흐름은 바로 이어집니다.",
        en: "ok: the same made-up ad every time (caps aside; the rewarded ad's length in seconds after it, 15 by default), none: no ad, fail: a server error, slow: slower than the config's fetchTimeoutMs, off: back to the cache and the server. In every case the flow goes on at once.")
    static let quietExample = "ads"

    static func completions(after previous: [String], in context: QAContext) -> [String] {
        previous.isEmpty ? AdForcing.allCases.map(\.rawValue) : []
    }

    static func run(_ arguments: CommandArguments, in context: QAContext) throws -> CommandOutcome {
        let console = context.console
        guard let word = arguments.first else {
            let shown = context.ads.forcing ?? .off
            console.line("ads = \(shown.rawValue) · " + console.text(context.ads.isEnabled
                ? Localized(ko: "광고 켜짐", en: "ads on") : Localized(ko: "광고 꺼짐 (--ads on)", en: "ads off (--ads on)")))
            return .proceed
        }
        guard let forcing = AdForcing(parsing: word), arguments.count == 1 || (forcing == .ok && arguments.count == 2) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: arguments.text,
                                             expected: AdForcing.allCases.map(\.rawValue))
        }
        var seconds = AdSession.forcedAdSeconds
        if let given = arguments[1] {
            guard let number = Int(given.trimmingCharacters(in: ["s"])), (1...300).contains(number) else {
                throw ShellError.invalidArgument(command: "\(name.rawValue) ok", value: given, expected: ["1–300 (seconds)"])
            }
            seconds = number
        }
        context.ads.forcing = forcing == .off ? nil : forcing
        context.ads.forcedSeconds = seconds
        console.line("ads = \(forcing.rawValue)" + (forcing == .ok && arguments.count == 2 ? " \(seconds)s" : ""))
        return .proceed
    }
}
