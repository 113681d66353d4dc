import Dispatch
import Foundation

/// On a terminal with the wall clock, `ad watch` runs the ad where the player sees it: the countdown line redrawn
/// each second until the end, Ctrl-C skipping it. Everywhere else (tests, transcripts, `--clock`) the ad is a state
/// that `clock advance` and the next commands move on, so nothing ever sleeps there.
struct AdCountdown {
    let ads: AdSession
    /// Ctrl-C, watched from the moment the countdown is made until it ends.
    private let interrupts = RemoteCall()

    init(ads: AdSession) {
        self.ads = ads
    }

    func runLive() {
        defer { interrupts.finish() }
        let console = ads.session.console
        while let running = ads.watch {
            if interrupts.isInterrupted {
                console.endProgress()
                try? ads.skip(via: .ad)
                return
            }
            if ads.session.now >= running.endsAt { break }
            console.progress(ads.countdown(running, live: true))
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(200))
        }
        console.endProgress()
        ads.poll()
    }
}
