import BrainyKit
import Foundation

/// `history <id> --replay`: the quiz again, question by question, with what was answered.
struct QuizReplay {
    let context: RecordsContext
    private var console: Console { context.console }

    /// `history <id> --replay`: the quiz again, question by question, with what was answered; on a terminal Enter
    /// moves on and `q` stops.
    func play(_ quiz: Quiz, _ answers: [AnswerRecord]) throws {
        let language = console.language
        let questions = try context.records.questions(ids: quiz.dealt.map(\.questionId))
        let byId = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let byPosition = Dictionary(answers.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        console.line(console.paint("▶ " + BrainyDateFormat.minute(quiz.startedAt, timeZone: context.timeZone) + " · "
            + "\(quiz.category.name[language]) · \(quiz.type.name[language]) · \(quiz.correctCount)/\(quiz.questionCount)", \.accent))
        questions: for (position, dealt) in quiz.dealt.enumerated() {
            guard let question = byId[dealt.questionId] else { continue }
            let text = question.text(in: language)
            let answer = byPosition[position]
            console.line()
            console.line(console.paint("[\(position + 1)/\(quiz.questionCount)] ", \.muted) + console.paint(OutsideText.clean(text.text, keepingLines: true), \.emphasis))
            if quiz.type.hasOptions {
                let shown = QuizPlay.shownOptions(of: question, dealt: dealt, in: language)
                let letters = OptionLabels.usesLetters([QuizPlay.shownOptions(of: question, dealt: dealt, in: .ko),
                                                        QuizPlay.shownOptions(of: question, dealt: dealt, in: .en)])
                let labels = OptionLabels.labels(count: shown.count, letters: letters)
                for (index, option) in shown.enumerated() {
                    let chosen = answer?.givenAnswer.uppercased() == labels[index]
                    let correct = option == text.answer
                    let mark = correct ? console.paint("✔", \.success) : (chosen ? console.paint("✘", \.failure) : " ")
                    console.line("  \(mark) \(labels[index])) \(OutsideText.clean(option))" + (chosen ? console.paint("  ←", \.accent) : ""))
                }
            } else if let answer {
                console.line(console.text(Localized(ko: "  내 답: ", en: "  Yours: ")) + OutsideText.clean(answer.givenAnswer))
            }
            switch answer?.outcome {
            case .correct?: console.line(console.paint("  ✔ " + console.text(Localized(ko: "정답", en: "right")), \.success))
            case .wrong?: console.line(console.paint("  ✘ " + console.text(Localized(ko: "오답", en: "wrong")), \.failure))
            case .timedOut?: console.line(console.paint("  ⏱ " + console.text(Localized(ko: "시간 초과", en: "time was up")), \.warning))
            case .skipped?: console.line(console.paint("  ↷ " + console.text(Localized(ko: "건너뜀", en: "skipped")), \.muted))
            case nil: console.line(console.paint("  " + console.text(Localized(ko: "답하지 않음", en: "not answered")), \.muted))
            }
            console.line(console.text(Localized(ko: "  정답: ", en: "  Answer: ")) + OutsideText.clean(text.answer)
                         + (answer.map { "   " + DurationFormat.short($0.timeSpent, language) } ?? ""))
            if !text.explanation.isEmpty { console.line(console.paint("  " + OutsideText.clean(text.explanation, keepingLines: true), \.muted)) }
            if context.isInteractive, position < quiz.dealt.count - 1 {
                switch context.askLine(Localized(ko: "[Enter] 다음 · q 그만 ", en: "[Enter] next · q stop ")) {
                case let .line(text) where text.lowercased().hasPrefix("q"): break questions
                case .line: continue questions
                case .cancelled, .end: break questions
                }
            }
        }
    }
}
