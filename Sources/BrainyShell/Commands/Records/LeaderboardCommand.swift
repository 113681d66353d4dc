import BrainyKit
import Foundation

/// `leaderboard [--refresh]`: the daily leaderboard `sync` fetched, and when; `--refresh` fetches it again, at most
/// once a minute.
enum LeaderboardCommand: ShellCommand {
    static let name = CommandName.leaderboard
    static let aliases = ["rank"]
    static let usage = "leaderboard [\(Option.allCases.map(\.rawValue).joinedText(separator: "|"))]"
    static let maximumWords: Int? = 1
    static let summary = Localized(ko: "저장된 오늘의 순위표", en: "the cached daily leaderboard")
    static let details = Localized(
        ko: "'sync'가 하루 한 번 받아 둔 순위표와 받은 시각을 보여 줍니다. '--refresh'는 서버에서 다시 받습니다 (1분에 한 번까지). 서버에 닿지 않으면 저장된 순위표와 받은 시각을 보여 줍니다.",
        en: "Shows the leaderboard 'sync' fetched (once a day) and when it was fetched. '--refresh' fetches it again from the server (at most once a minute); when the server cannot be reached, the cached board is shown with when it was fetched.")

    /// The words `leaderboard` takes.
    enum Option: String, CaseIterable {
        case refresh = "--refresh"
    }

    /// The shortest time between two fetches of the board.
    static let refreshInterval: TimeInterval = 60

    static func completions(after previous: [String], in context: RecordsContext) -> [String] {
        previous.isEmpty ? Option.allCases.map(\.rawValue) : []
    }

    static func run(_ arguments: CommandArguments, in context: RecordsContext) throws -> CommandOutcome {
        guard let word = arguments.first else {
            try show(in: context)
            return .proceed
        }
        guard Option(rawValue: word.lowercased()) == .refresh else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: Option.allCases.map(\.rawValue))
        }
        try refresh(in: context)
        return .proceed
    }

    /// Fetches the board again unless it was fetched less than a minute ago; offline, shows the cached one.
    private static func refresh(in context: RecordsContext) throws {
        let console = context.console
        guard let user = context.flow.user else { return }
        guard context.remoteStatus.serverURL != nil else { throw ShellError.noServer }
        if user.provider == .guest { throw ShellError.guestCannotSync }
        let cached = try context.records.cachedLeaderboard(userId: user.id)
        if let cached, context.now.timeIntervalSince(cached.fetchedAt) < refreshInterval {
            let next = cached.fetchedAt.addingTimeInterval(refreshInterval)
            let seconds = Int(next.timeIntervalSince(context.now).rounded(.up))
            let at = time(next, in: context)
            try show(in: context)
            return console.line(console.paint(console.text(Localized(
                ko: "순위표는 1분에 한 번 받을 수 있습니다: \(at)에 다시 받을 수 있습니다 (\(seconds)초 뒤).",
                en: "The leaderboard can be fetched once a minute: again at \(at) (in \(seconds.counted("second"))).")),
                \.muted))
        }
        do {
            try context.saveLeaderboard(context.fetchLeaderboard(), userId: user.id)
        } catch let error as ShellError where cached != nil && context.remoteStatus.serverReachable == false {
            // Offline: the board kept is still worth showing, said to be the cached one.
            let fetched = BrainyDateFormat.minute(cached!.fetchedAt, timeZone: context.timeZone)
            console.line(console.paint(console.text(ErrorMessage.of(error)), \.warning))
            try show(in: context)
            return console.line(console.paint(console.text(Localized(
                ko: "서버에 닿지 않아 \(fetched)에 받아 둔 순위표를 보여 줍니다.",
                en: "The server could not be reached: this is the board cached at \(fetched).")), \.warning))
        }
        try show(in: context)
    }

    /// A moment as the clock on the wall shows it, to the second.
    private static func time(_ date: Date, in context: RecordsContext) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = context.timeZone
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    private static func show(in context: RecordsContext) throws {
        let console = context.console
        guard let user = context.flow.user else { return }
        guard let (board, fetchedAt) = try context.records.cachedLeaderboard(userId: user.id) else {
            return console.line(Localized(ko: "저장된 순위표가 없습니다. 서버와 'sync'하면 오늘의 순위표를 받아 옵니다.",
                                          en: "No leaderboard cached yet. A 'sync' with a server fetches today's leaderboard."))
        }
        let fetched = BrainyDateFormat.minute(fetchedAt, timeZone: context.timeZone)
        if context.outputFormat == .json {
            struct Cached: Encodable { var fetchedAt: Date; var leaderboard: LeaderboardResponse }
            return console.data(Report.json(Cached(fetchedAt: fetchedAt, leaderboard: board)))
        }
        // Names are other players' words, sent by the server: cleaned of terminal controls before they are shown.
        let rows = board.entries.map {
            [String($0.rank), OutsideText.clean($0.displayName), String($0.score), Percent.text($0.accuracy)]
        }
        let date = OutsideText.clean(board.date)
        if context.outputFormat == .plain {
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
                                             maxWidth: context.columns, headerPaint: { console.paint($0, \.emphasis) }) {
                console.line(line)
            }
        }
        if let you = board.you {
            console.line(console.text(Localized(
                ko: "내 순위: \(you.rank)위 · \(you.score)점 · 정답률 \(Percent.text(you.accuracy))",
                en: "You: #\(you.rank) · \(you.score.counted("point")) · \(Percent.text(you.accuracy)) correct")))
        }
        if BrainyDateFormat.day(fetchedAt, timeZone: .gmt) != BrainyDateFormat.day(context.now, timeZone: .gmt) {
            console.line(console.paint(console.text(Localized(ko: "오늘 것이 아닙니다. 'sync'나 'leaderboard --refresh'로 새로 받으세요.",
                                                              en: "This is not today's. 'sync' or 'leaderboard --refresh' fetches a new one.")), \.muted))
        }
    }
}
