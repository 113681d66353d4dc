import Foundation

/// A bounded draw of a large category's questions (an adaptive quiz needs a few hundred near the player's level, not
/// every one of a bank of tens of thousands).
public struct CandidateSample: Sendable, Equatable {
    public var seed: UInt64
    public var atMost: Int

    public init(seed: UInt64, atMost: Int = 2_000) {
        self.seed = seed
        self.atMost = atMost
    }
}
