import BrainyAPI
import BrainyKit
import Foundation

/// Every error the shell meets, as the message a person reads: in Korean and English, saying what happened and what
/// to do next. The one place where errors become words; the domain, the store and the client only name what went
/// wrong.
public enum ErrorMessage {
    /// The message for `error`; times are shown in `timeZone`, and a refusal lists the QA commands allowed with
    /// `qa` (the shell's `--qa`).
    /// Cleaned of terminal controls: a message may repeat what was typed, or what a server or the database said.
    public static func of(_ error: any Error, timeZone: TimeZone = .current, qa: Bool = false) -> Localized {
        OutsideText.clean(words(for: error, timeZone: timeZone, qa: qa), keepingLines: true)
    }

    private static func words(for error: any Error, timeZone: TimeZone, qa: Bool) -> Localized {
        switch error {
        case let error as BrainyError: domain(error, timeZone: timeZone, qa: qa)
        case let error as ShellError: shell(error)
        case let error as VoiceError: error.message
        case let error as ClockError: error.message
        case let error as StoreError: store(error)
        case let error as RemoteError: remote(error)
        default:
            // The error's own description is a library's words (errno, "error set"); its type is enough for a report.
            Localized(ko: "예상하지 못한 오류입니다 (\(type(of: error))). 저장된 내용은 그대로 있습니다. 다시 해 보고, 되풀이되면 이 줄과 함께 알려 주세요.",
                      en: "Unexpected error (\(type(of: error))). Everything saved so far is kept. Try again; if it happens again, please report this line.")
        }
    }

    /// A write stopped by the process's file-size limit: what it is, and how to lift it.
    static func fileSizeLimitReached(_ limit: UInt64) -> Localized {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(max(1, limit >> 10)) KB"
        return Localized(
            ko: "파일 크기 제한(ulimit -f, \(size))에 걸려 데이터베이스에 쓰지 못했습니다. 이 셸은 그보다 큰 파일을 쓸 수 없습니다. 'ulimit -f unlimited'로 제한을 풀거나 더 크게 한 뒤 brainy를 다시 실행하세요. 저장된 내용은 그대로 있습니다.",
            en: "The database could not be written: it reached the file size limit (ulimit -f, \(size)), and this shell may not write a larger file. Lift the limit with 'ulimit -f unlimited' (or raise it), then start brainy again. Everything saved so far is kept.")
    }

    /// `name` is not allowed in `state`; `allowed` is what is.
    static func notAllowed(_ name: CommandName, state: FlowState, allowed: [CommandName]) -> Localized {
        let command = name.rawValue
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return Localized(
            ko: "\(Josa.attach("'\(command)'", .topic)) 지금 쓸 수 없습니다 (현재 상태: \(state.name.ko)). 지금 쓸 수 있는 명령: \(list)",
            en: "'\(command)' is not allowed now (state: \(state.name.en)). Allowed now: \(list)")
    }

