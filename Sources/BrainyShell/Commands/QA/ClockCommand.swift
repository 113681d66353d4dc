import BrainyKit
import Foundation

/// QA's `clock`: shows the clock, or moves the fixed clock `--clock` started (timers, expiry, lock-outs, streaks).
enum ClockCommand: ShellCommand {
    enum Action: String, CaseIterable {
        case advance, set
    }

    static let name = CommandName.clock
    static let usage = "clock [advance 30s|5m|2h|1d] | clock set <ISO time>"
    static let summary = Localized(ko: "QA: 시계 보기와 옮기기 (--clock과 함께)", en: "QA: show or move the clock (with --clock)")
    static let details = Localized(ko: "타이머, 세션 만료, 잠금, 연속 학습일을 시험할 때 씁니다.",
                                   en: "For timers, session expiry, lock-outs and streaks across days.")
    static func completions(after previous: [String], in context: QAContext) -> [String] {
        if previous.isEmpty { return Action.allCases.map(\.rawValue) }
        return previous.count == 1 && previous[0].lowercased() == Action.advance.rawValue ? ["30s", "5m", "1h", "1d"] : []
    }

    static func run(_ arguments: CommandArguments, in context: QAContext) throws -> CommandOutcome {
        let console = context.console
        guard let word = arguments.first else {
            console.line(ISO8601DateFormatter().string(from: context.now) + "  ("
                         + BrainyDateFormat.minute(context.now, timeZone: context.timeZone) + ")")
            return .proceed
        }
        guard let clock = context.movableClock else {
            throw ShellError.invalidArgument(command: name.rawValue, value: arguments.text,
                                              expected: ["start brainy with --clock 2026-01-01T09:00:00Z"])
        }
        let action = word.lowercased() == "+" ? .advance : Action(rawValue: word.lowercased())
        switch action {
        case .advance?:
            guard arguments.count == 2, let seconds = arguments[1].flatMap(DurationText.seconds), seconds.isFinite
            else { throw missingArgument }
            try move(clock, by: seconds, typed: arguments[1] ?? "")
        case .set?:
            guard arguments.count == 2, let typed = arguments[1], let date = ISO8601DateFormatter().date(from: typed)
            else { throw missingArgument }
            guard ClockRange.dates.contains(date) else { throw ClockError.outOfRange(typed) }
            try move(clock, by: date.timeIntervalSince(clock.now()), typed: typed)
        case nil:
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: Action.allCases.map(\.rawValue))
        }
        console.line(ISO8601DateFormatter().string(from: context.now))
        return .proceed
    }

    /// Moves `clock` by `seconds` when that is within the reach of one move and lands inside `ClockRange`.
    private static func move(_ clock: ManualClock, by seconds: TimeInterval, typed: String) throws {
        guard abs(seconds) <= ClockRange.reach else { throw ClockError.beyondReach(typed) }
        guard ClockRange.dates.contains(clock.now().addingTimeInterval(seconds)) else { throw ClockError.outOfRange(typed) }
        clock.advance(by: seconds)
    }
}

/// `30s`, `5m`, `2h`, `1d` or a number of seconds.
enum DurationText {
    static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let unit = text.last, let factor = units[unit], let value = Double(text.dropLast()) { return value * factor }
        return Double(text)
    }
}
