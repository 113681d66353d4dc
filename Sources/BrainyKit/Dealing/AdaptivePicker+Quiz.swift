/// A whole adaptive quiz, and what each quiz type prefers: the picker's choices turned into dealt questions.
extension AdaptivePicker {
    /// `count` questions for `player` among `candidates`: `made` (questions just made for this player by a language
    /// model) first, then the picker's, each with its option order. Throws when there is nothing to deal.
    public static func dealQuiz(_ count: Int, for player: Rating, among candidates: [String: Rating], type: QuizType,
                                category: QuizCategory, made: [String] = [],
                                using generator: inout SeededGenerator) throws(BrainyError) -> [DealtQuestion] {
        let made = Array(made.prefix(count))
        var candidates = candidates
        for id in made { candidates[id] = nil }
        guard !candidates.isEmpty || !made.isEmpty else { throw .noQuestions(category) }
        let picked = deal(count - made.count, for: player, among: candidates, preferring: preferred(for: type),
                          after: made, using: &generator)
        return QuestionDealer.dealInOrder(made + picked, using: &generator)
    }

    /// The question to ask next, after `asked`, for the player's rating now, with its option order; nil when no
    /// candidate is left.
    public static func dealNext(for player: Rating, among candidates: [String: Rating], type: QuizType,
                                after asked: [String], using generator: inout SeededGenerator) -> DealtQuestion? {
        guard let id = next(for: player, among: candidates, preferring: preferred(for: type), after: asked,
                            using: &generator) else { return nil }
        return QuestionDealer.dealInOrder([id], using: &generator).first
    }

    /// AI mode prefers the questions made for it; the other types have only the bank's.
    public static func preferred(for type: QuizType) -> (String) -> Bool {
        type == .ai ? { $0.hasPrefix("ai-") } : { _ in true }
    }
}
