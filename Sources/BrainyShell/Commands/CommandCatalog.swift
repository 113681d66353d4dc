import BrainyKit

/// What the shell says about each command: usage, a one-line summary and details, in both languages.
public struct CommandInfo: Sendable {
    public var name: CommandName
    public var usage: String
    public var summary: Localized
    public var details: Localized
    public var aliases: [String]
}

public enum CommandCatalog {
    public static let all: [CommandInfo] = [
        CommandInfo(name: .help, usage: "help [command]",
                    summary: Localized(ko: "지금 쓸 수 있는 명령, 또는 한 명령의 자세한 설명", en: "commands valid now, or one command in detail"),
                    details: Localized(ko: "예: help start", en: "Example: help start"), aliases: ["?"]),
        CommandInfo(name: .state, usage: "state",
                    summary: Localized(ko: "현재 상태와 맥락, 지금 쓸 수 있는 명령", en: "the current state, its context and the commands allowed now"),
                    details: Localized(ko: "상태에서 나가는 전이와 조건도 보여 줍니다.", en: "Also lists the transitions out of the state with their guards."),
                    aliases: []),
        CommandInfo(name: .login, usage: "login guest | login email [address] | login google | login apple",
                    summary: Localized(ko: "로그인 (비밀번호는 화면에 표시되지 않음)", en: "sign in (passwords are not echoed)"),
                    details: Localized(
                        ko: "게스트는 이 기기에만 기록을 남깁니다. 이메일 계정은 'register'로 만듭니다. 서버가 있으면(--server URL) 이메일 로그인은 서버로 가고, google/apple은 코드와 링크를 보여 주고 승인을 기다립니다 (Ctrl-C로 그만두기).",
                        en: "A guest keeps progress on this device only. Create an email account with 'register'. With a server (--server URL), email sign-in goes to it, and google/apple show a code and a link and wait for approval (Ctrl-C stops waiting)."),
                    aliases: ["signin"]),
        CommandInfo(name: .register, usage: "register [address]",
                    summary: Localized(ko: "이메일 계정 만들기 (비밀번호 두 번 입력)", en: "create an email account (password asked twice)"),
                    details: Localized(ko: "비밀번호 최소 길이는 서버 설정(config)에서 정해집니다.", en: "The minimum password length comes from the remote config."),
                    aliases: ["signup"]),
        CommandInfo(name: .logout, usage: "logout",
                    summary: Localized(ko: "로그아웃", en: "sign out"),
                    details: Localized(ko: "진행 중인 퀴즈는 나중에 'resume'으로 이어 풀 수 있습니다.", en: "A quiz in progress can be resumed later."),
                    aliases: ["signout"]),
        CommandInfo(name: .mode, usage: "mode <객관식|주관식|음성모드|AI모드 / mc|short|voice|ai>",
                    summary: Localized(ko: "퀴즈 유형 고르기", en: "choose the quiz type"),
                    details: Localized(ko: "객관식(mc)과 주관식(short)을 지금 플레이할 수 있습니다.", en: "Multiple choice (mc) and short answer (short) are playable now."),
                    aliases: []),
        CommandInfo(name: .category, usage: "category <인물|상식|나라|드라마|음악 / person|general|country|drama|music>",
                    summary: Localized(ko: "카테고리 고르기 (Tab으로 완성)", en: "choose the category (Tab completes)"),
                    details: Localized(ko: "한국어나 영어 이름 모두 됩니다.", en: "Korean or English names both work."), aliases: ["cat"]),
        CommandInfo(name: .format, usage: "format <stage|individual>",
                    summary: Localized(ko: "스테이지 / 개별 형식", en: "stage or individual format"),
                    details: Localized(ko: "스테이지: 난이도 순 5문제, 4문제 이상 맞히면 다음 스테이지가 열립니다.",
                                       en: "Stage: five questions by difficulty; four right unlocks the next stage."),
                    aliases: []),
        CommandInfo(name: .start, usage: "start [random|unsolved] [count]",
                    summary: Localized(ko: "퀴즈 시작 (전체 무작위 / 풀었던 것 제외)", en: "begin the quiz (any question / only unanswered ones)"),
                    details: Localized(ko: "개수를 빼면 설정의 기본값을 씁니다. 스테이지 형식은 다음 열린 스테이지를 시작합니다.",
                                       en: "Without a count the default from settings is used. In stage format the next unlocked stage starts."),
                    aliases: []),
        CommandInfo(name: .answer, usage: "answer <text or option number>",
                    summary: Localized(ko: "답 제출 (문제 중에는 명령이 아닌 줄도 답으로 처리)", en: "submit (while a question is open, a line that is not a command is an answer too)"),
                    details: Localized(ko: "객관식은 번호나 보기 내용을, 주관식은 답을 입력합니다.", en: "Multiple choice: a number or the option's text. Short answer: the answer."),
                    aliases: []),
        CommandInfo(name: .next, usage: "next",
                    summary: Localized(ko: "다음 문제 (마지막이면 결과)", en: "next question (or the summary after the last)"),
                    details: Localized(ko: "", en: ""), aliases: []),
        CommandInfo(name: .skip, usage: "skip",
                    summary: Localized(ko: "이 문제 건너뛰기 (오답 처리)", en: "skip this question (counts as not right)"),
                    details: Localized(ko: "", en: ""), aliases: []),
        CommandInfo(name: .hint, usage: "hint",
                    summary: Localized(ko: "힌트 사용 (객관식: 오답 2개 제거, 주관식: 초성)", en: "use a hint (multiple choice: two wrong options removed; short answer: initials)"),
                    details: Localized(ko: "힌트는 80% 이상 맞히고 퀴즈를 마치면 하나씩 생깁니다.", en: "You earn a hint for each quiz finished with 80% or more."),
                    aliases: []),
        CommandInfo(name: .abandon, usage: "abandon",
                    summary: Localized(ko: "퀴즈 그만두기", en: "leave the quiz"),
                    details: Localized(ko: "지금까지의 답은 기록에 남습니다.", en: "The answers so far stay in your history."), aliases: []),
        CommandInfo(name: .resume, usage: "resume",
                    summary: Localized(ko: "중단된 퀴즈 이어 풀기", en: "continue an interrupted quiz"),
                    details: Localized(ko: "", en: ""), aliases: []),
        CommandInfo(name: .history, usage: "history [category] [type] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [N|all] | history <id> [--replay]",
                    summary: Localized(ko: "지난 퀴즈 목록, 또는 한 퀴즈의 자세한 결과", en: "past quizzes, or one quiz in detail"),
                    details: Localized(ko: "예: history 나라 mc from=2026-01-01, history 3f2a91c0, history 3f2a91c0 --replay (한 문제씩 다시 보기)",
                                       en: "Examples: history country mc from=2026-01-01, history 3f2a91c0, history 3f2a91c0 --replay (step through it)"),
                    aliases: []),
        CommandInfo(name: .stats, usage: "stats",
                    summary: Localized(ko: "카테고리별 정답률, 연속 학습일, 학습 시간", en: "accuracy per category, streak, time spent"),
                    details: Localized(ko: "", en: ""), aliases: []),
        CommandInfo(name: .profile, usage: "profile",
                    summary: Localized(ko: "로그인 정보, 동기화 상태, 문제 팩", en: "who is signed in, sync status, question pack"),
                    details: Localized(ko: "", en: ""), aliases: ["me"]),
        CommandInfo(name: .settings, usage: "settings [key [value]]",
                    summary: Localized(ko: "설정 보기와 바꾸기: theme, language, timer, count, selection, notifications, server",
                                       en: "list and change settings: theme, language, timer, count, selection, notifications, server"),
                    details: Localized(ko: "예: settings theme dark, settings timer 20, settings timer off, settings server http://127.0.0.1:8080 (이 기기 전체)",
                                       en: "Examples: settings theme dark, settings timer 20, settings timer off, settings server http://127.0.0.1:8080 (for the whole device)"),
                    aliases: ["set"]),
        CommandInfo(name: .sync, usage: "sync",
                    summary: Localized(ko: "서버와 동기화 (결과 올리기, 설정·문제 팩 받기)", en: "sync with the server (upload results, fetch config and packs)"),
                    details: Localized(
                        ko: "서버는 --server URL이나 'settings server URL'로 정합니다. 올라가지 않은 결과를 올리고(진행 막대), 바뀐 설정과 문제 팩을 받고, 순위표는 하루 한 번 받습니다. Ctrl-C로 멈추면 서버가 받은 결과만 동기화된 것으로 표시되고 나머지는 다음 'sync'에 올라갑니다.",
                        en: "Set the server with --server URL or 'settings server URL'. Uploads the pending results (with a progress bar), fetches a changed config and question pack, and the leaderboard once a day. Stopped with Ctrl-C, only what the server acknowledged is marked synced; the rest goes with the next 'sync'."),
                    aliases: []),
        CommandInfo(name: .leaderboard, usage: "leaderboard",
                    summary: Localized(ko: "저장된 오늘의 순위표", en: "the cached daily leaderboard"),
                    details: Localized(ko: "'sync'가 하루 한 번 받아 둔 순위표와 받은 시각을 보여 줍니다.",
                                       en: "Shows the leaderboard 'sync' fetched (once a day) and when it was fetched."),
                    aliases: ["rank"]),
        CommandInfo(name: .diagram, usage: "diagram [mermaid|dot]",
                    summary: Localized(ko: "상태 기계 그림 (전이 표에서 생성)", en: "the state machine, generated from the transition table"),
                    details: Localized(ko: "현재 상태가 강조됩니다.", en: "The current state is highlighted."), aliases: []),
        CommandInfo(name: .timing, usage: "timing [on|off]",
                    summary: Localized(ko: "명령마다 걸린 시간 표시 (psql의 \\timing)", en: "print how long each command took (psql's \\timing)"),
                    details: Localized(ko: "", en: ""), aliases: []),
        CommandInfo(name: .record, usage: "record <file> | record stop",
                    summary: Localized(ko: "입력과 출력을 기록 (brainy --check로 재생·비교)", en: "record what is typed and printed (replay and compare with brainy --check)"),
                    details: Localized(ko: "새 데이터베이스에서 시작해 기록하세요. 입력한 비밀번호도 기록되니 테스트 계정을 쓰세요.",
                                       en: "Record from a new database. Passwords typed are recorded too: use test accounts."), aliases: []),
        CommandInfo(name: .clock, usage: "clock [advance 30s|5m|2h|1d] | clock set <ISO time>",
                    summary: Localized(ko: "QA: 시계 보기와 옮기기 (--clock과 함께)", en: "QA: show or move the clock (with --clock)"),
                    details: Localized(ko: "타이머, 세션 만료, 잠금, 연속 학습일을 시험할 때 씁니다.",
                                       en: "For timers, session expiry, lock-outs and streaks across days."), aliases: []),
        CommandInfo(name: .flags, usage: "flags [name on|off]",
                    summary: Localized(ko: "QA: 기능 플래그 보기와 바꾸기", en: "QA: list or switch the config's feature flags"),
                    details: Localized(ko: "flags: aiQuiz, voiceMode, offlineMode", en: "Flags: aiQuiz, voiceMode, offlineMode"), aliases: []),
        CommandInfo(name: .config, usage: "config [key value]",
                    summary: Localized(ko: "QA: 점검 모드, 최소 버전, 비밀번호 정책, 세션 시간, 로그인 시도 횟수", en: "QA: maintenance, minimum version, password policy, session timeout, login attempts"),
                    details: Localized(ko: "예: config maintenance on, config password-min 10", en: "Examples: config maintenance on, config password-min 10"), aliases: []),
        CommandInfo(name: .reset, usage: "reset",
                    summary: Localized(ko: "QA: 이 사용자의 진행 기록을 모두 지우기", en: "QA: wipe this user's progress"),
                    details: Localized(ko: "퀴즈, 답, 스테이지, 통계, 힌트가 처음 상태로 돌아갑니다.", en: "Quizzes, answers, stages, stats and hints go back to the start."), aliases: []),
        CommandInfo(name: .exit, usage: "exit",
                    summary: Localized(ko: "셸 끝내기 (quit, Ctrl-D)", en: "leave the shell (also quit, Ctrl-D)"),
                    details: Localized(ko: "", en: ""), aliases: ["quit", "\\q"]),
    ]

    public static func info(_ name: CommandName) -> CommandInfo {
        all.first { $0.name == name }!
    }

    /// Resolves a typed word (a name or an alias) to a command.
    public static func command(named word: String) -> CommandName? {
        let key = word.lowercased()
        if let name = CommandName(rawValue: key) { return name }
        return all.first { $0.aliases.contains(key) }?.name
    }

    /// The closest command name to a mistyped word, if it is close enough to be a likely typo.
    public static func suggestion(for word: String) -> String? {
        let key = word.lowercased()
        let candidates = CommandName.allCases.filter { !$0.isQA }.map(\.rawValue) + ["quit"]
        let scored = candidates.map { ($0, editDistance(key, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored else { return nil }
        if distance <= max(1, best.count / 3) { return best }
        if key.count >= 2, best.hasPrefix(key) { return best }
        return candidates.first { $0.hasPrefix(key) && key.count >= 2 }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours ("stast" → "stats").
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