    static func domain(_ error: BrainyError, timeZone: TimeZone, qa: Bool = false) -> Localized {
        switch error {
        case let .actionNotAllowed(action, state):
            // The shell checks each command before it runs; an action refused inside one is said as its command's
            // refusal, with what is allowed now.
            return notAllowed(CommandName(action), state: state, allowed: CommandRules.allowed(in: state, qa: qa))
        case let .transitionNotInTable(from, trigger, to):
            let move = "\(from.rawValue) --\(trigger.label)--> \(to?.rawValue ?? "?")"
            return Localized(ko: "내부 오류: 전이 표에 없는 이동입니다 (\(move)). 아무것도 바뀌지 않았습니다. 이 줄과 함께 알려 주세요.",
                             en: "Internal error: a move the transition table does not list (\(move)). Nothing was changed. Please report this line.")
        case let .quizTypeDisabled(type):
            return Localized(ko: "\(Josa.attach(type.name.ko, .topic)) 지금 설정에서 꺼져 있습니다. 다른 유형을 고르세요: 'mode 객관식', 'mode 주관식'.",
                             en: "The \(type.name.en) mode is turned off in the current config. Choose another: 'mode mc' or 'mode short'.")
        case .nothingToResume:
            return Localized(ko: "이어서 풀 퀴즈가 없습니다. 'start'로 새 퀴즈를 시작하세요.",
                             en: "There is no quiz to resume. Type 'start' to begin a new one.")
        case let .invalidEmail(email):
            return Localized(ko: "\(Josa.attach("'\(email)'", .topic)) 올바른 이메일 주소가 아닙니다. 예: name@example.com",
                             en: "'\(email)' is not a valid email address. Example: name@example.com")
        case let .passwordTooShort(minimum):
            return Localized(ko: "비밀번호는 \(minimum)자 이상이어야 합니다. 다시 시도하세요.",
                             en: "The password must be at least \(minimum.counted("character")). Try again.")
        case .passwordsDoNotMatch:
            return Localized(ko: "두 비밀번호가 다릅니다. 다시 'register'를 입력하세요.",
                             en: "The two passwords differ. Type 'register' again.")
        case let .emailTaken(email):
            return Localized(ko: "\(Josa.attach(email, .topic)) 이미 가입된 주소입니다. \(Josa.attach("'login email \(email)'", .direction)) 로그인하세요.",
                             en: "\(email) already has an account. Sign in with 'login email \(email)'.")
        case let .wrongCredentials(remaining):
            return Localized(
                ko: "이메일 또는 비밀번호가 맞지 않습니다. 잠기기 전까지 \(remaining)번 더 시도할 수 있습니다.",
                en: "Wrong email or password. \(remaining) more attempt\(remaining == 1 ? "" : "s") before the account is locked.")
        case let .accountLocked(until):
            let time = BrainyDateFormat.minute(until, timeZone: timeZone)
            return Localized(ko: "로그인 실패가 너무 많아 계정이 \(time)까지 잠겼습니다. 그 뒤에 다시 시도하세요.",
                             en: "Too many failed sign-ins: the account is locked until \(time). Try again after that.")
        case .sessionExpired:
            return Localized(ko: "로그인 세션이 만료되었습니다. 다시 로그인하세요 (기록은 그대로 있습니다).",
                             en: "Your session has expired. Sign in again (your data is kept).")
        case let .loginMethodDisabled(provider):
            return Localized(ko: "\(provider.name.ko) 로그인은 현재 설정에서 꺼져 있습니다. 다른 방법으로 로그인하세요.",
                             en: "\(provider.name.en.prefix(1).uppercased() + provider.name.en.dropFirst()) sign-in is turned off in the current config. Use another method.")
        case let .updateRequired(current, minimum):
            return Localized(ko: "이 셸(\(current))은 너무 오래되었습니다. \(minimum) 이상으로 업데이트한 뒤 로그인하세요.",
                             en: "This shell (\(current)) is too old: update to \(minimum) or newer, then sign in.")
        case .maintenance:
            return Localized(ko: "지금은 점검 중입니다. 잠시 뒤에 다시 시도하세요.", en: "Brainy is under maintenance. Try again later.")
        case let .noUnsolvedQuestions(category):
            return Localized(
                ko: "\(category.name.ko) 카테고리의 문제를 모두 풀었습니다. 'start random'으로 전체에서 다시 풀어 보세요.",
                en: "You have answered every \(category.name.en) question. Try 'start random' to play them all again.")
        case let .noQuestions(category):
            return Localized(ko: "\(category.name.ko) 카테고리에 문제가 없습니다. 다른 카테고리를 고르세요.",
                             en: "There are no questions in \(category.name.en). Choose another category.")
        case let .allStagesCleared(category, stages):
            return Localized(
                ko: "\(category.name.ko)의 \(stages)개 스테이지를 모두 통과했습니다! 'format individual'로 개별 퀴즈를 즐겨 보세요.",
                en: "You cleared \(stages == 1 ? "the" : "all \(stages)") \(category.name.en) stage\(stages == 1 ? "" : "s")! Try 'format individual' for one-off quizzes.")
        case .noHintCredits:
            return Localized(ko: "힌트가 남아 있지 않습니다. 80% 이상 맞히고 퀴즈를 마치면 힌트를 얻습니다.",
                             en: "No hints left. Finish a quiz with 80% or more to earn one.")
        case .hintAlreadyUsed:
            return Localized(ko: "이 문제에는 이미 힌트를 썼습니다.", en: "You already used a hint on this question.")
        case let .optionOutOfRange(number, count):
            return Localized(ko: "\(number)번 보기는 없습니다. 1부터 \(count)까지의 번호나 보기 내용을 입력하세요.",
                             en: "There is no option \(number). Type a number from 1 to \(count), or the option's text.")
        case .emptyAnswer:
            return Localized(ko: "답을 입력하세요. 예: answer 2 또는 answer 서울", en: "Type an answer, e.g. 'answer 2' or 'answer Seoul'.")
        case let .notAnOption(text, labels):
            let range = "\(labels.first ?? "1")–\(labels.last ?? "4")"
            return Localized(ko: "\(Josa.attach("'\(text)'", .topic)) 보기에 없습니다. \(range) 중 하나나 보기 내용을 입력하세요 (문제는 그대로입니다).",
                             en: "'\(text)' is not one of the options. Type \(range) or an option's text (the question is still open).")
        case let .optionRemoved(label, remaining):
            let open = remaining.joined(separator: ", ")
            return Localized(ko: "\(label)번 보기는 힌트로 지워졌습니다. 남은 보기: \(open) (문제는 그대로입니다).",
                             en: "Option \(label) was removed by the hint. The options left: \(open) (the question is still open).")
        case let .answerTooLong(limit):
            return Localized(ko: "답이 너무 깁니다(\(limit)바이트 넘음). 저장하지 않았고 문제는 그대로입니다.",
                             en: "The answer is too long (over \(limit) bytes). It was not saved; the question is still open.")
        case .answerHasControlCharacters:
            return Localized(ko: "답에 제어 문자(NUL, ESC 등)가 들어 있어 받지 않았습니다. 문제는 그대로입니다.",
                             en: "The answer holds a control character (such as NUL or ESC), so it was not taken. The question is still open.")
        case let .invalidSetting(setting, value, allowed):
            let key = setting.rawValue
            return Localized(ko: "'\(key)' 설정에 \(Josa.attach("'\(value)'", .topic)) 쓸 수 없습니다. 가능한 값: \(allowed.joined(separator: ", "))",
                             en: "'\(value)' is not valid for '\(key)'. Allowed: \(allowed.joined(separator: ", "))")
        case let .unknownSetting(key):
            let keys = (Settings.Key.allCases.map(\.rawValue) + DeviceSetting.allCases.map(\.rawValue)).joined(separator: ", ")
            return Localized(ko: "\(Josa.attach("'\(key)'", .named)) 설정은 없습니다. 설정: \(keys)", en: "There is no setting '\(key)'. Settings: \(keys)")
        case let .quizNotFound(id):
            return Localized(ko: "'\(id)' 퀴즈를 찾을 수 없습니다. 'history'로 목록을 보세요.",
                             en: "No quiz '\(id)'. Type 'history' to list your quizzes.")
        }
    }

