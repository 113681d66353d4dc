import BrainyKit
import Foundation

/// `speak [seconds]`: the answer said into the microphone, recognized, then graded like a typed one.
/// `speak --from FILE.wav` lets a recording stand in for the microphone (demos, tests, machines without one): it goes
/// through the same listening, cut at the silence after the first words.
enum SpeakCommand: ShellCommand {
    static let name = CommandName.speak
    static let usage = "speak [seconds] [--from <file.wav>]"
    /// A recording in place of the microphone.
    static let fromFlag = "--from"
    /// How long it listens at most, unless told (seconds).
    static let defaultLimit = 8
    static let longestLimit = 30
    static let summary = Localized(ko: "마이크로 답 말하기 (음성 인식)", en: "say your answer into the microphone (speech recognition)")
    static let details = Localized(
        ko: "말을 시작하면 듣고, 1초 동안 조용하면 멈춥니다 (최대 \(defaultLimit)초, 'speak 15'처럼 늘릴 수 있음, 최대 \(longestLimit)초). "
            + "Ctrl-C로 중단합니다. 마이크는 PulseAudio/PipeWire(parecord) 또는 ALSA(arecord)로 찾습니다. "
            + "--from 파일.wav: 녹음을 마이크 대신 듣습니다 (시연, 시험). 영어 인식은 PocketSphinx, --asr-url이 있으면 그 서버가 합니다.",
        en: "Listens from your first word until a second of silence (at most \(defaultLimit) s; 'speak 15' for longer, up to \(longestLimit) s). "
            + "Ctrl-C cancels. The microphone is found through PulseAudio/PipeWire (parecord) or ALSA (arecord). "
            + "--from FILE.wav: a recording stands in for the microphone (demos, tests). Recognized by PocketSphinx (English), "
            + "or by the --asr-url endpoint.")

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        previous.contains(fromFlag) && previous.last == fromFlag ? [] : [fromFlag]
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        guard let play = context.flow.play, play.current != nil else { throw BrainyError.nothingToResume }
        var limit = defaultLimit
        var recording: URL?
        var words = arguments.words[...]
        while let word = words.popFirst() {
            if word.lowercased() == fromFlag {
                guard let path = words.popFirst() else { throw missingArgument }
                recording = URL(fileURLWithPath: path)
            } else if let seconds = Int(word), (1...longestLimit).contains(seconds) {
                limit = seconds
            } else {
                throw ShellError.invalidArgument(command: name.rawValue, value: word,
                                                 expected: ["1–\(longestLimit)", "\(fromFlag) <file.wav>"])
            }
        }
        let spoken = try context.voice.listen(for: play, limit: Double(limit), from: recording)
        try context.apply(.answerSpoken(spoken.answer, heard: spoken.heard, at: context.now))
        return .proceed
    }
}
