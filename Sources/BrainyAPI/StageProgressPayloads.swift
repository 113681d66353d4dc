import BrainyKit
import Foundation

// Stage progress between devices: a device sends how far it got in each category and type, the server keeps the
// furthest (never past the stage quizzes it holds passed) and answers with the account's, and the device keeps
// what is further than its own.

public struct StagesRequest: Codable, Equatable, Sendable {
    public var stages: [StageReached]

    public init(stages: [StageReached]) {
        self.stages = stages
    }

    /// One per category and quiz type at most.
    public static let maxStages = 64
}

public struct StagesResponse: Codable, Equatable, Sendable {
    public var stages: [StageReached]

    public init(stages: [StageReached]) {
        self.stages = stages
    }
}
