/// Chooses what comes next for a player: a question whose chance of a right answer is near the target (about 70%:
/// hard enough to learn from, easy enough to keep going). Every question in a band around the target is as likely
/// as any other, so that the whole knowledge base is within reach (questions of one template share their first
/// rating, and a draw among the first few by id once dealt the same handful to every new player). Within a quiz no
/// entity comes twice and no template twice in a row, when the candidates allow it. Driven by the seeded generator
/// alone: one seed, one quiz.
public enum AdaptivePicker {
    /// Right about seven times in ten.
    public static let target = 0.7
    /// How far (in logits) from the nearest question a question may be and still be drawn, for a player whose level
    /// is known: the chance of a right answer within the band stays between about 62% and 77% around the target.
    static let band = 0.4
    /// How much wider the band is for a new player, whose level is not known yet: questions labelled one step from
    /// the target (easy and hard around medium) are drawn as well, so that a new player meets the whole knowledge
    /// base (before, a new player met only the templates labelled medium: 40 people's nationality, never the 180
    /// people known for something). The extra narrows to nothing over the player's first `settling` answers.
    static let newPlayerExtra = 0.65
    static let settling = 10.0

    static func band(for player: Rating) -> Double {
        band + newPlayerExtra * max(0, 1 - Double(player.answers) / settling)
    }

    /// How much farther a question that is not preferred counts (AI mode prefers its own questions to the bank's,
    /// and takes the bank's where its own are too easy or too hard for the player).
    static let detour = 0.5

    /// The next question among `candidates` (id → difficulty rating), or nil when there is none.
    /// `dealt`: the quiz's questions so far, in order; `family` tells a question's template and entity, when it has
    /// them (AI mode's questions do: `QuestionFamily.of`).
    public static func next(for player: Rating, among candidates: [String: Rating],
                            preferring preferred: (String) -> Bool = { _ in true },
                            after dealt: [String] = [],
                            family: (String) -> QuestionFamily? = QuestionFamily.of,
                            using generator: inout SeededGenerator) -> String? {
        let wanted = LearnerModel.difficulty(for: player, target: target)
        let families = dealt.compactMap(family)
        let usedEntities = Set(families.map(\.entity))
        let lastTemplate = dealt.last.flatMap(family)?.template
        // Candidates that would repeat an entity, or the template just asked, count only when nothing else is left.
        var fresh: [(distance: Double, id: String)] = []
        var repeats: [(distance: Double, id: String)] = []
        for (id, rating) in candidates {
            let entry = (distance: abs(rating.value - wanted) + (preferred(id) ? 0 : detour), id: id)
            if let own = family(id), usedEntities.contains(own.entity) || own.template == lastTemplate {
                repeats.append(entry)
            } else {
                fresh.append(entry)
            }
        }
        let pool = fresh.isEmpty ? repeats : fresh
        guard !pool.isEmpty else { return nil }
        let nearest = pool.lazy.map(\.distance).min() ?? 0
        let width = band(for: player)
        var among = pool.filter { $0.distance <= nearest + width }
        // An entity first, then one of its questions: a person asked about by three templates is no likelier than
        // one asked about by one. In the order of their ids, so that the draw depends on the seed alone, not on the
        // dictionary's order.
        among.sort { $0.id < $1.id }
        var questionsOf: [String: [String]] = [:]
        var entities: [String] = []
        for entry in among {
            let entity = family(entry.id)?.entity ?? entry.id
            if questionsOf[entity] == nil { entities.append(entity) }
            questionsOf[entity, default: []].append(entry.id)
        }
        let questions = questionsOf[entities[generator.below(entities.count)]] ?? []
        return questions[generator.below(questions.count)]
    }

    /// `count` questions for a player whose rating holds still (the first deal of a quiz; the rest follow the player
    /// as they answer).
    public static func deal(_ count: Int, for player: Rating, among candidates: [String: Rating],
                            preferring preferred: (String) -> Bool = { _ in true },
                            after dealt: [String] = [],
                            family: (String) -> QuestionFamily? = QuestionFamily.of,
                            using generator: inout SeededGenerator) -> [String] {
        var left = candidates
        var chosen = dealt
        // Each id read once for the whole deal, not once for each question dealt.
        var families: [String: QuestionFamily] = [:]
        for id in candidates.keys + dealt { families[id] = family(id) }
        while chosen.count - dealt.count < count,
              let id = next(for: player, among: left, preferring: preferred, after: chosen, family: { families[$0] },
                            using: &generator) {
            chosen.append(id)
            left[id] = nil
        }
        return Array(chosen.dropFirst(dealt.count))
    }
}

/// What an AI mode question is made from: its template and the entity it asks about (ids `ai-<template>-<entity>`).
public struct QuestionFamily: Sendable, Equatable {
    public var template: String
    public var entity: String

    public init(template: String, entity: String) {
        self.template = template
        self.entity = entity
    }

    /// The template and entity of a question made from the knowledge base, or nil for any other question.
    public static func of(_ id: String) -> QuestionFamily? {
        guard id.hasPrefix("ai-") else { return nil }
        let rest = id.dropFirst(3)
        // Template ids hold hyphens too (capital-country, song-artist): the longest that fits is the question's.
        guard let template = templateIds.first(where: { rest.hasPrefix($0 + "-") }) else { return nil }
        var entity = rest.dropFirst(template.count + 1)
        // One question a fact, numbered after the entity's id: the entity is the person, whichever fact is asked.
        if numberedFacts.contains(template), let dash = entity.lastIndex(of: "-"),
           case let number = entity[entity.index(after: dash)...], !number.isEmpty, number.allSatisfy({ ("0"..."9").contains($0) }) {
            entity = entity[..<dash]
        }
        return QuestionFamily(template: template, entity: String(entity))
    }

    /// Templates that ask one question for each of an entity's facts, numbered after its id: `known-for` asks who is
    /// known for each of a person's notable works (`ai-known-for-dickens-2`). Counted as separate entities, a person
    /// with three works was three times as likely to be drawn as one with one, and could be the answer twice in a
    /// quiz.
    static let numberedFacts: Set<String> = ["known-for"]

    /// The templates' ids, longest first.
    static let templateIds: [String] = QuestionTemplate.all.map(\.id).sorted { $0.count > $1.count }
}
