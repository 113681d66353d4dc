import BrainyKit
import Foundation

/// `profile`: who is signed in, the sign-in, sync status and what the device and the server hold, the pack.
enum ProfileCommand: ShellCommand {
    static let name = CommandName.profile
    static let aliases = ["me"]
    static let usage = "profile"
    static let maximumWords: Int? = 0
    static let summary = Localized(ko: "로그인 정보, 동기화 상태, 문제 팩", en: "who is signed in, sync status, question pack")

    private static func syncStatus(server: String?, reachable: Bool?) -> Localized {
        guard let server else { return Localized(ko: "오프라인 (서버 없음)", en: "offline (no server)") }
        switch reachable {
        case true?: return Localized(ko: "온라인 · 서버 \(server)", en: "online · server \(server)")
        case false?: return Localized(ko: "오프라인 · 서버 \(server)에 연결할 수 없음", en: "offline · cannot reach \(server)")
        case nil: return Localized(ko: "서버 \(server) (이번 실행에서 아직 연결 안 함)", en: "server \(server) (not contacted yet in this run)")
        }
    }

    static func run(_ arguments: CommandArguments, in context: RecordsContext) throws -> CommandOutcome {
        try show(in: context)
        return .proceed
    }

    private static func show(in context: RecordsContext) throws {
        let console = context.console
        guard let signedIn = context.flow.user, let user = try context.records.user(id: signedIn.id) else { return }
        let authSession = try context.records.currentSession()
        let pack = try context.records.packSummary()
        let pending = try context.records.pendingSyncCount(userId: user.id)
        let lastSync = try context.records.syncValue(SyncKeys.lastSync(user.id)).flatMap { ISO8601DateFormatter().date(from: $0) }
        let remote = context.remoteStatus
        let server = remote.serverURL
        let local = try context.records.resultCount(userId: user.id)
        let quizzes = try context.records.quizCount(userId: user.id)
        let open = try context.records.quizzesInProgress(userId: user.id)
        let held = context.records.serverHolds(userId: user.id)
        let language = console.language
        if context.outputFormat != .table {
            let report = Report.Profile(
                account: user.shownName, provider: user.provider.rawValue, createdAt: user.createdAt,
                locked: user.isLocked(at: context.now), sessionExpiresAt: authSession?.expiresAt, hintCredits: context.flow.hintCredits,
                server: server, lastSyncAt: lastSync, tokensKeptIn: remote.tokensKeptIn?.rawValue, offline: remote.isOffline, pendingResults: pending, results: local,
                quizzes: quizzes, serverResults: held?.results, serverQuizzes: held?.quizzes, packVersion: pack.version,
                questions: pack.total,
                questionsPerCategory: Dictionary(uniqueKeysWithValues: pack.countPerCategory.map { ($0.key.rawValue, $0.value) }),
                voiceReady: pack.voiceCount)
            if context.outputFormat == .json { return console.data(Report.json(report)) }
            let iso = ISO8601DateFormatter()
            return console.data(Report.plain(["key", "value"], [
                ["account", report.account], ["provider", report.provider], ["created_at", iso.string(from: report.createdAt)],
                ["locked", report.locked ? "yes" : "no"], ["session_expires_at", report.sessionExpiresAt.map(iso.string) ?? ""],
                ["hint_credits", String(report.hintCredits)], ["server", report.server ?? ""],
                ["last_sync_at", report.lastSyncAt.map(iso.string) ?? ""],
                ["tokens_kept_in", report.tokensKeptIn ?? ""], ["offline", report.offline ? "yes" : "no"],
                ["pending_results", String(report.pendingResults)], ["results", String(report.results)],
                ["quizzes", String(report.quizzes)], ["server_results", report.serverResults.map(String.init) ?? ""],
                ["server_quizzes", report.serverQuizzes.map(String.init) ?? ""], ["pack_version", report.packVersion ?? ""],
                ["questions", String(report.questions)], ["voice_ready", String(report.voiceReady)],
            ]))
        }
        let none = console.text(Localized(ko: "없음", en: "none"))
        var rows: [(Localized, String)] = [
            (Localized(ko: "계정", en: "account"), OutsideText.clean(user.shownName)),
            (Localized(ko: "로그인 방식", en: "signed in with"), user.provider.name[language]),
            (Localized(ko: "가입", en: "created"), BrainyDateFormat.minute(user.createdAt, timeZone: context.timeZone)),
            (Localized(ko: "상태", en: "status"), user.isLocked(at: context.now) ? console.text(Localized(ko: "잠김", en: "locked"))
                : console.text(Localized(ko: "정상", en: "active"))),
            (Localized(ko: "세션 만료", en: "session expires"),
             authSession.map { BrainyDateFormat.minute($0.expiresAt, timeZone: context.timeZone)
                 + ($0.remembered ? "" : console.text(Localized(ko: " (이 컴퓨터에 남기지 않음: exit하면 끝남)",
                                                               en: " (not kept on this computer: ends at exit)"))) } ?? none),
            (Localized(ko: "남은 힌트", en: "hints left"), String(context.flow.hintCredits)),
            (Localized(ko: "동기화", en: "sync"), console.text(syncStatus(server: server, reachable: remote.serverReachable))),
        ] + (remote.tokensKeptIn.map { [(Localized(ko: "토큰 보관", en: "tokens kept in"), console.text($0.description))] } ?? []) + [
            (Localized(ko: "마지막 동기화", en: "last sync"),
             lastSync.map { BrainyDateFormat.minute($0, timeZone: context.timeZone) } ?? console.text(Localized(ko: "아직 없음", en: "never"))),
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
                     console.text(Localized(ko: "\(pack.voiceCount)문제", en: pack.voiceCount.counted("question")))))
        let fromKnowledge = pack.generatedCount["ai-kb", default: 0]
        let fromModel = pack.generatedCount["ai-llm", default: 0]
        rows.append((Localized(ko: "AI모드", en: "AI mode"), console.text(Localized(
            ko: "이 기기에서 만든 문제 \(fromKnowledge + fromModel)개 (지식 베이스 \(fromKnowledge) · 언어 모델 \(fromModel)) + 문제 팩",
            en: "\(fromKnowledge + fromModel) question\(fromKnowledge + fromModel == 1 ? "" : "s") made on this device (knowledge base \(fromKnowledge) · language model \(fromModel)) + the pack's"))))
        let width = rows.map { $0.0[language].displayWidth }.max() ?? 10
        for (label, value) in rows {
            console.line(console.paint(label[language].padded(toWidth: width), \.muted) + "  " + value)
        }
    }
}
