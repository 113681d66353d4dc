import BrainyKit

/// `repeat`: the open question spoken again (and shown again).
enum RepeatCommand: ShellCommand {
    static let name = CommandName.repeat
    static let aliases = ["again"]
    static let usage = "repeat"
    static let summary = Localized(ko: "문제를 다시 읽어 주기 (음성모드)", en: "hear the question again (voice mode)")
    static let details = Localized(ko: "소리가 나지 않는 컴퓨터에서는 글로 보여 주고, --audio-out 폴더가 있으면 WAV를 다시 씁니다.",
                                   en: "Without audio output the question is shown as text; with --audio-out the WAV is written again.")

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        guard let play = context.flow.play, play.current != nil else { throw BrainyError.nothingToResume }
        QuizRenderer(console: context.console).question(play, timer: context.flow.timerSeconds,
                                                        hidingText: context.isListening(play) && context.flow.state == .question,
                                                        canSpeak: context.voice.hearingLanguage(for: play) != nil)
        context.voice.speak(play)
        return .proceed
    }
}
