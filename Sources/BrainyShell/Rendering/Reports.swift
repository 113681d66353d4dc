import BrainyKit
import Foundation

/// What `history`, `stats`, `state`, `profile` and `settings` print with `--format json`. The shapes are stable and
/// documented in docs/json-output.md: add fields, never rename or remove them.
enum Report {
    struct QuizRow: Encodable {
        var id: String
        var startedAt: Date
        var finishedAt: Date?
        var status: String
        var category: String
        var type: String
        var format: String
        var stage: Int?
        var correct: Int
        var questions: Int
        var accuracy: Double
        var durationSeconds: Double

        init(_ quiz: Quiz) {
            id = quiz.id
            startedAt = quiz.startedAt
            finishedAt = quiz.finishedAt
            status = quiz.status.rawValue
            category = quiz.category.rawValue
            type = quiz.type.rawValue
            format = quiz.format.rawValue
            stage = quiz.stage
            correct = quiz.correctCount
            questions = quiz.questionCount
            accuracy = quiz.accuracy
            durationSeconds = quiz.duration
        }
    }

    struct History: Encodable {
        var quizzes: [QuizRow]
        var hasMore: Bool
    }

    struct AnswerRow: Encodable {
        var position: Int
        var questionId: String
        var question: String
        var given: String?
        var correctAnswer: String
        var outcome: String?
        var timeSpentSeconds: Double?
        var hintUsed: Bool
        /// For a spoken answer, what the recognizer heard.
        var heard: String?
    }

    struct QuizDetail: Encodable {
        var quiz: QuizRow
        var answers: [AnswerRow]
    }

    struct CategoryRow: Encodable {
        var category: String
        var quizzes: Int
        var answered: Int
        var correct: Int
        var accuracy: Double
        var timeSpentSeconds: Double
    }

    struct Stats: Encodable {
        var quizzes: Int
        var answered: Int
        var correct: Int
        var accuracy: Double
        var timeSpentSeconds: Double
        var currentStreakDays: Int
        var bestStreakDays: Int
        var lastPlayedAt: Date?
        var categories: [CategoryRow]
        var modes: [ModeRow]
        /// The learner model's rating per category played (1500 is average).
        var ratings: [String: Int] = [:]

        init(_ stats: UserStats) {
            quizzes = stats.quizzes
            answered = stats.answered
            correct = stats.correct
            accuracy = stats.accuracy
            timeSpentSeconds = stats.timeSpent
            currentStreakDays = stats.currentStreak
            bestStreakDays = stats.bestStreak
            lastPlayedAt = stats.lastPlayedAt
            categories = stats.perCategory.map {
                CategoryRow(category: $0.category.rawValue, quizzes: $0.quizzes, answered: $0.answered,
                            correct: $0.correct, accuracy: $0.accuracy, timeSpentSeconds: $0.timeSpent)
            }
            modes = stats.perType.map {
                ModeRow(mode: $0.type.rawValue, quizzes: $0.quizzes, answered: $0.answered, correct: $0.correct,
                        accuracy: $0.accuracy, timeSpentSeconds: $0.timeSpent)
            }
        }
    }

    /// One quiz type's totals in `stats`.
    struct ModeRow: Encodable {
        var mode: String
        var quizzes: Int
        var answered: Int
        var correct: Int
        var accuracy: Double
        var timeSpentSeconds: Double
    }

    struct Transition: Encodable {
        var command: String
        var to: [String]
        var guardText: String?

        enum CodingKeys: String, CodingKey {
            case command, to
            case guardText = "guard"
        }
    }

    struct State: Encodable {
        struct Setup: Encodable {
            var type: String
            var category: String?
            var format: String
        }

        struct Progress: Encodable {
            var quizId: String
            var question: Int
            var questions: Int
            var correct: Int
        }

        var state: String
        var user: String?
        var provider: String?
        var setup: Setup?
        var quiz: Progress?
        var hintCredits: Int?
        var timerSeconds: Int
        var allowed: [String]
        var transitions: [Transition]
    }

    struct Profile: Encodable {
        var account: String
        var provider: String
        var createdAt: Date
        var locked: Bool
        var sessionExpiresAt: Date?
        var hintCredits: Int
        var server: String?
        var lastSyncAt: Date?
        /// Where the sign-in's tokens are kept: `keyring` or `database-file`; left out when signed in on no server.
        var tokensKeptIn: String?
        /// No server, or the last call to it failed.
        var offline: Bool
        var pendingResults: Int
        /// Answers and quizzes on this device.
        var results: Int
        var quizzes: Int
        /// What the server said it holds at the last sync.
        var serverResults: Int?
        var serverQuizzes: Int?
        var packVersion: String?
        var questions: Int
        var questionsPerCategory: [String: Int]
        var voiceReady: Int
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return "{}" }
        // Controls and invisible characters from outside (a leaderboard name, a question) escaped, never raw.
        return OutsideText.escapingControls(inJSON: String(decoding: data, as: UTF8.self))
    }

    /// Tab-separated rows, the first one naming the columns; values cleaned of controls, tabs and newlines inside
    /// them become spaces.
    static func plain(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { row in row.map { OutsideText.clean($0) }.joined(separator: "\t") }.joined(separator: "\n")
    }
}
