import Foundation

/// How far a player got in one category and quiz type's stages. Between devices the furthest wins: a stage cleared
/// anywhere stays cleared.
public struct StageReached: Codable, Equatable, Sendable {
    public var category: QuizCategory
    public var type: QuizType
    public var highestCleared: Int
    public var updatedAt: Date

    public init(category: QuizCategory, type: QuizType, highestCleared: Int, updatedAt: Date) {
        self.category = category
        self.type = type
        self.highestCleared = highestCleared
        self.updatedAt = updatedAt
    }
}

/// The device's stage progress, for `sync`.
public protocol StageProgressRepository: Sendable {
    func stagesReached(userId: String) throws(StoreError) -> [StageReached]
    /// Keeps each of `stages` that is further than this device's; returns how many moved on.
    func keepStagesReached(_ stages: [StageReached], userId: String) throws(StoreError) -> Int
}
