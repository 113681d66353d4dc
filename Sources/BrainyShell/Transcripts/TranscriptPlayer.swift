import BrainyKit
import Foundation

/// Plays a transcript's entries through a shell session one at a time, on the database it is given, and hands back
/// what each printed (normalized as transcripts keep it). `brainy --check` and `brainy --paths` both play with it.
///
/// One directive is not a command: `\restart` closes the shell and opens a new one on the same database, as a person
/// does who quits and starts `brainy` again (the device's sign-in is restored; the config in force stays, as a config
/// fetched from a server would).
public final class TranscriptPlayer {
    public static let restart = "\\restart"

    private var services: ShellServices
    private let options: ShellOptions
    private let reader = ScriptedLineReader()
    private let language: Language
    private let observer: ((ShellTransition) -> Void)?
    /// The session the next entry runs in.
    public private(set) var session: ShellSession
    /// What the first session printed when it started (a restored sign-in, an expired one).
    public private(set) var startOutput = ""

    public init(services: ShellServices, options: ShellOptions, language: Language,
                observer: ((ShellTransition) -> Void)? = nil) {
        self.services = services
        self.options = options
        self.language = language
        self.observer = observer
        session = Self.makeSession(services, options, reader, language, observer)
        startOutput = start()
    }

    /// Runs one entry: a command with the inputs it reads, or the restart directive.
    public func play(_ command: String, inputs: [String]) -> (output: String, outcome: CommandOutcome) {
        if command == Self.restart {
            services.config = session.config
            session = Self.makeSession(services, options, reader, language, observer)
            return (start(), .proceed)
        }
        reader.inputs = inputs
        let console = session.console
        console.beginSegment()
        var outcome = CommandOutcome.proceed
        do {
            outcome = try session.execute(command)
        } catch {
            console.error(console.text(session.message(for: error)))
        }
        return (Transcript.normalized(console.endSegment()), outcome)
    }

    private func start() -> String {
        session.console.beginSegment()
        do {
            try session.restoreSession()
        } catch {
            session.console.error(session.console.text(session.message(for: error)))
        }
        return Transcript.normalized(session.console.endSegment())
    }

    private static func makeSession(_ services: ShellServices, _ options: ShellOptions, _ reader: ScriptedLineReader,
                                    _ language: Language, _ observer: ((ShellTransition) -> Void)?) -> ShellSession {
        let console = Console(language: language, theme: .system, colorEnabled: false, capturing: true)
        let session = ShellSession(services: services, options: options, reader: reader, console: console)
        session.transitionObserver = observer
        return session
    }
}
