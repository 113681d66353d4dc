import BrainyKit
import Foundation

// Request and response bodies of brainy-server's content, results and leaderboard endpoints, shared with clients.

/// `GET /v1/pack/version`: which pack the server serves.
public struct PackVersionResponse: Codable, Equatable, Sendable {
    public var id: String
    public var version: String
    public init(id: String, version: String) {
        self.id = id
        self.version = version
    }
}

/// `POST /v1/results`: a batch of results and quizzes (`quizzes` may be left out). Sending the same batch again
/// changes nothing.
public struct ResultUploadRequest: Codable, Equatable, Sendable {
    public var results: [UploadedResult]
    public var quizzes: [UploadedQuiz]
    public init(results: [UploadedResult], quizzes: [UploadedQuiz] = []) {
        self.results = results
        self.quizzes = quizzes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        results = try container.decode([UploadedResult].self, forKey: .results)
        quizzes = try container.decodeIfPresent([UploadedQuiz].self, forKey: .quizzes) ?? []
    }
}

/// What the server now holds of a batch: the ids stored for the caller (new or already there, so a client can
/// mark them synced) and the ids it refused, each with its reason.
public struct ResultUploadResponse: Codable, Equatable, Sendable {
    /// Result ids held for the caller.
    public var accepted: [String]
    /// Quiz ids held for the caller.
    public var acceptedQuizzes: [String]
    /// Result and quiz ids refused (the ids of `refusals`).
    public var rejected: [String]
    /// Why each refused id was refused; absent from older servers' answers.
    public var refusals: [ResultRefusal]

    public init(accepted: [String], acceptedQuizzes: [String], rejected: [String], refusals: [ResultRefusal] = []) {
        self.accepted = accepted
        self.acceptedQuizzes = acceptedQuizzes
        self.rejected = rejected
        self.refusals = refusals
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accepted = try container.decode([String].self, forKey: .accepted)
        acceptedQuizzes = try container.decode([String].self, forKey: .acceptedQuizzes)
        rejected = try container.decode([String].self, forKey: .rejected)
        refusals = try container.decodeIfPresent([ResultRefusal].self, forKey: .refusals) ?? []
    }
}

/// One result or quiz the server would not hold.
public struct ResultRefusal: Codable, Equatable, Sendable {
    public var id: String
    public var reason: ResultRefusalReason

    public init(id: String, reason: ResultRefusalReason) {
        self.id = id
        self.reason = reason
    }
}

/// Why the server refused a result or a quiz. The device keeps what was refused.
public enum ResultRefusalReason: String, Codable, Sendable, CaseIterable {
    /// The id belongs to another account's result or quiz.
    case idTaken = "id_taken"
    /// The result names a quiz of another account.
    case notYourQuiz = "not_your_quiz"
    /// The question is neither in the pack the server serves nor one generated on the device (`ai-…`).
    case unknownQuestion = "unknown_question"
    /// Answered (or started) later than the server's clock allows, beyond a few minutes' skew.
    case inTheFuture = "in_the_future"
    /// A time spent on one question beyond any real play.
    case implausibleTime = "implausible_time"
    /// The result says it is right, but the answer it carries is not this question's.
    case notTheAnswer = "not_the_answer"
    /// A reason this client does not know (a newer server's).
    case other

    public init(from decoder: any Decoder) throws {
        self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
    }
}

/// `GET /v1/results/summary`: what the server holds for the caller, to compare with the device.
public struct ResultSummaryResponse: Codable, Equatable, Sendable {
    /// Answers stored (each result id once).
    public var results: Int
    public var correct: Int
    /// Finished or abandoned quizzes stored.
    public var quizzes: Int
    public var lastAnsweredAt: Date?

    public init(results: Int, correct: Int, quizzes: Int, lastAnsweredAt: Date?) {
        self.results = results
        self.correct = correct
        self.quizzes = quizzes
        self.lastAnsweredAt = lastAnsweredAt
    }
}
