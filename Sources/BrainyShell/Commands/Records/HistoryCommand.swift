import BrainyKit
import Foundation

/// `history [filters]`, `history <id>`, `history <id> --replay`: past quizzes, one in detail, or one played again.
enum HistoryCommand: ShellCommand {
    static let name = CommandName.history
    static let usage = "history [category] [type] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [N|all] | history <id> [--replay]"
    static let summary = Localized(ko: "지난 퀴즈 목록, 또는 한 퀴즈의 자세한 결과", en: "past quizzes, or one quiz in detail")
    static let details = Localized(ko: "예: history 나라 mc from=2026-01-01, history 3f2a91c0, history 3f2a91c0 --replay (한 문제씩 다시 보기)",
                                   en: "Examples: history country mc from=2026-01-01, history 3f2a91c0, history 3f2a91c0 --replay (step through it)")
    /// Steps through one quiz again.
    static let replayFlag = "--replay"

    static func completions(after previous: [String], in context: RecordsContext) -> [String] {
        guard let user = context.flow.user else { return [] }
        if previous.count == 1, QuizIdPattern.looksLikeId(previous[0]) { return [replayFlag] }
        let ids = ((try? context.records.recentQuizIds(userId: user.id, limit: 30)) ?? []).map { OutsideText.clean(String($0.prefix(8))) }
        return ids + HistoryFilterParser.typedNames
    }

    /// A replay waits for Enter between questions: it is not paged.
    static func isPaged(_ arguments: CommandArguments) -> Bool {
        !arguments.words.contains { $0.lowercased() == replayFlag }
    }

    static func run(_ arguments: CommandArguments, in context: RecordsContext) throws -> CommandOutcome {
        try show(arguments.words, in: context)
        return .proceed
    }

    private static func show(_ arguments: [String], in context: RecordsContext) throws {
        let console = context.console
        guard let user = context.flow.user else { return }
        if arguments.contains(where: { $0.lowercased() == replayFlag }) {
            let ids = arguments.filter { $0.lowercased() != replayFlag }
            guard ids.count == 1, let word = ids.first else {
                throw ShellError.missingArgument(command: name.rawValue, usage: "history <id> \(replayFlag)")
            }
            guard let (quiz, answers) = try context.records.quiz(idOrPrefix: word, userId: user.id) else { throw BrainyError.quizNotFound(word) }
            return try QuizReplay(context: context).play(quiz, answers)
        }
        // A word of hex digits is a quiz id, except a short number, which is a count ("history 1000").
        if arguments.count == 1, let word = arguments.first, QuizIdPattern.looksLikeId(word),
           QuizCategory(parsing: word) == nil, QuizType(parsing: word) == nil, Int(word) == nil || word.count >= 8 {
            guard let (quiz, answers) = try context.records.quiz(idOrPrefix: word, userId: user.id) else {
                throw BrainyError.quizNotFound(word)
            }
            return try QuizDetail(context: context).show(quiz, answers)
        }
        let filter = try HistoryFilterParser.parse(arguments, timeZone: context.timeZone)
        let (quizzes, hasMore) = try context.records.history(userId: user.id, filter: filter)
        switch context.outputFormat {
        case .json:
            return console.data(Report.json(Report.History(quizzes: quizzes.map(Report.QuizRow.init), hasMore: hasMore)))
        case .plain:
            let rows = quizzes.map { quiz in
                [quiz.id, ISO8601DateFormatter().string(from: quiz.startedAt), quiz.status.rawValue, quiz.category.rawValue,
                 quiz.type.rawValue, quiz.format.rawValue, quiz.stage.map(String.init) ?? "", String(quiz.correctCount),
                 String(quiz.questionCount), String(format: "%.3f", quiz.accuracy), String(format: "%.1f", quiz.duration)]
            }
            return console.data(Report.plain(["id", "started_at", "status", "category", "type", "format", "stage",
                                              "correct", "questions", "accuracy", "duration_seconds"], rows))
        case .table:
            break
        }
        guard !quizzes.isEmpty else {
            if filter.category != nil || filter.type != nil || filter.from != nil || filter.until != nil {
                return console.line(Localized(ko: "조건에 맞는 퀴즈가 없습니다. 'history'로 전체 목록을 보세요.",
                                              en: "No quiz matches these filters. 'history' lists them all."))
            }
            return console.line(Localized(ko: "아직 기록이 없습니다. 퀴즈를 풀어 보세요: mode → category → start",
                                          en: "No quizzes yet. Play one: mode → category → start"))
        }
        let table = HistoryTable(quizzes: quizzes, language: console.language, timeZone: context.timeZone, now: context.now)
        for line in table.lines(width: context.columns, headerPaint: { console.paint($0, \.emphasis) }) {
            console.line(line)
        }
        if hasMore {
            console.line(console.paint(console.text(Localized(
                ko: "최근 \(quizzes.count)개만 표시했습니다. 'history all' 또는 'history 50'으로 더 보기.",
                en: "The newest \(quizzes.count) shown. 'history all' or 'history 50' shows more.")), \.muted))
        }
        console.line(console.paint(console.text(Localized(ko: "'history <ID>'로 자세히 보기.", en: "'history <id>' shows one in detail.")), \.muted))
    }
}
