/// What makes a pack's question unplayable: the rule it breaks. A pack holding one is refused whole.
public enum PackQuestionProblem: Equatable, Sendable {
    /// In a language, not four distinct options, or none of them the answer.
    case notFourDistinctOptionsWithTheAnswer
    /// The answer at one place among the Korean options and at another among the English ones.
    case answerAtDifferentPlaces
}
