import BrainyKit
import Foundation

/// Turns a planned path into a transcript by playing it through a real shell on a new database (seed and clock
/// fixed, the tester's switches on), choosing right and wrong answers against the question on screen. Every step must
/// take exactly the transitions the table predicted; the last one takes the path's transition.
public enum PathWriter {
    /// How generated transcripts run.
    public static let header = Transcript.Header(
        seed: 7, clock: ISO8601Time.date(from: "2026-01-05T09:00:00Z") ?? Date(timeIntervalSince1970: 1_767_603_600),
        language: .en, timeZone: TimeZone(identifier: "GMT") ?? .gmt, qa: true, columns: 100, ads: true)

    public struct Failure: Error, CustomStringConvertible {
        public var transition: ShellTransition
        /// What went wrong making its transcript, in both languages (`TranscriptMessage.noPath` says it).
        public var message: Localized
        public var description: String { "\(transition.label): \(message.en)" }
    }

    public struct Result {
        public var written: [URL]
        public var failures: [Failure]
        public var unreachable: [ShellTransition]
    }

    /// Writes one transcript per transition of the table into `folder`; `makeServices` gives each path a new
    /// database with the bundled pack (and a way to remove it).
    public static func writeAll(to folder: URL,
                                makeServices: () throws -> (services: ShellServices, remove: () -> Void)) -> Result {
        let plan = PathPlanner.plan()
        var result = Result(written: [], failures: [], unreachable: plan.unreachable)
        let recordings = folder.appendingPathComponent("recordings", isDirectory: true)
        for path in plan.paths {
            do {
                let (services, remove) = try makeServices()
                defer { remove() }
                let transcript = try transcript(for: path, services: services, recordings: recordings)
                let file = folder.appendingPathComponent(fileName(for: path.transition))
                try Data(transcript.text.utf8).write(to: file, options: .atomic)
                result.written.append(file)
            } catch let failure as Failure {
                result.failures.append(failure)
            } catch {
                result.failures.append(Failure(transition: path.transition, message: ErrorMessage.of(error)))
            }
        }
        return result
    }

    /// `question--answer--answered.transcript`, `home--maintenance-on--maintenance.transcript`.
    public static func fileName(for transition: ShellTransition) -> String {
        let trigger = transition.trigger.label.filter { $0 != "(" && $0 != ")" }.replacingOccurrences(of: " ", with: "-")
        return "\(transition.from.rawValue)--\(trigger)--\(transition.to.rawValue).transcript"
    }

    static func transcript(for path: PathPlanner.Path, services: ShellServices,
                           recordings: URL) throws(Failure) -> Transcript {
        var options = ShellOptions(seed: header.seed, languageOverride: header.language, timeZone: header.timeZone,
                                   qaEnabled: header.qa, columnsOverride: header.columns)
        options.adsEnabled = header.ads
        let taken = TakenTransitions()
        let player = TranscriptPlayer(services: services, options: options, language: header.language,
                                      observer: { taken.list.append($0) })
        var transcript = Transcript(header: header)
        for (index, step) in path.steps.enumerated() {
            taken.list = []
            for line in step.lines {
                // A spoken answer the recognizer did not catch is said again, a little slower or faster, as a person
                // would (the shell refuses what it cannot tell from the options; the transcript keeps each try).
                let attempts = if case .speak = line { speakingRates.count } else { 1 }
                for attempt in 0..<attempts {
                    let before = taken.list.count
                    let (command, inputs) = try written(line, in: player.session, path.transition, recordings: recordings,
                                                        attempt: attempt)
                    let (output, _) = player.play(command, inputs: inputs)
                    transcript.entries.append(Transcript.Entry(command: command, inputs: inputs, output: output))
                    if taken.list.count > before { break }
                }
            }
            guard taken.list == step.transitions else {
                let command = transcript.entries.last?.command ?? ""
                let expected = step.transitions.map(\.label).joined(separator: ", ")
                let took = taken.list.map(\.label).joined(separator: ", ")
                throw Failure(transition: path.transition, message: Localized(
                    ko: "\(index + 1)번째 단계(\(command))는 \(expected) 전이를 거쳐야 했는데 \(took) 전이를 거쳤습니다",
                    en: "step \(index + 1) (\(command)) was to take \(expected) but took \(took)"))
            }
        }
        guard path.steps.last?.transitions.contains(path.transition) == true else {
            throw Failure(transition: path.transition, message: Localized(ko: "경로의 끝에서 그 전이를 거치지 않습니다",
                                                                         en: "the path does not end by taking it"))
        }
        return transcript
    }

    /// A line as typed: an answer chosen right or wrong against the open question, the restart directive as it is.
    /// The speeds (words a minute) a spoken answer is recorded at, the first first.
    static let speakingRates = [150, 175, 130, 200]

    private static func written(_ line: PlanStep.Line, in session: ShellSession, _ transition: ShellTransition,
                                recordings: URL, attempt: Int = 0) throws(Failure) -> (String, [String]) {
        switch line {
        case let .command(command, inputs):
            return (command, inputs)
        case .restart:
            return (TranscriptPlayer.restart, [])
        case let .answer(right):
            guard let play = session.flow.play, play.current != nil else {
                throw Failure(transition: transition, message: Localized(ko: "답할 문제가 열려 있지 않았습니다",
                                                                             en: "no question was open to answer"))
            }
            let labels = play.optionLabels
            guard !labels.isEmpty else {
                throw Failure(transition: transition, message: Localized(ko: "문제에 보기가 없습니다", en: "the question has no options"))
            }
            let chosen = right ? play.correctPosition : (play.correctPosition + 1) % labels.count
            return ("answer \(labels[chosen])", [])
        case let .speak(right):
            guard let play = session.flow.play, play.current != nil, !play.optionLabels.isEmpty else {
                throw Failure(transition: transition, message: Localized(ko: "보기가 있는 문제가 열려 있지 않았습니다",
                                                                             en: "no question with options was open to answer"))
            }
            let chosen = right ? play.correctPosition : (play.correctPosition + 1) % play.optionLabels.count
            let said = play.usesLetterLabels ? play.optionLabels[chosen] : NumberWords.english[chosen]
            do {
                let file = try recording(of: said, in: recordings, rate: speakingRates[attempt % speakingRates.count])
                return ("\(SpeakCommand.name.rawValue) \(SpeakCommand.fromFlag) \(file.path)", [])
            } catch {
                throw Failure(transition: transition, message: Localized(ko: "\(Josa.attach("'\(said)'", .object)) 녹음하지 못했습니다: ",
                                                                         en: "could not record '\(said)': ")
                                  + ErrorMessage.of(error))
            }
        }
    }

    /// `said` spoken by eSpeak NG in US English, made once into `folder`.
    private static func recording(of said: String, in folder: URL, rate: Int) throws -> URL {
        let file = folder.appendingPathComponent(rate == speakingRates[0] ? "\(said.lowercased()).wav"
                                                 : "\(said.lowercased())-\(rate).wav")
        if FileManager.default.fileExists(atPath: file.path) { return file }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ESpeakSynthesizer().synthesize(said, language: .en, wordsPerMinute: rate, to: file)
        return file
    }
}

/// The transitions one step took, as the session told them.
private final class TakenTransitions {
    var list: [ShellTransition] = []
}
