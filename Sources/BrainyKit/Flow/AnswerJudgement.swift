/// What an answer typed to the open question means: whether it is right, and how it is recorded and shown. A
/// multiple-choice answer may be an option's label, its number or its text (in either language), or the right
/// answer typed another way; anything else is refused and the question stays open.
struct AnswerJudgement {
    var correct: Bool
    /// As recorded: the option's label for a pick, else the text typed.
    var given: String
    /// The option picked, in English, else the text typed.
    var answerText: String
    /// Multiple choice: the right option's number and label as shown.
    var correctNumber: Int?
    var correctLabel: String?

    /// Judges `trimmed` (not empty, already checked) as an answer to `question`, open in `play`.
    init(_ trimmed: String, to question: Question, in play: QuizPlay) throws(BrainyError) {
        given = trimmed
        answerText = trimmed
        guard play.quiz.type.hasOptions else {
            correct = AnswerGrader.isCorrect(trimmed, for: question)
            return
        }
        let shownKo = play.shownOptions(in: .ko)
        let shownEn = play.shownOptions(in: .en)
        let letters = play.usesLetterLabels
        let labels = play.optionLabels
        var pick = OptionPicker.pick(trimmed, shown: shownKo, letters: letters)
        if pick == .noMatch { pick = OptionPicker.pick(trimmed, shown: shownEn, letters: letters) }
        switch pick {
        case let .position(position):
            // An option the hint removed is no longer one to choose.
            if play.removedPositions.contains(position) {
                let remaining = labels.indices.filter { !play.removedPositions.contains($0) }.map { labels[$0] }
                throw .optionRemoved(labels[position], remaining: remaining)
            }
            correct = position == play.correctPosition
            given = labels[position]
            answerText = shownEn[position]
        case let .outOfRange(number):
            // "100" for the option "100도": the right answer typed another way still counts.
            guard AnswerGrader.isCorrect(trimmed, for: question) else {
                throw .optionOutOfRange(number, count: shownKo.count)
            }
            correct = true
        case .noMatch:
            // Not one of the options: the right answer typed another way still counts; anything else is refused
            // and the question stays open (a typo of a command must not cost the question).
            guard AnswerGrader.isCorrect(trimmed, for: question) else {
                throw .notAnOption(trimmed, labels: labels)
            }
            correct = true
        }
        correctNumber = play.correctPosition + 1
        correctLabel = labels[play.correctPosition]
    }
}
