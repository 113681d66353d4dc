import Foundation

/// A generated question and where it came from: "kb:<template id>:<entity id>".
public struct GeneratedQuestion: Sendable, Equatable {
    public var question: Question
    public var provenance: String

    public init(question: Question, provenance: String) {
        self.question = question
        self.provenance = provenance
    }
}

/// AI mode's bundled question generator (issue 11): questions made from the knowledge base by templates (see
/// `QuestionTemplate` for the list, their categories and difficulties).
///
/// Every question is multiple choice (four options, the answer among them, in an order drawn with the generator,
/// the same in both languages) and works as short answer (the answer and its alternatives from the knowledge base,
/// the other language's forms included). Ids are `ai-<template>-<entity id>` (`ai-capital-jp`), the same on every
/// run. `voice` is set when every English option reads aloud as written (`QuestionDraft.isPlain`).
public enum QuestionGenerator {
    /// Every question the templates make for `category`, in a stable order (templates in order, then the knowledge
    /// base's order); each question's distractors and option order are drawn from a generator seeded by its id, so
    /// the list is the same on every run.
    public static func all(from knowledge: KnowledgeBase, category: QuizCategory) -> [GeneratedQuestion] {
        drafts(from: knowledge, category: category).map { draft in
            var generator = SeededGenerator(seed: Draw.seed(draft.id))
            return draft.build(using: &generator)
        }
    }

    /// The questions AI mode ships ready-made for `category` (Resources/Knowledge/questions): every one the templates
    /// make that passes the validator and repeats no question of `bank`, in the stable order of `all`.
    public static func readyMade(from knowledge: KnowledgeBase, category: QuizCategory, bank: [Question]) -> [Question] {
        let valid = all(from: knowledge, category: category).map(\.question).filter { QuestionValidator.problems($0).isEmpty }
        return notRepeating(valid, bankTexts: Set(bank.flatMap { [$0.ko.text, $0.en.text] }))
    }

    /// `questions` without those whose text, in either language, is one of `bankTexts` once normalized
    /// (`QuestionValidator.normalizedText`): AI mode never offers a question the bank already has.
    public static func notRepeating(_ questions: [Question], bankTexts: Set<String>) -> [Question] {
        let normalized = Set(bankTexts.map(QuestionValidator.normalizedText))
        return questions.filter {
            !normalized.contains(QuestionValidator.normalizedText($0.ko.text))
                && !normalized.contains(QuestionValidator.normalizedText($0.en.text))
        }
    }

    /// Up to `count` questions for `category`, drawn with `generator` (the same seed gives the same questions), none
    /// whose normalized question text (either language) is in `excludingTexts` and none whose id is in `excludingIds`,
    /// preferring `difficulty` when given: questions of that difficulty first, then the nearer difficulties, the easier
    /// of two as near (for medium: easy, then hard). No id or normalized text comes twice. `excludingTexts` may hold
    /// texts as shown or already normalized (`QuestionValidator.normalizedText`).
    public static func generate<G: RandomNumberGenerator>(
        count: Int, category: QuizCategory, difficulty: Difficulty?, from knowledge: KnowledgeBase,
        excludingIds: Set<String>, excludingTexts: Set<String>, using generator: inout G
    ) -> [GeneratedQuestion] {
        guard count > 0 else { return [] }
        let excludedTexts = Set(excludingTexts.map(QuestionValidator.normalizedText))
        let eligible = drafts(from: knowledge, category: category).filter { draft in
            !excludingIds.contains(draft.id)
                && !excludedTexts.contains(QuestionValidator.normalizedText(draft.text.ko))
                && !excludedTexts.contains(QuestionValidator.normalizedText(draft.text.en))
        }
        var ordered: [QuestionDraft]
        if let difficulty {
            // Nearest difficulty first; among equally near ones the easier first.
            let groups = Dictionary(grouping: eligible) { draft in
                abs(draft.difficulty.rank - difficulty.rank) * 2 + (draft.difficulty < difficulty ? 0 : 1)
            }
            ordered = []
            for key in groups.keys.sorted() {
                ordered += Draw.shuffled(groups[key]!, using: &generator)
            }
        } else {
            ordered = Draw.shuffled(eligible, using: &generator)
        }
        var result: [GeneratedQuestion] = []
        var ids: Set<String> = []
        var texts: Set<String> = []
        for draft in ordered where result.count < count {
            let ko = QuestionValidator.normalizedText(draft.text.ko)
            let en = QuestionValidator.normalizedText(draft.text.en)
            guard !ids.contains(draft.id), !texts.contains(ko), !texts.contains(en) else { continue }
            ids.insert(draft.id)
            texts.formUnion([ko, en])
            result.append(draft.build(using: &generator))
        }
        return result
    }

    static func drafts(from knowledge: KnowledgeBase, category: QuizCategory) -> [QuestionDraft] {
        knowledge.drafts.drafts(for: category) {
            QuestionTemplate.templates(for: category).flatMap { $0.drafts(knowledge) }
        }
    }
}
