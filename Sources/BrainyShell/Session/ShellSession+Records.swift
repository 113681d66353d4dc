import BrainyKit
import Foundation

extension ShellSession {
    func showHistory(_ arguments: [String]) throws(BrainyError) {
        guard let user = flow.user else { return }
        if arguments.contains(where: { $0.lowercased() == "--replay" }) {
            let ids = arguments.filter { $0.lowercased() != "--replay" }
            guard ids.count == 1, let word = ids.first else {
                throw .missingArgument(command: "history", usage: "history <id> --replay")
            }
            guard let (quiz, answers) = try repository.quiz(idOrPrefix: word, userId: user.id) else { throw .quizNotFound(word) }
            return try replay(quiz, answers)
        }
        // A word of hex digits is a quiz id, except a short number, which is a count ("history 1000").
        if arguments.count == 1, let word = arguments.first, QuizIdPattern.looksLikeId(word),
           QuizCategory(parsing: word) == nil, QuizType(parsing: word) == nil, Int(word) == nil || word.count >= 8 {
            guard let (quiz, answers) = try repository.quiz(idOrPrefix: word, userId: user.id) else {
                throw .quizNotFound(word)
            }
            return try showQuizDetail(quiz, answers)
        }
        let filter = try HistoryFilterParser.parse(arguments, timeZone: deps.timeZone)
        let (quizzes, hasMore) = try repository.history(userId: user.id, filter: filter)
        switch outputFormat {
        case .json:
            return console.line(Report.json(Report.History(quizzes: quizzes.map(Report.QuizRow.init), hasMore: hasMore)))
        case .plain:
            let rows = quizzes.map { quiz in
                [quiz.id, ISO8601DateFormatter().string(from: quiz.startedAt), quiz.status.rawValue, quiz.category.rawValue,
                 quiz.type.rawValue, quiz.format.rawValue, quiz.stage.map(String.init) ?? "", String(quiz.correctCount),
                 String(quiz.questionCount), String(format: "%.3f", quiz.accuracy), String(format: "%.1f", quiz.duration)]
            }
            return console.line(Report.plain(["id", "started_at", "status", "category", "type", "format", "stage",
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
        let language = console.language
        let rows = quizzes.map { quiz -> [String] in
            let status = quiz.status == .abandoned ? Localized(ko: " (그만둠)", en: " (left)")[language] : ""
            let format = quiz.stage.map { Localized(ko: "스테이지 \($0)", en: "stage \($0)")[language] } ?? quiz.format.name[language]
            return [String(quiz.id.prefix(8)), BrainyDateFormat.minute(quiz.startedAt, timeZone: deps.timeZone),
                    quiz.category.name[language], quiz.type.name[language], format,
                    "\(quiz.correctCount)/\(quiz.questionCount)\(status)", "\(Self.percent(quiz.accuracy))",
                    DurationFormat.short(quiz.duration, language)]
        }
        let header = language == .ko ? ["ID", "날짜", "카테고리", "유형", "형식", "점수", "정답률", "시간"]
            : ["id", "date", "category", "type", "format", "score", "accuracy", "time"]
        for line in TableRenderer.render(header: header, rows: rows,
                                         alignments: [.left, .left, .left, .left, .left, .right, .right, .right],
                                         maxWidth: columns, headerPaint: { self.console.paint($0, \.emphasis) }) {
            console.line(line)
        }
        if hasMore {
            console.line(console.paint(console.text(Localized(
                ko: "최근 \(quizzes.count)개만 표시했습니다. 'history all' 또는 'history 50'으로 더 보기.",
                en: "The newest \(quizzes.count) shown. 'history all' or 'history 50' shows more.")), \.muted))
        }
        console.line(console.paint(console.text(Localized(ko: "'history <ID>'로 자세히 보기.", en: "'history <id>' shows one in detail.")), \.muted))
    }

    private func showQuizDetail(_ quiz: Quiz, _ answers: [AnswerRecord]) throws(BrainyError) {
        let language = console.language
        let questions = try repository.questions(ids: quiz.dealt.map(\.questionId))
        let byId = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if outputFormat != .table {
            let byPosition = Dictionary(answers.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
            let rows = quiz.dealt.enumerated().map { position, dealt -> Report.AnswerRow in
                let text = byId[dealt.questionId]?.text(in: language)
                let answer = byPosition[position]
                return Report.AnswerRow(position: position + 1, questionId: dealt.questionId, question: text?.text ?? "",
                                        given: answer?.givenAnswer, correctAnswer: text?.answer ?? "",
                                        outcome: answer?.outcome.rawValue, timeSpentSeconds: answer?.timeSpent,
                                        hintUsed: answer?.hintUsed ?? false)
            }
            if outputFormat == .json {
                return console.line(Report.json(Report.QuizDetail(quiz: Report.QuizRow(quiz), answers: rows)))
            }
            return console.line(Report.plain(
                ["position", "question_id", "given", "correct_answer", "outcome", "time_spent_seconds", "hint_used"],
                rows.map { [String($0.position), $0.questionId, $0.given ?? "", $0.correctAnswer, $0.outcome ?? "",
                            $0.timeSpentSeconds.map { String(format: "%.1f", $0) } ?? "", $0.hintUsed ? "yes" : "no"] }))
        }
        console.line(console.paint("\(quiz.category.name[language]) · \(quiz.type.name[language]) · \(quiz.format.name[language])"
            + (quiz.stage.map { " \($0)" } ?? "") + " — " + BrainyDateFormat.minute(quiz.startedAt, timeZone: deps.timeZone), \.emphasis))
        console.line(console.text(Localized(ko: "점수 ", en: "Score ")) + "\(quiz.correctCount)/\(quiz.questionCount) · "
            + "\(Self.percent(quiz.accuracy)) · " + DurationFormat.short(quiz.duration, language)
            + (quiz.status == .abandoned ? console.text(Localized(ko: " · 그만둠", en: " · abandoned")) : ""))
        let byPosition = Dictionary(answers.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, dealt) in quiz.dealt.enumerated() {
            guard let question = byId[dealt.questionId] else { continue }
            let text = question.text(in: language)
            console.line()
            console.line(console.paint("\(position + 1). ", \.accent) + text.text)
            guard let answer = byPosition[position] else {
                console.line(console.paint("   " + console.text(Localized(ko: "답하지 않음", en: "not answered")), \.muted))
                continue
            }
            var given = answer.givenAnswer
            if quiz.type == .multipleChoice {
                let shown = QuizPlay.shownOptions(of: question, dealt: dealt, in: language)
                let letters = OptionLabels.usesLetters([QuizPlay.shownOptions(of: question, dealt: dealt, in: .ko),
                                                        QuizPlay.shownOptions(of: question, dealt: dealt, in: .en)])
                let labels = OptionLabels.labels(count: shown.count, letters: letters)
                if let index = labels.firstIndex(of: given.uppercased()) { given = "\(labels[index])) " + shown[index] }
            }
            let mark: String
            switch answer.outcome {
            case .correct: mark = console.paint("✔", \.success)
            case .wrong: mark = console.paint("✘", \.failure)
            case .timedOut: mark = console.paint("⏱", \.warning)
            case .skipped: mark = console.paint("↷", \.muted)
            }
            let givenText = answer.outcome == .skipped ? console.text(Localized(ko: "(건너뜀)", en: "(skipped)")) : given
            console.line("   \(mark) " + console.text(Localized(ko: "내 답: ", en: "Yours: ")) + givenText
                         + "   " + console.text(Localized(ko: "정답: ", en: "Answer: ")) + text.answer
                         + "   " + DurationFormat.short(answer.timeSpent, language)
                         + (answer.hintUsed ? " 💡" : ""))
        }
    }

    func showStats() throws(BrainyError) {
        guard let user = flow.user else { return }
        let stats = try repository.stats(userId: user.id, now: now, timeZone: deps.timeZone)
        let language = console.language
        switch outputFormat {
        case .json: return console.line(Report.json(Report.Stats(stats)))
        case .plain:
            var pairs: [[String]] = [
                ["quizzes", String(stats.quizzes)], ["answered", String(stats.answered)], ["correct", String(stats.correct)],
                ["accuracy", String(format: "%.3f", stats.accuracy)], ["time_spent_seconds", String(format: "%.1f", stats.timeSpent)],
                ["current_streak_days", String(stats.currentStreak)], ["best_streak_days", String(stats.bestStreak)],
            ]
            for category in stats.perCategory {
                let key = "category.\(category.category.rawValue)."
                pairs += [[key + "answered", String(category.answered)], [key + "correct", String(category.correct)],
                          [key + "accuracy", String(format: "%.3f", category.accuracy)]]
            }
            return console.line(Report.plain(["key", "value"], pairs))
        case .table: break
        }
        console.line(console.paint(console.text(Localized(ko: "━━ 통계 ━━", en: "━━ Stats ━━")), \.accent))
        console.line(console.text(Localized(
            ko: "퀴즈 \(stats.quizzes)개 · 문제 \(stats.answered)개 · 정답 \(stats.correct)개 · 정답률 "
                + (stats.answered == 0 ? "—" : "\(Self.percent(stats.accuracy))"),
            en: "\(stats.quizzes) quiz\(stats.quizzes == 1 ? "" : "zes") · \(stats.answered) answered · \(stats.correct) right · "
                + (stats.answered == 0 ? "— accuracy" : "\(Self.percent(stats.accuracy)) accuracy"))))
        console.line(console.text(Localized(
            ko: "연속 학습: 현재 \(stats.currentStreak)일 · 최고 \(stats.bestStreak)일 · 학습 시간 ",
            en: "Streak: \(stats.currentStreak) day\(stats.currentStreak == 1 ? "" : "s") now · best \(stats.bestStreak) · time spent "))
            + DurationFormat.short(stats.timeSpent, language))
        console.line()
        let nameWidth = QuizCategory.allCases.map { $0.name[language].displayWidth }.max() ?? 6
        for category in stats.perCategory {
            let percent = category.answered == 0 ? "  —" : String(format: "%3d%%", Int((category.accuracy * 100).rounded()))
            let bar = category.answered == 0 ? console.paint(TableRenderer.bar(0), \.muted)
                : console.paint(TableRenderer.bar(category.accuracy), category.accuracy >= 0.6 ? \.success : \.warning)
            console.line(category.category.name[language].padded(toWidth: nameWidth) + "  " + bar + " " + percent
                         + console.paint("  \(category.correct)/\(category.answered)", \.muted))
        }
        if let last = stats.lastPlayedAt {
            console.line()
            console.line(console.paint(console.text(Localized(ko: "마지막 플레이: ", en: "Last played: "))
                                       + BrainyDateFormat.minute(last, timeZone: deps.timeZone), \.muted))
        }
    }

    /// Offline: no server, or the last call to it did not get through.
    var isOffline: Bool { serverURL == nil || serverReachable == false }

    private func syncStatus(server: String?) -> Localized {
        guard let server else { return Localized(ko: "오프라인 (서버 없음)", en: "offline (no server)") }
        switch serverReachable {
        case true?: return Localized(ko: "온라인 · 서버 \(server)", en: "online · server \(server)")
        case false?: return Localized(ko: "오프라인 · 서버 \(server)에 연결할 수 없음", en: "offline · cannot reach \(server)")
        case nil: return Localized(ko: "서버 \(server) (이번 실행에서 아직 연결 안 함)", en: "server \(server) (not contacted yet in this run)")
        }
    }

    func showProfile() throws(BrainyError) {
        guard let signedIn = flow.user, let user = try repository.user(id: signedIn.id) else { return }
        let session = try repository.currentSession()
        let pack = try repository.packSummary()
        let pending = try repository.pendingSyncCount(userId: user.id)
        let lastSync = try repository.syncValue(SyncKeys.lastSync(user.id)).flatMap { ISO8601DateFormatter().date(from: $0) }
        let server = serverURL
        let local = try repository.resultCount(userId: user.id)
        let quizzes = try repository.quizCount(userId: user.id)
        let open = try repository.quizzesInProgress(userId: user.id)
        let held = serverHolds(userId: user.id)
        let language = console.language
        if outputFormat != .table {
            let report = Report.Profile(
                account: user.email ?? user.displayName, provider: user.provider.rawValue, createdAt: user.createdAt,
                locked: user.isLocked(at: now), sessionExpiresAt: session?.expiresAt, hintCredits: flow.hintCredits,
                server: server, lastSyncAt: lastSync, offline: isOffline, pendingResults: pending, results: local,
                quizzes: quizzes, serverResults: held?.results, serverQuizzes: held?.quizzes, packVersion: pack.version,
                questions: pack.total,
                questionsPerCategory: Dictionary(uniqueKeysWithValues: pack.countPerCategory.map { ($0.key.rawValue, $0.value) }),
                voiceReady: pack.voiceCount)
            if outputFormat == .json { return console.line(Report.json(report)) }
            let iso = ISO8601DateFormatter()
            return console.line(Report.plain(["key", "value"], [
                ["account", report.account], ["provider", report.provider], ["created_at", iso.string(from: report.createdAt)],
                ["locked", report.locked ? "yes" : "no"], ["session_expires_at", report.sessionExpiresAt.map(iso.string) ?? ""],
                ["hint_credits", String(report.hintCredits)], ["server", report.server ?? ""],
                ["last_sync_at", report.lastSyncAt.map(iso.string) ?? ""], ["offline", report.offline ? "yes" : "no"],
                ["pending_results", String(report.pendingResults)], ["results", String(report.results)],
                ["quizzes", String(report.quizzes)], ["server_results", report.serverResults.map(String.init) ?? ""],
                ["server_quizzes", report.serverQuizzes.map(String.init) ?? ""], ["pack_version", report.packVersion ?? ""],
                ["questions", String(report.questions)], ["voice_ready", String(report.voiceReady)],
            ]))
        }
        let none = console.text(Localized(ko: "없음", en: "none"))
        var rows: [(Localized, String)] = [
            (Localized(ko: "계정", en: "account"), user.email ?? user.displayName),
            (Localized(ko: "로그인 방식", en: "signed in with"), user.provider.name[language]),
            (Localized(ko: "가입", en: "created"), BrainyDateFormat.minute(user.createdAt, timeZone: deps.timeZone)),
            (Localized(ko: "상태", en: "status"), user.isLocked(at: now) ? console.text(Localized(ko: "잠김", en: "locked"))
                : console.text(Localized(ko: "정상", en: "active"))),
            (Localized(ko: "세션 만료", en: "session expires"),
             session.map { BrainyDateFormat.minute($0.expiresAt, timeZone: deps.timeZone) } ?? none),
            (Localized(ko: "남은 힌트", en: "hints left"), String(flow.hintCredits)),
            (Localized(ko: "동기화", en: "sync"), console.text(syncStatus(server: server))),
            (Localized(ko: "마지막 동기화", en: "last sync"),
             lastSync.map { BrainyDateFormat.minute($0, timeZone: deps.timeZone) } ?? console.text(Localized(ko: "아직 없음", en: "never"))),
            (Localized(ko: "동기화 대기", en: "waiting to sync"),
             console.text(Localized(ko: "답 \(pending)개", en: "\(pending) answer\(pending == 1 ? "" : "s")"))),
            (Localized(ko: "이 기기", en: "on this device"),
             console.text(Localized(ko: "답 \(local)개 · 퀴즈 \(quizzes)개", en: "\(local) answer\(local == 1 ? "" : "s") · \(quizzes) quiz\(quizzes == 1 ? "" : "zes")")
                          + (open > 0 ? Localized(ko: " (\(open)개 진행 중: 끝나면 올라감)", en: " (\(open) in progress: uploaded once over)")
                                      : Localized(ko: "", en: "")))),

            (Localized(ko: "문제 팩", en: "question pack"), "\(pack.version ?? none) · \(pack.total)"
                + console.text(Localized(ko: "문제", en: " questions"))),
        ]
        if server != nil, user.provider != .guest {
            let value = held.map { held in Localized(
                ko: "답 \(held.results)개 · 퀴즈 \(held.quizzes)개 (마지막 동기화 때)",
                en: "\(held.results) answer\(held.results == 1 ? "" : "s") · \(held.quizzes) quiz\(held.quizzes == 1 ? "" : "zes") (at the last sync)") }
                ?? Localized(ko: "아직 동기화 안 함", en: "not synced yet")
            rows.insert((Localized(ko: "서버", en: "on the server"), console.text(value)), at: 10)
        }
        let perCategory = QuizCategory.allCases.map { "\($0.name[language]) \(pack.countPerCategory[$0] ?? 0)" }
        rows.append((Localized(ko: "카테고리별", en: "per category"), perCategory.joined(separator: " · ")))
        // Every question is written to be played both ways (four options and accepted short answers).
        let perType = [QuizType.multipleChoice, .shortAnswer].map { "\($0.name[language]) \(pack.total)" }
        rows.append((Localized(ko: "유형별", en: "per type"), perType.joined(separator: " · ")))
        rows.append((Localized(ko: "음성 모드용", en: "voice-ready"),
                     console.text(Localized(ko: "\(pack.voiceCount)문제", en: "\(pack.voiceCount) questions"))))
        let width = rows.map { $0.0[language].displayWidth }.max() ?? 10
        for (label, value) in rows {
            console.line(console.paint(label[language].padded(toWidth: width), \.muted) + "  " + value)
        }
    }
}

/// A quiz id as typed: the first characters (four or more) of a UUID.
enum QuizIdPattern {
    static func looksLikeId(_ word: String) -> Bool {
        word.count >= 4 && word.allSatisfy { $0.isHexDigit || $0 == "-" }
    }
}

/// Reads the filters of `history`: a category, a type, from=/to= dates, `today`, `week`, a count or `all`.
enum HistoryFilterParser {
    static func parse(_ words: [String], timeZone: TimeZone) throws(BrainyError) -> HistoryFilter {
        var filter = HistoryFilter()
        for word in words {
            let lower = word.lowercased()
            if let category = QuizCategory(parsing: lower) {
                filter.category = category
            } else if let type = QuizType(parsing: lower) {
                filter.type = type
            } else if lower == "all" || lower == "전체" {
                filter.limit = Int.max
            } else if let count = Int(lower), count > 0 {
                filter.limit = count
            } else if lower.hasPrefix("from=") || lower.hasPrefix("since=") {
                filter.from = try date(String(lower.drop(while: { $0 != "=" }).dropFirst()), timeZone, word)
            } else if lower.hasPrefix("to=") || lower.hasPrefix("until=") {
                // Inclusive: up to the end of that day (a calendar day, which is not always 24 hours).
                let day = try date(String(lower.drop(while: { $0 != "=" }).dropFirst()), timeZone, word)
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                filter.until = calendar.date(byAdding: .day, value: 1, to: day) ?? day + 86_400
            } else {
                throw .invalidArgument(command: "history", value: word, expected: [
                    "인물|상식|나라|드라마|음악", "mc|short", "from=YYYY-MM-DD", "to=YYYY-MM-DD", "N", "all", "<id>",
                ])
            }
        }
        if let from = filter.from, let until = filter.until, until <= from {
            throw .invalidArgument(command: "history", value: words.joined(separator: " "),
                                   expected: ["from=YYYY-MM-DD before to=YYYY-MM-DD"])
        }
        return filter
    }

    private static func date(_ text: String, _ timeZone: TimeZone, _ word: String) throws(BrainyError) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        guard let date = formatter.date(from: text) else {
            throw .invalidArgument(command: "history", value: word, expected: ["from=YYYY-MM-DD", "to=YYYY-MM-DD"])
        }
        return date
    }
}
