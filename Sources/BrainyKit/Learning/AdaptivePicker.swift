/// Chooses what comes next for a player: the question whose chance of a right answer is nearest the target (about
/// 70%: hard enough to learn from, easy enough to keep going), drawn among the few nearest so that two quizzes at the
/// same rating differ. Driven by the seeded generator alone.
public enum AdaptivePicker {
    /// Right about seven times in ten.
    public static let target = 0.7
    /// How many of the nearest questions the draw is among.
    static let spread = 3

    /// How much farther a question that is not preferred counts (AI mode prefers its own questions to the bank's,
    /// and takes the bank's where its own are too easy or too hard for the player).
    static let detour = 0.5

    /// The next question among `candidates` (id → difficulty rating), or nil when there is none.
    public static func next(for player: Rating, among candidates: [String: Rating],
                            preferring preferred: (String) -> Bool = { _ in true },
                            using generator: inout SeededGenerator) -> String? {
        let wanted = LearnerModel.difficulty(for: player, target: target)
        // The `spread` nearest in one pass (a bank holds tens of thousands), ties broken by id for determinism.
        var nearest: [(distance: Double, id: String)] = []
        for (id, rating) in candidates {
            let entry = (distance: abs(rating.value - wanted) + (preferred(id) ? 0 : detour), id: id)
            guard nearest.count < spread || (entry.distance, entry.id) < (nearest[spread - 1].distance, nearest[spread - 1].id)
            else { continue }
            let place = nearest.firstIndex { (entry.distance, entry.id) < ($0.distance, $0.id) } ?? nearest.count
            nearest.insert(entry, at: place)
            if nearest.count > spread { nearest.removeLast() }
        }
        guard !nearest.isEmpty else { return nil }
        return nearest[generator.below(nearest.count)].id
    }

    /// `count` questions for a player whose rating holds still (the first deal of a quiz; the rest follow the player
    /// as they answer).
    public static func deal(_ count: Int, for player: Rating, among candidates: [String: Rating],
                            preferring preferred: (String) -> Bool = { _ in true },
                            using generator: inout SeededGenerator) -> [String] {
        var left = candidates
        var chosen: [String] = []
        while chosen.count < count, let id = next(for: player, among: left, preferring: preferred, using: &generator) {
            chosen.append(id)
            left[id] = nil
        }
        return chosen
    }
}
