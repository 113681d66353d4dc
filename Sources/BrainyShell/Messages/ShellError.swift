import BrainyKit

/// What the shell itself refuses or meets: words typed, files, input, and the sync server as the shell sees it.
public enum ShellError: Error, Equatable, Sendable {
    /// `command` is not allowed in `state`; `allowed` is what is.
    case commandNotAllowed(CommandName, state: FlowState, allowed: [CommandName])
    /// A tester's command while the tester's switches are off.
    case qaOnly(CommandName)
    case unknownCommand(String, suggestion: String?)
    case missingArgument(command: String, usage: String)
    case invalidArgument(command: String, value: String, expected: [String])
    /// Too many words (a password typed on the command line, say).
    case tooManyArguments(command: String, usage: String)
    case alreadyAnswered
    /// In short answer, a bare line one edit from a command (`hnit`): asked about, not graded.
    case mistypedCommand(typed: String, command: String)
    case inputEnded
    case cancelled
    case fileNotReadable(String)
    /// A script file (`-f`) whose bytes are not UTF-8 text.
    case fileNotUTF8(String)
    /// A line longer than `limit` bytes: not run.
    case lineTooLong(limit: Int)
    case fileNotWritable(String)
    /// `record` at a path that is not a regular file (a device such as /dev/null, a folder, a pipe).
    case notARegularFile(String)
    case alreadyRecording(String)
    /// `record <file>`: the usage's placeholder typed as it stands, not a file name.
    case placeholderPath(String)
    /// `source FILE`: lines of the file failed (each was reported with its line as it ran).
    case sourcedFileFailed(String, failures: Int)
    /// `source` inside files sourced more than `limit` deep (a file that sources itself).
    case sourceNestedTooDeep(String, limit: Int)
    // Voice
    /// A program a feature needs is not installed; the Debian package that has it.
    case programMissing(String, package: String)
    case programFailed(String, status: Int32)
    /// No speech recognizer for the language (Korean today).
    case noRecognizer(Language)
    case notAWAVFile(String)
    case nothingHeard
    /// `speak` on a machine with no microphone (and no recording given with `--from`).
    case noMicrophone
    /// Ctrl-C while listening.
    case listeningStopped
    /// AI mode's knowledge base could not be read (the install is broken).
    case knowledgeBaseMissing(String)
    /// The transcription endpoint (`--asr-url`) failed: what went wrong, in English.
    case transcriptionFailed(String)
    // The sync server
    case noServer
    case needsServer(AuthProvider)
    case invalidServerURL(String)
    /// An environment variable that should hold seconds (BRAINY_SERVER_TIMEOUT…) holds something else; `fallback`
    /// is used instead.
    case invalidSeconds(variable: String, value: String, fallback: Int)
    case serverUnreachable(String)
    case serverTimedOut(String, seconds: Int)
    /// The server failed (5xx) or answered something unreadable.
    case serverFailed(String, status: Int?)
    /// 503: the server is up but cannot serve now (its database is away); nothing was taken, everything stays pending.
    case serverBusy(String)
    /// The server refused the request, with its (English) reason.
    case serverRefused(code: String, message: String)
    case remoteSessionEnded
    /// The keyring holding the sign-in's tokens does not answer (locked, or another login session): `logout` is
    /// refused rather than forget tokens the server still honours.
    case keyringUnavailableAtLogout
    /// The keyring holding the sign-in's tokens does not answer (locked, or another login session): the sign-in is
    /// still good, it cannot be used from here.
    case keyringUnavailable
    /// The sign-in's tokens are in the keyring but `secret-tool`, the shell's one way to it, is not installed (or
    /// cannot be started): install libsecret-tools; the sign-in on the server is still good.
    case secretToolMissing
    /// Said (not thrown) by a `logout` without `secret-tool`: signed out on this device only; the server was not
    /// told, so its sign-in stays valid until it expires, and the keyring keeps its item.
    case signedOutWithoutSecretTool
    case guestCannotSync
    case notOnServer(String)
    case providerNotOffered(AuthProvider)
    case signInDenied(AuthProvider)
    case signInTimedOut(AuthProvider)
    /// The browser sign-in was refused (declined at the provider, or its answer refused by the server); `reason` is the
    /// server's, in English, outside text shown cleaned.
    case browserSignInRefused(AuthProvider, reason: String)
    /// The server is set up for this provider neither through the browser nor through a device flow.
    case signInNotSetUp(AuthProvider)
    case signedInOnOtherServer(current: String, wanted: String)
}
