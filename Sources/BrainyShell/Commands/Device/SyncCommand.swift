import BrainyKit

/// `sync`: uploads pending results, fetches a changed config and pack, and the leaderboard once a day.
enum SyncCommand: ShellCommand {
    static let name = CommandName.sync
    static let usage = "sync"
    static let maximumWords: Int? = 0
    static let summary = Localized(ko: "서버와 동기화 (결과 올리기, 설정·문제 팩 받기)", en: "sync with the server (upload results, fetch config and packs)")
    static let details = Localized(
        ko: "서버는 --server URL이나 'settings server URL'로 정합니다. 올라가지 않은 결과를 올리고(진행 막대), 바뀐 설정과 문제 팩을 받고, 순위표는 하루 한 번 받습니다. Ctrl-C로 멈추면 서버가 받은 결과만 동기화된 것으로 표시되고 나머지는 다음 'sync'에 올라갑니다.",
        en: "Set the server with --server URL or 'settings server URL'. Uploads the pending results (with a progress bar), fetches a changed config and question pack, and the leaderboard once a day. Stopped with Ctrl-C, only what the server acknowledged is marked synced; the rest goes with the next 'sync'.")

    static func run(_ arguments: CommandArguments, in session: DeviceContext) throws -> CommandOutcome {
        do {
            return try sync(in: session)
        } catch ConsentRefusal.requiredByServer {
            // A sign-in kept from before the server published a new version: asked here, then synced once more.
            try session.acceptCurrentConsent()
            return try sync(in: session)
        }
    }

    private static func sync(in session: DeviceContext) throws -> CommandOutcome {
        let renderer = SyncReportRenderer(console: session.console)
        var engine = session.syncEngine()
        engine.progress = renderer.progress
        do throws(SyncFailure) {
            renderer.render(try engine.run(for: session.flow.user))
        } catch {
            // Refused from its first call for the terms and privacy policy: nothing was sent or kept, and the
            // question follows (or why it is not asked), so the parts it skipped are not listed.
            if case .requiredByServer? = error.error as? ConsentRefusal { throw error.error }
            // What the sync had to say until it stopped, then why it stopped (the shell says the error).
            renderer.renderNotices(error.report)
            throw error.error
        }
        return .proceed
    }
}
