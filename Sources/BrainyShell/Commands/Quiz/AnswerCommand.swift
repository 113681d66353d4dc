import BrainyKit
import Foundation

/// `answer <text or option number>`; while a question is open a bare line that is no command is an answer too.
enum AnswerCommand: ShellCommand {
    static let name = CommandName.answer
    static let usage = "answer <text or option number> | answer --audio <file.wav>"
    /// Takes the answer from a recording.
    static let audioFlag = "--audio"
    static let summary = Localized(ko: "답 제출 (문제 중에는 명령이 아닌 줄도 답으로 처리)", en: "submit (while a question is open, a line that is not a command is an answer too)")
    static let details = Localized(
        ko: "객관식은 번호나 보기 내용을, 주관식은 답을 입력합니다. --audio 파일.wav: 녹음한 답을 음성 인식으로 알아듣습니다 (영어).",
        en: "Multiple choice: a number or the option's text. Short answer: the answer. --audio FILE.wav: a recorded answer, recognized (English).")

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        guard previous.isEmpty else { return [] }
        guard let play = context.flow.play, play.quiz.type.hasOptions else { return [audioFlag] }
        return play.shownOptions(in: context.console.language) + [audioFlag]
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        if arguments.first?.lowercased() == audioFlag {
            guard arguments.count == 2, let path = arguments[1], let play = context.flow.play else {
                throw ShellError.missingArgument(command: name.rawValue, usage: "answer \(audioFlag) <file.wav>")
            }
            let spoken = try context.voice.answer(from: URL(fileURLWithPath: path), for: play)
            return try submit(spoken.answer, heard: spoken.heard, in: context)
        }
        return try submit(arguments.text, in: context)
    }

    /// A bare line while a question is open: the answer, unless in short answer it looks like a mistyped command
    /// (`hnit`), which is asked about and costs nothing.
    static func submitBareLine(_ line: String, in context: QuizContext) throws -> CommandOutcome {
        let text = line.trimmingCharacters(in: .whitespaces)
        if let play = context.flow.play, !play.quiz.type.hasOptions, let question = play.current,
           let command = MistypedCommand.meant(by: text, acceptedForms: question.acceptedForms) {
            throw ShellError.mistypedCommand(typed: text, command: command)
        }
        return try submit(text, in: context)
    }

    static func submit(_ text: String, heard: String? = nil, in context: QuizContext) throws -> CommandOutcome {
        guard !text.isEmpty else { throw BrainyError.emptyAnswer }
        try context.apply(.answerSubmitted(text, heard: heard, at: context.now))
        return .proceed
    }
}
