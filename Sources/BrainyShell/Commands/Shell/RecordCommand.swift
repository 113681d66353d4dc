import BrainyKit
import Foundation

/// `record FILE` … `record stop`: writes a transcript of what is typed and printed, which `brainy --check` replays.
enum RecordCommand: ShellCommand {
    static let name = CommandName.record
    static let stopWord = "stop"
    static let usage = "record <file> | record \(stopWord)"
    static let summary = Localized(ko: "입력과 출력을 기록 (brainy --check로 재생·비교)", en: "record what is typed and printed (replay and compare with brainy --check)")
    static let details = Localized(ko: "새 데이터베이스에서 시작해 기록하세요. 비밀번호는 기록되지 않습니다: 그 자리에 자리표시자(transcript-secret-1…)가 남고, --check는 그것을 비밀번호로 입력합니다.",
                                   en: "Record from a new database. Passwords are not recorded: a placeholder (transcript-secret-1, …) stands in their place, and --check types it as the password.")

    /// Not recording, `record stop` says so (a record of a record would not replay).
    static var quietExample: String { "record \(stopWord)" }

    static func completions(after previous: [String], in context: ShellContext) -> [String] {
        previous.isEmpty ? [stopWord] : []
    }

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        try record(arguments.words, in: context)
        return .proceed
    }

    /// The file a path names once its symbolic links are followed, even to a file not made yet (a few links deep).
    private static func followingLinks(_ url: URL) -> URL {
        var current = url
        for _ in 0..<8 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else { break }
            current = destination.hasPrefix("/") ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return current
    }

    private static func record(_ arguments: [String], in context: ShellContext) throws {
        let console = context.console
        guard let target = arguments.first else { throw missingArgument }
        if target.lowercased() == stopWord {
            guard let recorder = context.recorder else {
                return console.line(Localized(ko: "기록 중이 아닙니다.", en: "Not recording."))
            }
            try recorder.save()
            context.recorder = nil
            context.holdClock(false)
            // The path as typed may hold control characters: shown cleaned, as all text from outside.
            let path = OutsideText.clean(recorder.file.path)
            return console.line(Localized(ko: "\(path)에 명령 \(recorder.transcript.entries.count)개를 기록했습니다. 'brainy --check \(path)'로 다시 확인하세요.",
                                          en: "Recorded \(recorder.transcript.entries.count.counted("command")) to \(path). Check it with 'brainy --check \(path)'."))
        }
        if let recorder = context.recorder { throw ShellError.alreadyRecording(recorder.file.path) }
        // `record <file>` copied from the help as it stands would leave a file named "<file>" in the working folder
        // (one was committed once): the usage's placeholder is no file name.
        if target.hasPrefix("<") && target.hasSuffix(">") { throw ShellError.placeholderPath(target) }
        // The transcript replaces the file whole at every command (written beside it, then renamed over it): a
        // device such as /dev/null or a folder would be replaced too, so only a regular file, or a new one, is taken;
        // a symbolic link is followed to its file.
        let file = followingLinks(URL(fileURLWithPath: target))
        if let type = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType,
           type != .typeRegular {
            throw ShellError.notARegularFile(target)
        }
        let manual = context.runsOnManualClock
        if !manual { context.holdClock(true) }
        // The generator starts again from the recorded seed, as the replay will.
        var seeder = SystemRandomNumberGenerator()
        let seed = context.options.seed ?? seeder.next() >> 11
        context.reseed(seed)
        let header = Transcript.Header(seed: seed, clock: context.now, language: console.language, timeZone: context.timeZone,
                                       qa: context.options.qaEnabled, columns: context.columns,
                                       ads: context.options.adsEnabled)
        let recorder = TranscriptRecorder(file: file, header: header)
        try recorder.save()
        context.recorder = recorder
        let shown = OutsideText.clean(target)
        console.line(Localized(ko: "\(shown)에 기록합니다. 'record stop'으로 멈춥니다.", en: "Recording to \(shown). Stop with 'record stop'."))
        if context.flow.user != nil {
            console.line(console.paint(console.text(Localized(
                ko: "주의: 기록은 새 데이터베이스에서 재생됩니다. 로그인부터 기록하려면 새 --db로 시작하세요.",
                en: "Note: transcripts replay on a new database. To record from the start, open a new --db first.")), \.warning))
        }
        if !manual {
            console.line(console.paint(console.text(Localized(
                ko: "기록하는 동안 시계가 멈춥니다 (--clock과 --qa로 시작하면 'clock advance'로 옮길 수 있습니다).",
                en: "The clock stands still while recording (start with --clock and --qa to move it with 'clock advance').")), \.muted))
        }
    }
}
