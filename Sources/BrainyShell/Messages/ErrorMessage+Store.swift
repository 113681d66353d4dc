import BrainyKit

/// The store's errors (`StoreError`): the database file, its folder and disk, other shells on the same file, and
/// the question pack it imports.
extension ErrorMessage {
    /// A write stopped by the process's file-size limit: what it is, and how to lift it.
    static func fileSizeLimitReached(_ limit: UInt64) -> Localized {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(max(1, limit >> 10)) KB"
        return Localized(
            ko: "파일 크기 제한(ulimit -f, \(size))에 걸려 데이터베이스에 쓰지 못했습니다. 이 셸은 그보다 큰 파일을 쓸 수 없습니다. 'ulimit -f unlimited'로 제한을 풀거나 더 크게 한 뒤 brainy를 다시 실행하세요. 저장된 내용은 그대로 있습니다.",
            en: "The database could not be written: it reached the file size limit (ulimit -f, \(size)), and this shell may not write a larger file. Lift the limit with 'ulimit -f unlimited' (or raise it), then start brainy again. Everything saved so far is kept.")
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
        case let .invalidPack(id, .notFourDistinctOptionsWithTheAnswer):
            return Localized(ko: "문제 팩이 올바르지 않습니다: 문제 \(id)에는 서로 다른 보기 네 개가 있어야 하고, 그중 하나가 정답이어야 합니다.",
                             en: "The question pack is not valid: question \(id) needs four distinct options, one of them the answer.")
        case let .invalidPack(id, .answerAtDifferentPlaces):
            return Localized(ko: "문제 팩이 올바르지 않습니다: 문제 \(id)의 정답이 한국어 보기와 영어 보기에서 다른 자리에 있습니다.",
                             en: "The question pack is not valid: question \(id) has its answer at one place among the Korean options and at another among the English ones.")
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
}
