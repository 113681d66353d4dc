import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// The daily leaderboard: correct answers on one UTC day, with the caller's own rank.
struct LeaderboardController {
    let results: any ResultStore
    let clock: any BrainyClock
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    static let listed = 50

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.dailyLeaderboard, use: daily)
        return routes.collection
    }

    @Sendable func daily(_: Empty, _ request: Request, context: ServerRequestContext) async throws -> LeaderboardResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        let day: Date
        if let text = request.uri.queryParameters.get("date") {
            guard let parsed = Self.parseDay(text) else {
                throw APIError.badRequest("'date' must be a day as YYYY-MM-DD, not '\(text.prefix(40))'.")
            }
            day = parsed
        } else {
            day = Self.utc.startOfDay(for: clock.now())
        }
        let scores = try await results.dailyScores(on: day)
        return Self.rank(scores, date: Self.format(day), caller: userId)
    }

    /// Ranked by score, then accuracy; equal players share a rank (1, 1, 3).
    static func rank(_ scores: [DailyScore], date: String, caller: String) -> LeaderboardResponse {
        func accuracy(_ score: DailyScore) -> Double {
            score.answered == 0 ? 0 : Double(score.correct) / Double(score.answered)
        }
        let sorted = scores.sorted {
            ($0.correct, accuracy($0), $1.displayName) > ($1.correct, accuracy($1), $0.displayName)
        }
        var entries: [LeaderboardResponse.Entry] = []
        var you: LeaderboardResponse.Standing?
        var rank = 0
        for (index, score) in sorted.enumerated() {
            if index == 0 || score.correct != sorted[index - 1].correct || accuracy(score) != accuracy(sorted[index - 1]) {
                rank = index + 1
            }
            if index < listed {
                entries.append(.init(rank: rank, displayName: DisplayName.sanitized(score.displayName), score: score.correct,
                                     accuracy: accuracy(score)))
            }
            if score.userId == caller { you = .init(rank: rank, score: score.correct, accuracy: accuracy(score)) }
        }
        return LeaderboardResponse(date: date, entries: entries, you: you)
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func parseDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = utc.date(from: DateComponents(year: year, month: month, day: day)),
              format(date) == text
        else { return nil }
        return date
    }

    static func format(_ day: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
