import BrainyKit
import Foundation

/// On a terminal with the wall clock, `ad watch` runs the ad where the player sees it: the countdown line redrawn
/// each second until the end. The keyboard stays the player's: the terminal is quiet while the ad runs (keys are read
/// one at a time, with a timeout, not echoed into the countdown), and Enter (on an empty line, after `ad skip`, after
/// anything) or Ctrl-C stops the ad at once with no reward. Everywhere else (tests, transcripts, `--clock`) the ad is
/// a state that `clock advance` and the next commands move on, so nothing ever sleeps there.
struct AdCountdown {
    let ads: AdSession
    /// Ctrl-C as a signal (`kill -INT`, or when standard input is no terminal), watched from the moment the countdown
    /// is made until it ends.
    private let interrupts = InterruptibleWait()
    /// How long one wait for a key lasts: the countdown is redrawn between.
    static let tick: Int32 = 200

    init(ads: AdSession) {
        self.ads = ads
    }

    /// Shows the ad (`show`, once the terminal is quiet, so that no key typed as it appears is lost) and counts down
    /// until it ends or the player stops it. The terminal's settings are put back however it ends.
    func runLive(show: () -> Void) {
        defer { interrupts.finish() }
        let quiet: Void? = Platform.withQuietTerminal { erase in
            show()
            countDown(keys: AdKeys(erase: erase))
        }
        if quiet == nil {
            show()
            countDown(keys: nil)
        }
    }

    private func countDown(keys: AdKeys?) {
        var keys = keys
        let console = ads.console
        while let running = ads.watch {
            if interrupts.isInterrupted { return stop(line: nil) }
            if ads.now >= running.endsAt { break }
            console.progress(line(running, typed: keys?.line ?? ""))
            guard keys != nil else {
                Platform.sleep(seconds: Double(Self.tick) / 1000)
                continue
            }
            // Keys that came together are taken together; the line is redrawn after them.
            var wait = Self.tick
            reading: while true {
                switch Platform.readByte(waitingAtMost: wait) {
                case .byte(let byte):
                    wait = 0
                    if case .stop(let line) = keys?.press(byte) { return stop(line: line) }
                case .none:
                    break reading
                case .closed:
                    // The terminal hung up: no more keys; the countdown goes on by the clock.
                    keys = nil
                    break reading
                }
            }
        }
        console.endProgress()
        ads.poll()
    }

    /// The countdown, or once something is typed a shorter one and what is typed; cut to the terminal's width so
    /// that a redraw never wraps.
    private func line(_ running: AdWatch, typed: String) -> String {
        let console = ads.console
        let left = running.secondsLeft(at: ads.now)
        let text = typed.isEmpty ? ads.countdown(running, live: true) : console.text(Localized(
            ko: "⏱ 광고 \(left)초 남음 · Enter로 그만 보기 (보상 없음) › ", en: "⏱ \(left)s left · Enter stops it (no reward) › "))
            + typed
        return text.truncated(toWidth: max(10, Platform.terminalColumns() - 1))
    }

    /// Enter or Ctrl-C: the ad ends with no reward. A line that asked for something else is not run: said so.
    private func stop(line: String?) {
        let console = ads.console
        console.endProgress()
        try? ads.skip(via: .ad)
        if let line, !AdKeys.asksToSkip(line) {
            console.line(console.paint(console.text(Localized(
                ko: "\(Josa.attach("'\(line)'", .topic)) 실행하지 않았습니다: 프롬프트에서 다시 입력하세요.",
                en: "'\(line)' was not run: type it again at the prompt.")), \.muted))
        }
    }
}
