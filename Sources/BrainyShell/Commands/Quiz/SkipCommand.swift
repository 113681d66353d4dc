import BrainyKit

/// `skip`: skip this question (counts as not right).
enum SkipCommand: ShellCommand {
    static let name = CommandName.skip
    static let usage = "skip"
    static let summary = Localized(ko: "이 문제 건너뛰기 (오답 처리)", en: "skip this question (counts as not right)")

    static func run(_ arguments: CommandArguments, in session: ShellSession) throws -> CommandOutcome {
        // While a rewarded ad runs, `skip` stops the ad (no reward), not the question.
        if session.flow.state == .watchingAd {
            try session.ads.skip(via: .skip)
            return .proceed
        }
        try session.apply(.skipRequested(at: session.now))
        return .proceed
    }
}
