import BrainyKit

/// Why `clock advance` or `clock set` did not move the clock.
enum ClockError: Error, Equatable, Sendable {
    /// The move would leave the times the database can keep.
    case outOfRange(String)
    /// The move is longer than `ClockRange.reach`.
    case beyondReach(String)

    var message: Localized {
        switch self {
        case let .outOfRange(typed):
            Localized(ko: "'clock'에 \(Josa.attach("'\(typed)'", .topic)) 쓸 수 없습니다. 시계는 \(ClockRange.firstText)에서 \(ClockRange.lastText) 사이에만 있을 수 있습니다. 그 안의 시각으로 옮기세요. 시계는 그대로입니다.",
                      en: "'\(typed)' is not valid for 'clock': the clock stays between \(ClockRange.firstText) and \(ClockRange.lastText). Move it to a time inside that range; the clock is unchanged.")
        case let .beyondReach(typed):
            Localized(ko: "'clock'에 \(Josa.attach("'\(typed)'", .topic)) 쓸 수 없습니다. 시계는 한 번에 10년(3650d)까지만 움직입니다. 더 멀리 가려면 여러 번 나누어 옮기세요. 시계는 그대로입니다.",
                      en: "'\(typed)' is not valid for 'clock': the clock moves at most 10 years (3650d) at a time. To go further, move it in several steps; the clock is unchanged.")
        }
    }
}
