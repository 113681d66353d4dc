/// What a repository can fail with: the store's errors, declared beside the protocols it implements.
public enum StoreError: Error, Equatable, Sendable {
    /// The database refused or failed (its own words).
    case database(String)
    /// The file is not a Brainy database, or it is damaged; it was left untouched.
    case notABrainyDatabase(path: String)
    /// The path names a folder, not a file.
    case databaseIsFolder(path: String)
    /// The folder meant to hold the database does not exist.
    case folderMissing(path: String)
    /// A question pack that does not pass validation: the question and the rule it breaks.
    case invalidPack(questionId: String, PackQuestionProblem)
    /// A question pack's file (or its manifest) that could not be read: an entry not in its list, missing or of the
    /// wrong kind, a file that is not JSON or cannot be read at all.
    case invalidPackEntry(PackEntryProblem)
    /// An account with this email exists already.
    case emailTaken(String)
    /// No account has this id.
    case unknownUser(String)
    /// The database (or the folder beside it that holds quiz claims) can only be read: nothing can be saved.
    case readOnly(path: String)
    /// The database file could not be opened (missing folder, no permission, too many open files).
    case cannotOpen(path: String)
    /// Another shell kept the database busy for longer than the wait allows.
    case busy
    /// The disk (or the file system's quota) is full.
    case diskFull
    /// Reading or writing the file failed at the operating system (a disk error, a file removed under the shell).
    case ioFailure
    /// A quiz claim could not be taken for a reason other than another shell holding it (the system's words).
    case claimFailed(String)
    /// A new quiz's id is used (or being used) already; drawing another one is the way out.
    case quizIdTaken(String)
    /// This shell does not hold the quiz (another shell has it open): nothing of it may be written from here.
    case quizHeldElsewhere(quizId: String)
    /// A different answer to the same question of the quiz is stored already (written by another shell).
    case answerConflict(quizId: String, position: Int)
    /// The database file is no longer the file at its path (replaced, moved or removed while the shell had it open):
    /// nothing more is written to it. `copy`: where everything the shell had saved was copied, when it could be.
    case databaseReplaced(path: String, copy: String?)
    /// The database file has other names (hard links): SQLite keeps its log and its locks by name, so shells using two
    /// names would damage it. Nothing is written while it has more than one.
    case databaseHasOtherNames(path: String, names: Int)
    /// An empty file where a Brainy database was kept (its quiz claims or its log are beside it): left untouched
    /// rather than made into a new database over what looks like a replaced one.
    case databaseEmptied(path: String)
    /// The device's sign-in this shell writes for was ended elsewhere (another shell's `logout`, or its sign-in as
    /// someone else): nothing was written.
    case signedOutElsewhere

    /// Whether the database itself cannot be used (rather than one request refused): scripts exit with 3 for it.
    public var meansDatabaseUnusable: Bool {
        switch self {
        case .database, .notABrainyDatabase, .databaseIsFolder, .folderMissing, .readOnly, .cannotOpen, .busy,
             .diskFull, .ioFailure, .databaseReplaced, .databaseHasOtherNames, .databaseEmptied:
            true
        case .invalidPack, .invalidPackEntry, .emailTaken, .unknownUser, .claimFailed, .quizIdTaken, .quizHeldElsewhere, .answerConflict,
             .signedOutElsewhere:
            false
        }
    }
}
