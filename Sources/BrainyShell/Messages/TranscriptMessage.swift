import BrainyKit

/// The words of `brainy --check`, `--demo` and `--paths` about a transcript that cannot be read or a transition no
/// transcript could be made for, in Korean and English.
public enum TranscriptMessage {
    /// `file:line: ` and what is wrong on that line of a transcript or demo script (`shown`: its name as printed).
    public static func parse(_ error: Transcript.ParseError, shown: String) -> Localized {
        let what: Localized = switch error.problem {
        case .badSeed:
            Localized(ko: "'# seed' 줄에는 0 이상의 정수를 주세요 (예: # seed 42).",
                      en: "'# seed' takes a whole number of 0 or more (like # seed 42).")
        case .badClock:
            Localized(ko: "'# clock' 줄에는 2026-01-01T09:00:00Z 같은 시각을 주세요.",
                      en: "'# clock' takes a time like 2026-01-01T09:00:00Z.")
        case .badLanguage:
            Localized(ko: "'# lang' 줄에는 ko 또는 en을 주세요.", en: "'# lang' takes ko or en.")
        case .badTimeZone:
            Localized(ko: "'# tz' 줄에는 Asia/Seoul 같은 시간대 이름을 주세요.",
                      en: "'# tz' takes a time zone name like Asia/Seoul.")
        case .badColumns:
            Localized(ko: "'# columns' 줄에는 20 이상의 정수를 주세요.", en: "'# columns' takes a whole number of 20 or more.")
        case .textBeforeCommands:
            Localized(ko: "트랜스크립트는 '# 머리' 줄들로 시작하고 '$ 명령' 줄들이 이어져야 합니다. 이 줄을 고치거나 지우세요.",
                      en: "A transcript starts with '# header' lines, then '$ command' lines. Fix or remove this line.")
        case .inputBeforeCommand:
            Localized(ko: "'< 입력' 줄이 어떤 명령보다도 먼저 나왔습니다. 입력은 그것을 받을 명령 줄 다음에 두세요.",
                      en: "An '< input' line comes before any command. Put each input after the command that reads it.")
        }
        return .same("\(shown):\(error.line): ") + what
    }

    /// No transcript could be made for `transition` (`detail`: what the shell did instead, from the path's check).
    public static func noPath(for transition: String, detail: Localized) -> Localized {
        Localized(ko: "전이 \(transition)의 트랜스크립트를 만들지 못했습니다: ",
                  en: "No transcript could be made for the transition \(transition): ") + detail
    }

    /// No path from the start reaches `transition`.
    public static func unreachable(_ transition: String) -> Localized {
        Localized(ko: "시작 상태에서 전이 \(transition)에 이르는 경로가 없습니다. 어떤 명령으로도 닿지 않는 전이이니 전이 표(TransitionTable)를 확인하세요.",
                  en: "No path from the start reaches the transition \(transition): no command leads to it. Check the transition table (TransitionTable).")
    }
}