    static func store(_ error: StoreError) -> Localized {
        switch error {
        case let .database(detail):
            return Localized(ko: "데이터베이스가 이 일을 하지 못했습니다(\(detail)). 저장된 내용은 그대로 있습니다.",
                             en: "The database could not do that (\(detail)). Everything saved so far is kept.")
        case let .notABrainyDatabase(path):
            return Localized(
                ko: "\(Josa.attach(path, .topic)) Brainy 데이터베이스가 아니거나 손상되었습니다. 파일은 건드리지 않았습니다. 다른 경로를 --db로 지정하세요.",
                en: "\(path) is not a Brainy database, or it is damaged. It was left untouched. Give another path with --db.")
        case let .databaseIsFolder(path):
            return Localized(ko: "\(Josa.attach(path, .topic)) 폴더입니다. --db에는 파일 경로를 주세요 (예: \(path)/brainy.sqlite).",
                             en: "\(path) is a folder. Give --db a file path (e.g. \(path)/brainy.sqlite).")
        case let .folderMissing(path):
            return Localized(ko: "\(path) 폴더가 없습니다. 폴더를 먼저 만들거나 다른 --db 경로를 주세요.",
                             en: "The folder \(path) does not exist. Create it first, or give another --db path.")
        case let .invalidPack(detail):
            return Localized(ko: "문제 팩이 올바르지 않습니다: \(detail)", en: "The question pack is not valid: \(detail)")
        case let .invalidPackEntry(problem):
            return PackEntryMessage.of(problem)
        case let .emailTaken(email):
            return domain(.emailTaken(email), timeZone: .current)
        case let .unknownUser(id):
            return Localized(ko: "계정(\(id))을 찾을 수 없습니다. 다시 로그인하세요.", en: "No account \(id) on this device. Sign in again.")
        case let .readOnly(path):
            return Localized(
                ko: "\(Josa.attach(path, .topic)) 읽기 전용이라 저장할 수 없습니다. 기록 보기('history', 'stats')는 됩니다. 쓰기 권한을 주거나 다른 --db 경로를 쓰세요.",
                en: "\(path) is read-only, so nothing can be saved. Reading ('history', 'stats') still works. Make it writable or give another --db path.")
        case let .cannotOpen(path):
            return Localized(ko: "데이터베이스 \(Josa.attach(path, .object)) 열 수 없습니다. 경로와 권한을 확인하세요.",
                             en: "Cannot open the database \(path). Check the path and its permissions.")
        case .busy:
            return Localized(ko: "다른 셸이 데이터베이스를 오래 쓰고 있어 기다리다 그만두었습니다. 잠시 뒤 다시 하세요. 저장된 내용은 그대로 있습니다.",
                             en: "Another shell kept the database busy for too long. Try again in a moment. Everything saved so far is kept.")
        case .diskFull, .ioFailure where Platform.fileSizeLimit() != nil:
            // A write past the file-size limit (`ulimit -f`) fails with EFBIG (SIGXFSZ is ignored), which SQLite
            // reports as a full disk or an I/O error: with a limit in force, that limit is the likely cause.
            if let limit = Platform.fileSizeLimit() { return fileSizeLimitReached(limit) }
            return Localized(ko: "디스크가 가득 차서 저장하지 못했습니다. 공간을 비운 뒤 다시 하세요. 저장된 내용은 그대로 있습니다.",
                             en: "The disk is full, so this was not saved. Free some space and try again. Everything saved so far is kept.")
        case .ioFailure:
            return Localized(ko: "데이터베이스 파일을 읽거나 쓰지 못했습니다(디스크 오류이거나 파일이 옮겨졌습니다). 저장된 내용은 그대로 있습니다.",
                             en: "The database file could not be read or written (a disk error, or the file was moved). Everything saved so far is kept.")
        case let .claimFailed(reason):
            return Localized(ko: "진행 중인 퀴즈를 이 셸로 가져오지 못했습니다(\(reason)). 데이터베이스 폴더의 권한을 확인하세요.",
                             en: "Could not take the quiz in progress for this shell (\(reason)). Check the permissions of the database's folder.")
        case .quizIdTaken:
            return Localized(ko: "새 퀴즈 번호가 다른 셸의 퀴즈와 겹쳐 퀴즈를 시작하지 못했습니다. 'start'를 다시 입력하세요.",
                             en: "The new quiz's id clashed with another shell's quiz, so it did not start. Type 'start' again.")
        case .quizHeldElsewhere:
            return Localized(ko: "이 퀴즈는 다른 셸에 열려 있어 이 셸에서는 답을 저장할 수 없습니다. 답은 저장되지 않았습니다. 그 셸에서 이어 푸세요.",
                             en: "This quiz is open in another shell, so this shell cannot save answers to it. The answer was not saved. Continue it in that shell.")
        case let .answerConflict(_, position):
            return Localized(ko: "\(position + 1)번 문제에는 다른 셸에서 한 답이 이미 저장되어 있어 이 답은 저장되지 않았습니다. 'logout' 뒤 다시 로그인해 'resume'하면 저장된 답부터 이어집니다.",
                             en: "Question \(position + 1) already has an answer saved by another shell, so this answer was not saved. 'logout', sign in again and 'resume' to go on from what is saved.")
        case let .databaseReplaced(path, copy):
            let head = Localized(
                ko: "이 셸이 연 뒤에 데이터베이스 파일 \(Josa.attach(path, .topic)) 다른 파일로 바뀌었거나 옮겨지거나 지워졌습니다. 그 파일을 망가뜨리지 않도록 더는 저장하지 않습니다(방금 한 일은 저장되지 않았습니다). ",
                en: "The database file \(path) was replaced, moved or removed after this shell opened it. So as not to damage it, nothing more is saved (what you just did was not saved). ")
            guard let copy else {
                return head + Localized(
                    ko: "이 셸이 저장한 내용을 새 파일로 복사하지 못했습니다(폴더가 없거나 읽기 전용이거나 디스크가 가득 찼습니다). 이 셸을 닫지 말고, 공간을 비우거나 폴더를 쓸 수 있게 한 뒤 아무 명령이나 입력하면 다시 복사합니다.",
                    en: "Copying what this shell saved to a new file failed (the folder is gone, read-only or full). Keep this shell open, make room or make the folder writable, then type any command to try the copy again.")
            }
            return head + Localized(
                ko: "이 셸이 저장한 내용은 모두 \(copy)에 복사했습니다. 'exit'로 나간 뒤 'brainy --db \(copy)'로 이어 하거나, 그 파일을 \(Josa.attach(path, .direction)) 옮겨 놓으세요.",
                en: "Everything this shell saved is copied to \(copy). Leave with 'exit', then go on with 'brainy --db \(copy)', or move that file to \(path).")
        case let .databaseHasOtherNames(path, names):
            return Localized(
                ko: "데이터베이스 파일 \(Josa.attach(path, .topic)) 하드 링크로 이름이 \(names)개입니다. 데이터베이스의 로그와 잠금은 이름마다 따로 생기므로 두 이름으로 쓰면 파일이 망가집니다. 그래서 저장하지 않습니다(방금 한 일은 저장되지 않았습니다). 다른 이름을 지우고(찾기: find / -samefile \(path)) 다시 입력하세요. 사본이 필요하면 ln 대신 cp로 만드세요.",
                en: "The database file \(path) has \(names) names (hard links). The database's log and locks go by name, so writing through two names damages the file; nothing is saved (what you just did was not saved). Remove the other names (find them with: find / -samefile \(path)) and type it again. To have a copy, use cp rather than ln.")
        case let .databaseEmptied(path):
            return Localized(
                ko: "\(Josa.attach(path, .topic)) 빈 파일인데, 이 경로에는 Brainy 데이터베이스가 있었습니다(옆에 \(path)-claims 또는 \(path)-wal이 있습니다). 다른 프로그램이 파일을 바꾸거나 비운 것으로 보여 새 데이터베이스를 만들지 않고 그대로 두었습니다. 옆에 셸이 남긴 사본(…-rescued-….sqlite)이 있으면 --db로 그 파일을 쓰세요. 정말 새로 시작하려면 \(path) 파일(과 -wal, -shm 파일)을 지운 뒤 다시 실행하세요.",
                en: "\(path) is empty, but a Brainy database was kept at this path (\(path)-claims or \(path)-wal is beside it). It looks replaced or emptied by another program, so it was left untouched rather than made into a new database. If a shell left a copy beside it (…-rescued-….sqlite), use that file with --db. To start afresh, delete \(path) (and its -wal and -shm files) and run brainy again.")
        case .signedOutElsewhere:
            return Localized(
                ko: "다른 셸에서 로그아웃했거나 다른 계정으로 로그인해서 이 셸도 로그아웃되었습니다. 방금 한 일은 저장되지 않았고, 그 전에 저장된 내용은 그대로 있습니다. 다시 로그인하면('login …') 진행 중인 퀴즈를 'resume'으로 이어 풀 수 있습니다.",
                en: "This shell was signed out: another shell signed out, or signed in as someone else. What you just did was not saved; everything saved before is kept. Sign in again ('login …') and 'resume' to continue the quiz in progress.")
        }
    }

