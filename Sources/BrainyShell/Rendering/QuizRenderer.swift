import BrainyKit
import Foundation

/// Shows questions, feedback, hints and summaries.
struct QuizRenderer {
    let console: Console

    private var language: Language { console.language }

    /// The open question; with `hidingText` (voice mode's listening quiz) only where it stands, the text and the
    /// options being heard, not read.
    /// `canSpeak`: a spoken answer can be heard (voice mode invites `speak` only then).
    func question(_ play: QuizPlay, timer: Int, hidingText: Bool = false, canSpeak: Bool = true) {
        guard let question = play.current else { return }
        let text = question.text(in: language)
        let progress = "[\(play.index + 1)/\(play.questions.count)]"
        var head = "\(progress) \(play.quiz.category.name[language]) · \(question.difficulty.name[language])"
        if let stage = play.quiz.stage { head += " · " + Localized(ko: "스테이지 \(stage)", en: "stage \(stage)")[language] }
        if timer > 0 { head += " · ⏱ " + Localized(ko: "\(timer)초", en: "\(timer)s")[language] }
        console.line()
        console.line(console.paint(head, \.muted))
        if hidingText {
            console.line(console.paint("🎧 " + console.text(Localized(
                ko: "듣고 답하세요: 번호나 보기 (repeat, hint, skip)", en: "Listen, then answer: a number or the option (repeat, hint, skip)")),
                \.muted))
            return
        }
        // A pack's texts come from outside (a server's pack, a file): cleaned of terminal controls before shown.
        console.line(console.paint(OutsideText.clean(text.text, keepingLines: true), \.emphasis))
        if play.quiz.type.hasOptions {
            let labels = play.optionLabels
            for (position, option) in play.shownOptions(in: language).enumerated() {
                if play.removedPositions.contains(position) {
                    console.line(console.paint("  \(labels[position])) ─", \.muted))
                } else {
                    console.line("  \(console.paint("\(labels[position]))", \.accent)) \(OutsideText.clean(option))")
                }
            }
            let what = play.usesLetterLabels
                ? Localized(ko: "A–D나 보기를 입력하세요", en: "Type a letter A–D or the option")
                : Localized(ko: "번호나 보기를 입력하세요", en: "Type a number or the option")
            // In voice mode the answer may also be spoken, and the question heard again.
            let extras = play.quiz.type == .voice && canSpeak
                ? Localized(ko: ", 또는 speak로 말하세요 (answer --audio 파일.wav, repeat, hint, skip)",
                            en: ", or say it: speak (answer --audio FILE.wav, repeat, hint, skip)")
                : Localized(ko: " (hint, skip)", en: " (hint, skip)")
            console.line(console.paint(console.text(what + extras), \.muted))
        } else {
            if play.hintUsedOnCurrent {
                // A hint used before the shell was closed is shown again.
                console.line(console.paint("💡 " + console.text(Localized(ko: "힌트: ", en: "Hint: "))
                                           + HintMaker.textHint(for: text.answer), \.warning))
            }
            console.line(console.paint(console.text(Localized(
                ko: "답을 입력하세요 (hint, skip)", en: "Type your answer (hint, skip)")), \.muted))
        }
    }

    func feedback(_ feedback: AnswerFeedback, isLast: Bool, showingQuestion: Bool = false) {
        let text = feedback.question.text(in: language)
        if showingQuestion { console.line(console.paint(OutsideText.clean(text.text, keepingLines: true), \.emphasis)) }
        let record = feedback.record
        switch record.outcome {
        case .correct:
            console.line(console.paint("✔ " + console.text(Localized(ko: "정답입니다!", en: "Correct!")), \.success))
        case .wrong:
            console.line(console.paint("✘ " + console.text(Localized(ko: "오답입니다.", en: "Not quite.")), \.failure))
        case .skipped:
            console.line(console.paint("⏭ " + console.text(Localized(
                ko: "건너뛰었습니다 (오답으로 처리됩니다).", en: "Skipped (it counts as not right).")), \.warning))
        case .timedOut where feedback.closedByTimer:
            console.line(console.paint("⏱ " + console.text(Localized(
                ko: "시간이 다 됐습니다 (제한 \(feedback.timeLimit)초). 오답으로 처리됩니다.",
                en: "Time is up (limit \(feedback.timeLimit)s). It counts as wrong.")), \.warning))
        case .timedOut:
            let spent = String(format: "%.1f", record.timeSpent)
            console.line(console.paint("⏱ " + console.text(Localized(
                ko: "시간 초과: \(spent)초 걸렸습니다 (제한 \(feedback.timeLimit)초). 오답으로 처리됩니다.",
                en: "Time is up: you took \(spent)s (limit \(feedback.timeLimit)s). It counts as wrong.")), \.warning))
        }
        var answer = OutsideText.clean(text.answer)
        if let label = feedback.correctLabel ?? feedback.correctNumber.map(String.init) { answer = "\(label)) \(answer)" }
        console.line(console.text(Localized(ko: "정답: ", en: "Answer: ")) + console.paint(answer, \.emphasis))
        if !text.explanation.isEmpty {
            console.line(console.paint(console.text(Localized(ko: "해설: ", en: "Why: ")) + OutsideText.clean(text.explanation, keepingLines: true), \.muted))
        }
        // A skip goes on to the next question (or the result) by itself.
        guard record.outcome != .skipped else { return }
        console.line(console.paint(console.text(isLast
            ? Localized(ko: "'next'로 결과를 보세요.", en: "Type 'next' to see your result.")
            : Localized(ko: "'next'로 다음 문제.", en: "Type 'next' for the next question.")), \.muted))
    }

    func hint(_ hint: Hint, play: QuizPlay, creditsLeft: Int) {
        let left = Localized(ko: " (남은 힌트 \(creditsLeft)개)", en: " (\(creditsLeft) hint\(creditsLeft == 1 ? "" : "s") left)")
        switch hint {
        case let .removedOptions(positions):
            let labels = play.optionLabels
            let removed = positions.map { labels[$0] }.joined(separator: ", ")
            console.line(console.paint("💡 " + console.text(Localized(ko: "오답 보기 \(positions.count)개(\(removed))를 지웠습니다.", en: "Removed wrong options \(removed).") + left), \.warning))
            for (position, option) in play.shownOptions(in: language).enumerated() where !positions.contains(position) {
                console.line("  \(console.paint("\(labels[position]))", \.accent)) \(option)")
            }
        case let .text(text):
            console.line(console.paint("💡 " + console.text(Localized(ko: "힌트: ", en: "Hint: ")) + text[language] + console.text(left), \.warning))
        }
    }

    func summary(_ summary: QuizSummary) {
        let quiz = summary.quiz
        let percent = Int((quiz.accuracy * 100).rounded())
        console.line()
        console.line(console.paint("━━ " + console.text(Localized(ko: "퀴즈 결과", en: "Quiz result")) + " ━━", \.accent))
        console.line(console.text(Localized(ko: "점수: ", en: "Score: ")) + console.paint("\(quiz.correctCount)/\(quiz.questionCount)", \.emphasis)
                     + "   " + console.text(Localized(ko: "정답률: ", en: "Accuracy: ")) + "\(percent)%  " + TableRenderer.bar(quiz.accuracy, width: 10))
        console.line(console.text(Localized(ko: "걸린 시간: ", en: "Time: ")) + DurationFormat.short(quiz.duration, language))
        switch summary.stagePassed {
        case true?:
            console.line(console.paint("🎉 " + console.text(Localized(
                ko: "스테이지 \(quiz.stage ?? 0) 통과! 다음 스테이지가 열렸습니다. 'start'로 계속하세요.",
                en: "Stage \(quiz.stage ?? 0) cleared! The next stage is unlocked. Type 'start' to go on.")), \.success))
        case false?:
            console.line(console.paint(console.text(Localized(
                ko: "스테이지 \(quiz.stage ?? 0) 실패 (4문제 이상 맞혀야 통과). 'start'로 다시 도전하세요.",
                en: "Stage \(quiz.stage ?? 0) not passed (four right needed). Type 'start' to try again.")), \.warning))
        case nil:
            console.line(console.paint(console.text(Localized(
                ko: "'start'로 한 번 더, 'history'로 기록 보기.", en: "Type 'start' to play again, 'history' to look back.")), \.muted))
        }
        if summary.hintEarned {
            console.line(console.paint("💡 " + console.text(Localized(ko: "80% 이상! 힌트 1개를 얻었습니다.", en: "80% or more! You earned a hint.")), \.accent))
        }
    }

    func abandoned(_ quiz: Quiz) {
        console.line(Localized(
            ko: "퀴즈를 그만두었습니다 (\(quiz.answeredCount)/\(quiz.questionCount)문제 답함). 'start'로 새로 시작하세요.",
            en: "Quiz abandoned (\(quiz.answeredCount) of \(quiz.questionCount) answered). Type 'start' to begin again."))
    }
}

/// Durations as people read them: 45.2s, 3m 05s, 1h 02m.
public enum DurationFormat {
    public static func short(_ seconds: Double, _ language: Language) -> String {
        let total = Int(seconds.rounded())
        if seconds < 60 { return String(format: "%.1f", seconds) + (language == .ko ? "초" : "s") }
        if total < 3600 {
            return language == .ko ? "\(total / 60)분 \(String(format: "%02d", total % 60))초"
                : "\(total / 60)m \(String(format: "%02d", total % 60))s"
        }
        return language == .ko ? "\(total / 3600)시간 \(String(format: "%02d", total % 3600 / 60))분"
            : "\(total / 3600)h \(String(format: "%02d", total % 3600 / 60))m"
    }
}
