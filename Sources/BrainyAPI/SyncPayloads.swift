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
/// mark them synced) and the ids it refused because another account owns them.
public struct ResultUploadResponse: Codable, Equatable, Sendable {
    /// Result ids held for the caller.
    public var accepted: [String]
    /// Quiz ids held for the caller.
    public var acceptedQuizzes: [String]
    /// Result and quiz ids that belong to another account.
    public var rejected: [String]
    public init(accepted: [String], acceptedQuizzes: [String], rejected: [String]) {
        self.accepted = accepted
        self.acceptedQuizzes = acceptedQuizzes
        self.rejected = rejected
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
