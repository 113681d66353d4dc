import BrainyAPI
import BrainyKit
import Foundation

/// How far each account got in each category and quiz type's stages: the furthest any device sent, but never past
/// the number of stage quizzes of that category and type the account uploaded and passed (`StagePlan.passMark`).
public protocol StageProgressStore: Sendable {
    /// Keeps each of `stages` further than the account's (cut to what its passed stage quizzes allow) and returns
    /// all the account's; nil when the account no longer exists.
    func mergeStages(_ stages: [StageReached], accountId: String) async throws -> [StageReached]?
}
