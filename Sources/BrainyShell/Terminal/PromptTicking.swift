/// When the line editor asks its ticker next while a question's time runs: the ticker, and the moment it is due.
struct PromptTicking {
    private(set) var ticker: PromptTicker?
    private(set) var due: ContinuousClock.Instant?

    init(_ ticker: PromptTicker? = nil) {
        self.ticker = ticker
    }

    /// Asks the ticker now and schedules the next time it says; nil (and nothing scheduled) when nothing runs.
    mutating func ask(now: ContinuousClock.Instant = .now) -> PromptTick? {
        guard let tick = ticker?() else {
            due = nil
            return nil
        }
        due = now + .seconds(tick.nextTick)
        return tick
    }

    /// How long a wait for a key may last before the ticker is due: -1 for no limit, 0 when it is due already.
    func millisecondsLeft(now: ContinuousClock.Instant = .now) -> Int32 {
        guard ticker != nil, let due else { return -1 }
        let left = now.duration(to: due)
        guard left > .zero else { return 0 }
        let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: milliseconds)
    }
}