    static func shell(_ error: ShellError) -> Localized {
        switch error {
        case let .commandNotAllowed(name, state, allowed):
            return notAllowed(name, state: state, allowed: allowed)
        case let .qaOnly(name):
            let command = name.rawValue
            return Localized(ko: "\(Josa.attach("'\(command)'", .topic)) QA 명령입니다. brainy를 --qa로 시작하면 쓸 수 있습니다.",
                             en: "'\(command)' is a QA command: start brainy with --qa to use it.")
        case let .unknownCommand(word, suggestion):
            let hint = suggestion.map { Localized(ko: " \(Josa.attach("'\($0)'", .object)) 입력하려던 건가요?", en: " Did you mean '\($0)'?") }
                ?? Localized(ko: "", en: "")
            return Localized(ko: "\(Josa.attach("'\(word)'", .topic)) 알 수 없는 명령입니다.", en: "'\(word)' is not a command.") + hint
                + Localized(ko: " 'help'로 지금 쓸 수 있는 명령을 보세요.", en: " Type 'help' for the commands you can use now.")
        case let .missingArgument(command, usage):
            return Localized(ko: "'\(command)'에 필요한 값이 빠졌습니다. 사용법: \(usage)",
                             en: "'\(command)' needs more. Usage: \(usage)")
        case let .invalidArgument(command, value, expected):
            let list = expected.joined(separator: ", ")
            return Localized(ko: "'\(command)'에 \(Josa.attach("'\(value)'", .topic)) 쓸 수 없습니다. 가능한 값: \(list)",
                             en: "'\(value)' is not valid for '\(command)'. Expected one of: \(list)")
        case let .tooManyArguments(command, usage):
            // Only the commands that ask a password say where it goes (the extra word may have been one).
            guard let asking = CommandName(rawValue: command), [.login, .register].contains(asking) else {
                return Localized(ko: "'\(command)'에 값이 너무 많습니다. 사용법: \(usage)",
                                 en: "Too many words for '\(command)'. Usage: \(usage)")
            }
            return Localized(ko: "'\(command)'에 값이 너무 많습니다 (비밀번호는 따로 묻습니다). 사용법: \(usage)",
                             en: "Too many words for '\(command)' (the password is asked separately). Usage: \(usage)")
        case .alreadyAnswered:
            return Localized(ko: "이 문제에는 이미 답했습니다. 'next'로 다음 문제로 가세요.",
                             en: "You already answered this question. Type 'next' to go on.")
        case let .mistypedCommand(typed, command):
            return Localized(
                ko: "\(Josa.attach("'\(command)'", .object)) 입력하려던 건가요? \(Josa.attach("'\(typed)'", .object)) 답으로 내려면 \(Josa.attach("'answer \(typed)'", .object)) 입력하세요 (문제는 그대로입니다).",
                en: "Did you mean '\(command)'? To answer '\(typed)', type 'answer \(typed)' (the question is still open).")
        case .inputEnded:
            return Localized(ko: "입력이 끝났습니다.", en: "The input ended.")
        case .cancelled:
            return Localized(ko: "취소했습니다.", en: "Cancelled.")
        case let .fileNotReadable(path):
            return Localized(ko: "\(Josa.attach(path, .object)) 읽을 수 없습니다. 경로와 권한을 확인하세요.", en: "Cannot read \(path). Check the path and its permissions.")
        case let .fileNotUTF8(path):
            return Localized(ko: "\(Josa.attach(path, .topic)) UTF-8 텍스트가 아닙니다. 스크립트는 UTF-8로 저장하세요 (예: iconv -t UTF-8).",
                             en: "\(path) is not UTF-8 text. Save the script as UTF-8 (e.g. with iconv -t UTF-8).")
        case let .lineTooLong(limit):
            return Localized(ko: "줄이 너무 깁니다(\(limit / 1024) KiB 넘음). 실행하지 않았습니다.",
                             en: "The line is too long (over \(limit / 1024) KiB); it was not run.")
        case let .fileNotWritable(path):
            return Localized(ko: "\(path)에 쓸 수 없습니다. 폴더와 권한을 확인하세요.", en: "Cannot write \(path). Check the folder and its permissions.")
        case let .notARegularFile(path):
            return Localized(ko: "\(path)은(는) 일반 파일이 아닙니다 (장치, 폴더 또는 파이프). 기록할 파일 이름을 주세요.",
                             en: "\(path) is not a regular file (a device, a folder or a pipe). Give the name of a file to record to.")
        case let .sourcedFileFailed(path, failures):
            return Localized(ko: "\(path)의 명령 \(failures)개가 실패했습니다 (위에 줄 번호와 함께 보였습니다).",
                             en: "\(failures) command\(failures == 1 ? "" : "s") in \(path) failed (shown above with their lines).")
        case let .sourceNestedTooDeep(path, limit):
            return Localized(ko: "\(Josa.attach(path, .object)) 읽지 않았습니다: source가 \(limit)단계 넘게 겹쳤습니다. 파일이 자기 자신을 부르는지 확인하세요.",
                             en: "Did not read \(path): source nested more than \(limit) deep. Check that the file does not source itself.")
        case let .placeholderPath(placeholder):
            return Localized(ko: "\(Josa.attach(placeholder, .topic)) 사용법의 자리 표시입니다. 파일 이름을 주세요. 예: record session.transcript",
                             en: "\(placeholder) is the usage's placeholder: give a file name, e.g. record session.transcript")
        case let .alreadyRecording(path):
            return Localized(ko: "이미 \(path)에 기록 중입니다. 'record stop'으로 먼저 멈추세요.", en: "Already recording to \(path). Type 'record stop' first.")
        case let .programMissing(program, package):
            return Localized(ko: "\(Josa.attach(program, .object)) 찾을 수 없습니다. Debian/Ubuntu에서는 'apt-get install \(package)'로 설치하세요 (scripts/setup이 설치합니다).",
                             en: "\(program) is not installed. On Debian or Ubuntu: apt-get install \(package) (scripts/setup does it).")
        case let .programFailed(program, status):
            return Localized(ko: "\(program) 실행이 실패했습니다 (종료 코드 \(status)). 다시 시도하거나 답을 입력하세요.",
                             en: "\(program) failed (exit status \(status)). Try again, or type the answer.")
        case let .noRecognizer(language):
            return Localized(ko: "\(language == .ko ? "한국어" : language.rawValue) 음성 인식 모델이 없습니다. 답을 입력하세요 (--lang en으로 영어 음성 답을 쓸 수 있습니다).",
                             en: "There is no speech recognition model for \(language == .ko ? "Korean" : language.rawValue) here. Type your answer (English spoken answers work with --lang en).")
        case let .notAWAVFile(path):
            return Localized(ko: "\(Josa.attach(path, .topic)) 16비트 PCM WAV 파일이 아닙니다. 예: sox in.mp3 -b 16 answer.wav",
                             en: "\(path) is not a 16-bit PCM WAV file. Convert it, e.g. sox in.mp3 -b 16 answer.wav")
        case .nothingHeard:
            return Localized(ko: "답을 알아듣지 못했습니다. 다시 말하거나 답을 입력하세요.",
                             en: "I did not catch an answer. Say it again, or type it.")
        case .noMicrophone:
            return Localized(ko: "이 컴퓨터에는 마이크가 없습니다. 녹음한 답은 'answer --audio 파일.wav'로 내거나, 답을 입력하세요.",
                             en: "No microphone on this machine. Give a recorded answer with 'answer --audio FILE.wav', or type it.")
        case .listeningStopped:
            return Localized(ko: "듣기를 멈췄습니다. 문제는 그대로 열려 있습니다.",
                             en: "Stopped listening. The question is still open.")
        case let .knowledgeBaseMissing(path):
            return Localized(ko: "AI모드의 지식 베이스를 읽을 수 없습니다 (\(path)). 설치를 확인하거나 다른 모드를 고르세요.",
                             en: "AI mode's knowledge base cannot be read (\(path)). Check the installation, or choose another mode.")
        case let .transcriptionFailed(reason):
            return Localized(ko: "음성 인식 서버(--asr-url)가 답하지 못했습니다 (\(reason)). 다시 말하거나 답을 입력하세요.",
                             en: "The speech recognition server (--asr-url) failed (\(reason)). Say it again, or type your answer.")
        case .noServer:
            return Localized(
                ko: "동기화 서버가 정해지지 않았습니다. --server URL로 셸을 시작하거나 'settings server URL'로 정하세요. 결과는 이 기기에 그대로 있습니다.",
                en: "No sync server is set. Start the shell with --server URL or set one with 'settings server URL'. Your results stay on this device.")
        case let .needsServer(provider):
            return Localized(
                ko: "\(provider.name.ko) 로그인은 동기화 서버를 거칩니다. --server URL로 셸을 시작하거나 'settings server URL'로 서버를 정하세요. 서버 없이는 'login guest'나 'login email'을 쓰세요.",
                en: "\(provider.name.en) sign-in goes through the sync server. Start the shell with --server URL or set one with 'settings server URL'. Without a server, use 'login guest' or 'login email'.")
        case let .invalidServerURL(text):
            return Localized(ko: "\(Josa.attach("'\(text)'", .topic)) 서버 주소가 아닙니다. http://127.0.0.1:8080 처럼 쓰세요.",
                             en: "'\(text)' is not a server address. Write it like http://127.0.0.1:8080.")
        case let .invalidSeconds(variable, value, fallback):
            return Localized(
                ko: "\(variable)=\(Josa.attach("'\(value)'", .topic)) 0.1초에서 3600초 사이의 숫자가 아니어서 \(fallback)초를 씁니다.",
                en: "\(variable)='\(value)' is not a number of seconds from 0.1 to 3600; using \(fallback).")
        case let .serverUnreachable(url):
            return Localized(
                ko: "서버(\(url))에 연결할 수 없습니다. 서버가 켜져 있는지, 주소가 맞는지 확인하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                en: "Cannot reach the server at \(url). Check that it is running and that the address is right. Nothing was lost: your results stay on this device.")
        case let .serverTimedOut(url, seconds):
            return Localized(
                ko: "서버(\(url))가 \(seconds)초 안에 답하지 않았습니다. 잠시 뒤에 다시 시도하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                en: "The server at \(url) did not answer within \(seconds) s. Try again later. Nothing was lost: your results stay on this device.")
        case let .serverFailed(url, status):
            let code = status.map { " (HTTP \($0))" } ?? ""
            return Localized(
                ko: "서버(\(url))에 문제가 생겼습니다\(code). 잠시 뒤에 다시 시도하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                en: "The server at \(url) had a problem\(code). Try again later. Nothing was lost: your results stay on this device.")
        case let .serverBusy(url):
            return Localized(
                ko: "서버(\(url))가 지금 바쁩니다. 잠시 뒤에 다시 시도하세요. 올리지 못한 것은 모두 이 기기에 남아 다음 'sync' 때 올라갑니다.",
                en: "The server at \(url) is busy, try again in a moment. Nothing was lost: everything not sent stays on this device for the next 'sync'.")
        case let .serverRefused(code, message):
            return Localized(ko: "서버가 요청을 거절했습니다 (\(code)): \(message)", en: "The server refused the request (\(code)): \(message)")
        case .remoteSessionEnded:
            return Localized(
                ko: "서버의 로그인이 끝났습니다 (만료되었거나 다른 곳에서 로그아웃됨). 다시 로그인하세요. 이 기기의 기록은 그대로 있고, 로그인한 뒤 동기화됩니다.",
                en: "Your sign-in on the server has ended (it expired or was signed out elsewhere). Sign in again; your data on this device is kept and will sync afterwards.")
        case .keyringUnavailable:
            return Localized(
                ko: "로그인 토큰을 가진 키링에 닿을 수 없습니다 (잠겨 있거나, 이 키링이 있는 데스크톱 세션이 아님). 서버의 로그인은 그대로입니다. 키링의 잠금을 풀거나 (예: '암호 및 키' 앱) 데스크톱 세션에서 brainy를 실행한 뒤 다시 시도하세요. 이 기기의 기록은 그대로 있습니다.",
                en: "The keyring that holds your sign-in's tokens cannot be reached (it is locked, or this is not the desktop session that has it). Your sign-in on the server is still good. Unlock the keyring (for example in Passwords and Keys) or run brainy in your desktop session, then try again; your data on this device is kept.")
        case .keyringUnavailableAtLogout:
            return Localized(
                ko: "로그아웃하지 않았습니다: 로그인 토큰을 가진 키링에 닿을 수 없습니다 (잠겨 있거나, 이 키링이 있는 데스크톱 세션이 아님). 지금 로그아웃하면 서버에 알리지 못해 로그인이 살아 있게 됩니다. 키링의 잠금을 풀거나 (예: '암호 및 키' 앱) 데스크톱 세션에서 brainy를 실행한 뒤 다시 'logout' 하세요.",
                en: "Not signed out: the keyring that holds your sign-in's tokens cannot be reached (it is locked, or this is not the desktop session that has it). Signing out now could not tell the server, and the sign-in would stay valid. Unlock the keyring (for example in Passwords and Keys) or run brainy in your desktop session, then 'logout' again.")
        case .guestCannotSync:
            return Localized(
                ko: "게스트 기록은 이 기기에만 있습니다. 동기화하려면 'register'나 'login email'로 로그인하세요. 로그인할 때 게스트 기록을 계정으로 옮길 수 있습니다.",
                en: "A guest plays on this device only. To sync, sign in with 'register' or 'login email'; the guest's history can move to the account when you do.")
        case let .notOnServer(email):
            return Localized(
                ko: "\(Josa.attach(email, .topic)) 이 기기에서만 만든 계정이라 서버에 없습니다. 'register \(email)'로 서버에 같은 계정을 만들면 이 기기의 기록이 그 계정으로 옮겨집니다.",
                en: "\(email) was made on this device only, so the server does not know it. 'register \(email)' makes it on the server, and this device's history moves to it.")
        case let .providerNotOffered(provider):
            return Localized(
                ko: "이 서버는 \(provider.name.ko) 로그인을 제공하지 않습니다. 'login email'이나 'login guest'를 쓰세요.",
                en: "This server does not offer \(provider.name.en) sign-in. Use 'login email' or 'login guest'.")
        case let .signInDenied(provider):
            return Localized(ko: "\(provider.name.ko) 로그인이 거절되었습니다. 다시 시도하거나 다른 방법으로 로그인하세요.",
                             en: "\(provider.name.en) sign-in was denied. Try again or use another method.")
        case let .signInTimedOut(provider):
            return Localized(ko: "\(provider.name.ko) 로그인 코드가 만료되었습니다. 'login \(provider.rawValue)'로 다시 시도하세요.",
                             en: "The \(provider.name.en) sign-in code expired. Try 'login \(provider.rawValue)' again.")
        case let .signedInOnOtherServer(current, wanted):
            return Localized(
                ko: "이 계정은 다른 서버(\(current))에 로그인되어 있습니다. \(wanted)를 쓰려면 그 서버에 다시 로그인하세요 ('login'). 이 기기의 기록은 그대로 있습니다.",
                en: "This account is signed in on another server (\(current)). To use \(wanted), sign in again there ('login'). Your data on this device is kept.")
        }
    }

    /// A call to the server that was not turned into a `ShellError` on the way (it always is; this is the net).
    static func remote(_ error: RemoteError) -> Localized {
        switch error {
        // What `.unreachable` carries is the transport's own description ("connection reset (error set)…"), no
        // address: it is not shown.
        case .unreachable:
            Localized(ko: "서버에 연결할 수 없습니다. 서버가 켜져 있는지, 주소가 맞는지 확인하세요. 결과는 이 기기에 그대로 남아 있습니다.",
                      en: "Cannot reach the server. Check that it is running and that the address is right. Nothing was lost: your results stay on this device.")
        case let .timedOut(seconds): shell(.serverTimedOut("", seconds: seconds))
        case let .server(status, code, message, _, _):
            status == 503 ? shell(.serverBusy(""))
                : status >= 500 ? shell(.serverFailed("", status: status)) : shell(.serverRefused(code: code, message: message))
        case .badResponse: shell(.serverFailed("", status: nil))
        case .cancelled: shell(.cancelled)
        }
    }
}
