import BrainyKit
import Foundation

/// `history <id>`: one quiz question by question, with what was answered and the right answer.
struct QuizDetail {
    let context: RecordsContext
    private var console: Console { context.console }

    func show(_ quiz: Quiz, _ answers: [AnswerRecord]) throws {
        let language = console.language
        let questions = try context.records.questions(ids: quiz.dealt.map(\.questionId))
        let byId = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if context.outputFormat != .table {
            let byPosition = Dictionary(answers.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
            let rows = quiz.dealt.enumerated().map { position, dealt -> Report.AnswerRow in
                let text = byId[dealt.questionId]?.text(in: language)
                let answer = byPosition[position]
                return Report.AnswerRow(position: position + 1, questionId: dealt.questionId, question: text?.text ?? "",
                                        given: answer?.givenAnswer, correctAnswer: text?.answer ?? "",
                                        outcome: answer?.outcome.rawValue, timeSpentSeconds: answer?.timeSpent,
                                        hintUsed: answer?.hintUsed ?? false, heard: answer?.heard)
            }
            if context.outputFormat == .json {
                return console.data(Report.json(Report.QuizDetail(quiz: Report.QuizRow(quiz), answers: rows)))
            }
            // Stored answers and pack texts are outside text: cleaned of terminal controls (JSON escapes them itself).
            return console.data(Report.plain(
                ["position", "question_id", "given", "correct_answer", "outcome", "time_spent_seconds", "hint_used", "heard"],
                rows.map { [String($0.position), OutsideText.clean($0.questionId), OutsideText.clean($0.given ?? ""),
                            OutsideText.clean($0.correctAnswer), $0.outcome ?? "",
                            $0.timeSpentSeconds.map { String(format: "%.1f", $0) } ?? "", $0.hintUsed ? "yes" : "no",
                            OutsideText.clean($0.heard ?? "")] }))
        }
        console.line(console.paint("\(quiz.category.name[language]) · \(quiz.type.name[language]) · \(quiz.format.name[language])"
            + (quiz.stage.map { " \($0)" } ?? "") + " — " + BrainyDateFormat.minute(quiz.startedAt, timeZone: context.timeZone), \.emphasis))
        console.line(console.text(Localized(ko: "점수 ", en: "Score ")) + "\(quiz.correctCount)/\(quiz.questionCount) · "
            + "\(Percent.text(quiz.accuracy)) · " + DurationFormat.short(quiz.duration, language)
            + (quiz.status == .abandoned ? console.text(Localized(ko: " · 그만둠", en: " · abandoned")) : ""))
        let byPosition = Dictionary(answers.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, dealt) in quiz.dealt.enumerated() {
            guard let question = byId[dealt.questionId] else { continue }
            let text = question.text(in: language)
            console.line()
            console.line(console.paint("\(position + 1). ", \.accent) + OutsideText.clean(text.text))
            guard let answer = byPosition[position] else {
                console.line(console.paint("   " + console.text(Localized(ko: "답하지 않음", en: "not answered")), \.muted))
                continue
            }
            var given = answer.givenAnswer
            if quiz.type.hasOptions {
                let shown = QuizPlay.shownOptions(of: question, dealt: dealt, in: language)
                let letters = OptionLabels.usesLetters([QuizPlay.shownOptions(of: question, dealt: dealt, in: .ko),
                                                        QuizPlay.shownOptions(of: question, dealt: dealt, in: .en)])
                let labels = OptionLabels.labels(count: shown.count, letters: letters)
                if let index = labels.firstIndex(of: given.uppercased()) { given = "\(labels[index])) " + shown[index] }
            }
            let mark: String
            switch answer.outcome {
            case .correct: mark = console.paint("✔", \.success)
            case .wrong: mark = console.paint("✘", \.failure)
            case .timedOut: mark = console.paint("⏱", \.warning)
            case .skipped: mark = console.paint("↷", \.muted)
            }
            let givenText = answer.outcome == .skipped
                ? console.text(Localized(ko: "(건너뜀)", en: "(skipped)")) : OutsideText.clean(given)
            console.line("   \(mark) " + console.text(Localized(ko: "내 답: ", en: "Yours: ")) + givenText
                         + "   " + console.text(Localized(ko: "정답: ", en: "Answer: ")) + OutsideText.clean(text.answer)
                         + "   " + DurationFormat.short(answer.timeSpent, language)
                         + (answer.hintUsed ? " 💡" : ""))
            if let heard = answer.heard {
                console.line(console.paint("     🎙 " + console.text(Localized(ko: "들은 말: ", en: "heard: ")) + OutsideText.clean(heard), \.muted))
            }
        }
    }
}
