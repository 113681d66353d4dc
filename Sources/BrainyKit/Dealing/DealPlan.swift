/// How the quiz a `start` asks for is dealt, decided from the request alone; the shell reads the store for each way
/// (`QuizDealing`).
public enum DealPlan: Equatable, Sendable {
    /// Chosen by the learner model (AI mode, `start adaptive`): `count` questions, those of the next stage when
    /// `staged`.
    case adaptive(count: Int, staged: Bool)
    /// The next unlocked stage's questions, in their order.
    case nextStage
    /// Random questions, only those the player never answered when `unsolvedOnly`; on a quiz ticket the server dealt
    /// when `mayUseTicket` and one is held, so that the quiz can rank.
    case random(unsolvedOnly: Bool, mayUseTicket: Bool)

    public init(_ request: DealRequest) {
        let staged = request.format == .stage
        if request.type.isAdaptive || request.selection == .adaptive {
            self = .adaptive(count: staged ? StagePlan.stageSize : request.count, staged: staged)
        } else if staged {
            self = .nextStage
        } else {
            self = .random(unsolvedOnly: request.selection == .unsolved,
                           mayUseTicket: request.selection == .random && HeldQuizTicket.canRank(request.type))
        }
    }
}
