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
    /// A question pack that does not pass validation.
    case invalidPack(String)
    /// An account with this email exists already.
    case emailTaken(String)
    /// No account has this id.
    case unknownUser(String)
}
