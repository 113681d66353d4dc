import BrainyKit
import Foundation

/// Which of a quiz's answers the leaderboard counts, beyond what each answer passes alone (`ResultCheck`: a question
/// the server knows, graded again, answered after the account was made). Every answer is stored whatever this says;
/// only its `ranked` flag follows it. The rules and the cheats they bound: docs/leaderboard-rules.md.
///
/// - The answers belong to a quiz the account uploaded, finished, that holds no more answers than its question count
///   and whose span (started … finished) covers every answer.
/// - They were answered one after another: no two at one instant, and each at least its own time spent after the one
///   before (the times spent do not overlap).
/// - At human speed: at least `floor(for:)` seconds on each (a floor per question type).
/// - The quiz does not overlap in time another ranked quiz of the account (two devices, or invented quizzes, at once).
/// - At most `dailyCap` ranked answers per account and UTC day, first answered first counted.
/// - A day is closed `grace` after it ends: answers of a closed day are held, never ranked.
/// - The quiz was played on a ticket the server dealt (`QuizTicketCheck`): its answers, in order, are the ticket's
///   questions in the ticket's order (all of them, or the first ones of an abandoned quiz), and it says it had as
///   many questions as the ticket. A quiz without a ticket ranks only while the server lets such quizzes rank
///   (`ServerArguments.ranksQuizzesWithoutTickets`, for the transition).
///
/// A quiz that breaks a rule of the quiz (span, order, overlap, more answers than questions, not finished) ranks
/// nothing; an answer that breaks a rule of the answer (floor, cap, closed day) does not rank, the others may.
struct LeaderboardRules {
    /// Ranked answers per account and UTC day: about an hour and a half of play at 10 s an answer.
    static let dailyCap = 500
    /// How long after a UTC day ends a device's late answers may still rank on it.
    static let grace: TimeInterval = 2 * 3_600
    /// Rounding between the device's clock readings (its database keeps milliseconds).
    static let tolerance: TimeInterval = 0.1

    /// The least time a person takes to read a question and answer it: choosing an option, or typing or saying one.
    static func floor(for type: QuizType) -> TimeInterval {
        switch type {
        case .multipleChoice, .ai: 1
        case .shortAnswer, .voice: 2
        }
    }

    struct Quiz: Sendable {
        var startedAt: Date
        var finishedAt: Date?
        var questionCount: Int
        /// Whether another quiz of the account already ranks and overlaps this one in time.
        var overlapsRankedQuiz: Bool
        /// The question ids of the ticket the quiz was played on, in the order dealt; nil for a quiz without one.
        var dealt: [String]? = nil
    }

    struct Answer: Sendable {
        var id: String
        var questionId: String = ""
        var type: QuizType
        var timeSpent: Double
        var answeredAt: Date
        /// Passed `ResultCheck` for ranking.
        var eligible: Bool
    }

    /// The ids of `answers` (every answer of `quiz` held) that rank, as judged at `now`. `rankedElsewhere` is how many
    /// answers of the account already rank on a UTC day (by its number, `UTCDay.number`) outside this quiz.
    /// A quiz without a ticket ranks nothing unless `ticketless` says such quizzes may.
    static func ranked(_ quiz: Quiz, answers: [Answer], now: Date, rankedElsewhere: [Int: Int],
                       ticketless: Bool = true) -> Set<String> {
        guard let finishedAt = quiz.finishedAt, !quiz.overlapsRankedQuiz, answers.count <= quiz.questionCount,
              finishedAt >= quiz.startedAt
        else { return [] }
        let ordered = answers.sorted { ($0.answeredAt, $0.id) < ($1.answeredAt, $1.id) }
        if let dealt = quiz.dealt {
            guard quiz.questionCount == dealt.count, ordered.count <= dealt.count,
                  ordered.map(\.questionId) == Array(dealt.prefix(ordered.count))
            else { return [] }
        } else if !ticketless {
            return []
        }
        for (index, answer) in ordered.enumerated() {
            guard answer.answeredAt >= quiz.startedAt.addingTimeInterval(-tolerance),
                  answer.answeredAt <= finishedAt.addingTimeInterval(tolerance)
            else { return [] }
            if index > 0 {
                let gap = answer.answeredAt.timeIntervalSince(ordered[index - 1].answeredAt)
                guard gap > tolerance, gap >= answer.timeSpent - tolerance else { return [] }
            }
        }
        var counted = rankedElsewhere
        var ranked: Set<String> = []
        for answer in ordered where answer.eligible && answer.timeSpent >= floor(for: answer.type) {
            let day = UTCDay.number(of: answer.answeredAt)
            let closesAt = UTCDay.start(of: answer.answeredAt).addingTimeInterval(86_400 + grace)
            guard now < closesAt, counted[day, default: 0] < dailyCap else { continue }
            counted[day, default: 0] += 1
            ranked.insert(answer.id)
        }
        return ranked
    }
}
