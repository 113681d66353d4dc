/// What a flag's value is, so that a completion script knows what to offer after it.
public enum OptionValue: Equatable, Sendable {
    /// The flag takes no value.
    case none
    /// One of these words (`--lang ko|en`), read from the vocabulary's enum.
    case words([String])
    /// A file name.
    case file
    /// A folder name.
    case directory
    /// Free text: nothing to offer.
    case text
}
