/// What the flow can be asked to do: each is allowed in some states and leads to others (`TransitionTable`). The raw
/// values are the words a front end asks for them with (the shell's commands are named so); what a front end answers
/// by itself (its own manual, its switches) is not the flow's to rule on, and is not here.
public enum FlowAction: String, CaseIterable, Sendable {
    case login, register, logout
    case mode, category, format, start, answer, speak, next, skip, hint, abandon, resume, `repeat`
    /// Reading or changing what is kept (records, settings, the server's copy): signed in, the state kept.
    case history, stats, profile, settings, sync, leaderboard
    /// A sponsor's page, or a rewarded ad watched.
    case ad
    /// The player's progress wiped: home, with a new player's hint credits.
    case reset
}
