import BrainyKit
import Foundation

/// `leaderboard`: the daily leaderboard `sync` fetched, and when.
enum LeaderboardCommand: ShellCommand {
    static let name = CommandName.leaderboard
    static let aliases = ["rank"]
    static let usage = "leaderboard"
    static let summary = Localized(ko: "저장된 오늘의 순위표", en: "the cached daily leaderboard")
    static let details = Localized(ko: "'sync'가 하루 한 번 받아 둔 순위표와 받은 시각을 보여 줍니다.",
                                   en: "Shows the leaderboard 'sync' fetched (once a day) and when it was fetched.")

    static func run(_ arguments: CommandArguments, in session: ShellSession) throws -> CommandOutcome {
        try show(in: session)
        return .proceed
    }

    private static func show(in session: ShellSession) throws {
        let console = session.console
        guard let user = session.flow.user else { return }
        guard let (board, fetchedAt) = try session.repository.cachedLeaderboard(userId: user.id) else {
            return console.line(Localized(ko: "저장된 순위표가 없습니다. 서버와 'sync'하면 오늘의 순위표를 받아 옵니다.",
                                          en: "No leaderboard cached yet. A 'sync' with a server fetches today's leaderboard."))
        }
        let fetched = BrainyDateFormat.minute(fetchedAt, timeZone: session.timeZone)
        if session.outputFormat == .json {
            struct Cached: Encodable { var fetchedAt: Date; var leaderboard: LeaderboardResponse }
            return console.data(Report.json(Cached(fetchedAt: fetchedAt, leaderboard: board)))
        }
        // Names are other players' words, sent by the server: cleaned of terminal controls before they are shown.
        let rows = board.entries.map {
            [String($0.rank), OutsideText.clean($0.displayName), String($0.score), Percent.text($0.accuracy)]
        }
        let date = OutsideText.clean(board.date)
        if session.outputFormat == .plain {
            return console.data(Report.plain(["rank", "name", "score", "accuracy"], rows))
        }
        console.line(console.paint(console.text(Localized(ko: "오늘의 순위표 \(date) (UTC)", en: "Daily leaderboard \(date) (UTC)")), \.emphasis)
                     + console.paint(console.text(Localized(ko: " · \(fetched)에 받음", en: " · fetched \(fetched)")), \.muted))
        if rows.isEmpty {
            console.line(console.text(Localized(ko: "아직 아무도 점수가 없습니다.", en: "Nobody has scored yet.")))
        } else {
            let header = [Localized(ko: "순위", en: "rank"), Localized(ko: "이름", en: "name"),
                          Localized(ko: "점수", en: "score"), Localized(ko: "정답률", en: "accuracy")].map(console.text)
            for line in TableRenderer.render(header: header, rows: rows, alignments: [.right, .left, .right, .right],
                                             maxWidth: session.columns, headerPaint: { console.paint($0, \.emphasis) }) {
                console.line(line)
            }
        }
        if let you = board.you {
            console.line(console.text(Localized(
                ko: "내 순위: \(you.rank)위 · \(you.score)점 · 정답률 \(Percent.text(you.accuracy))",
                en: "You: #\(you.rank) · \(you.score.counted("point")) · \(Percent.text(you.accuracy)) correct")))
        }
        if BrainyDateFormat.day(fetchedAt, timeZone: .gmt) != BrainyDateFormat.day(session.now, timeZone: .gmt) {
            console.line(console.paint(console.text(Localized(ko: "오늘 것이 아닙니다. 'sync'로 새로 받으세요.",
                                                              en: "This is not today's. 'sync' fetches a new one.")), \.muted))
        }
    }
}
