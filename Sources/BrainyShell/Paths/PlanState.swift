import BrainyKit

/// What the path planner knows besides the flow's state: just enough to satisfy the transition table's guards (who
/// is signed in and which quiz each user left in progress, the quiz being played, the format, maintenance).
struct PlanState: Hashable {
    /// A quiz as the planner sees it: how many questions, how many answered, how many of those right.
    struct Quiz: Hashable {
        var format: QuizFormat
        var total: Int
        var answered = 0
        var correct = 0
        /// An AI-mode quiz (a resume brings its type back).
        var ai = false

        var isAllAnswered: Bool { answered >= total }

        /// Where the flow goes when it is over.
        var end: FlowState {
            switch format {
            case .individual: .finished
            case .stage: correct >= StagePlan.passMark ? .stageCleared : .stageFailed
            }
        }
    }

    /// The guest is user 0; accounts registered along the path are 1, 2, ….
    static let guest = 0

    var flow: FlowState = .signedOut
    var user: Int?
    var accounts = 0
    var hasType = false
    /// The type chosen is AI mode (its `start` makes the questions first).
    var ai = false
    var hasCategory = false
    var format: QuizFormat = .individual
    /// The quiz the flow holds (a question open, an answer shown, an interrupted quiz).
    var play: Quiz?
    /// Each user's quiz left in progress on the device.
    var inProgress: [Int: Quiz] = [:]
    /// The guest has played (a registration or a sign-in from the guest offers to move that history).
    var guestPlayed = false
    var hintUsed = false
    /// The config in force says maintenance; the state to go back to when it ends.
    var maintenance = false
    var beforeMaintenance: FlowState?
    /// Watching a rewarded ad: the state it goes back to.
    var adOrigin: FlowState?
}
