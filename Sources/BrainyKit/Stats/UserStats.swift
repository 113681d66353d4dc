import Foundation

/// Totals of one category.
public struct CategoryStats: Equatable, Sendable, Codable {
    public var category: QuizCategory
    public var quizzes: Int
    public var answered: Int
    public var correct: Int
    public var timeSpent: Double

    public init(category: QuizCategory, quizzes: Int = 0, answered: Int = 0, correct: Int = 0, timeSpent: Double = 0) {
        self.category = category
        self.quizzes = quizzes
        self.answered = answered
        self.correct = correct
        self.timeSpent = timeSpent
    }

    public var accuracy: Double { answered == 0 ? 0 : Double(correct) / Double(answered) }
}

/// Totals of one quiz type (객관식, 주관식, 음성모드, AI모드).
public struct TypeStats: Equatable, Sendable, Codable {
    public var type: QuizType
    public var quizzes: Int
    public var answered: Int
    public var correct: Int
    public var timeSpent: Double

    public init(type: QuizType, quizzes: Int = 0, answered: Int = 0, correct: Int = 0, timeSpent: Double = 0) {
        self.type = type
        self.quizzes = quizzes
        self.answered = answered
        self.correct = correct
        self.timeSpent = timeSpent
    }

    public var accuracy: Double { answered == 0 ? 0 : Double(correct) / Double(answered) }
}

/// What `stats` shows.
public struct UserStats: Equatable, Sendable, Codable {
    public var perCategory: [CategoryStats]
    /// The types played, in the order of `QuizType`.
    public var perType: [TypeStats]
    public var currentStreak: Int
    public var bestStreak: Int
    public var lastPlayedAt: Date?

    public init(perCategory: [CategoryStats], perType: [TypeStats] = [], currentStreak: Int, bestStreak: Int,
                lastPlayedAt: Date?) {
        self.perCategory = perCategory
        self.perType = perType
        self.currentStreak = currentStreak
        self.bestStreak = bestStreak
        self.lastPlayedAt = lastPlayedAt
    }

    public var quizzes: Int { perCategory.reduce(0) { $0 + $1.quizzes } }
    public var answered: Int { perCategory.reduce(0) { $0 + $1.answered } }
    public var correct: Int { perCategory.reduce(0) { $0 + $1.correct } }
    public var timeSpent: Double { perCategory.reduce(0) { $0 + $1.timeSpent } }
    public var accuracy: Double { answered == 0 ? 0 : Double(correct) / Double(answered) }
}

/// Streaks of days played.
public enum StreakCalculator {
    /// The day number (days since 1970-01-01 in `timeZone`) a date falls on.
    public static func dayNumber(of date: Date, timeZone: TimeZone) -> Int {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((seconds / 86_400).rounded(.down))
    }

    /// The current streak (consecutive days ending today, or yesterday when today is not played yet) and the best.
    public static func streaks(playedDays: [Int], today: Int) -> (current: Int, best: Int) {
        let days = Array(Set(playedDays)).sorted()
        var best = 0
        var run = 0
        var previous: Int?
        for day in days {
            run = (previous.map { day == $0 + 1 } ?? false) ? run + 1 : 1
            best = max(best, run)
            previous = day
        }
        guard let last = days.last, last == today || last == today - 1 else { return (0, best) }
        return (run, best)
    }
}
