import BrainyKit

/// The quiz flow as a service sees it: read, fed an event whose effects the shell performs, or fed one quietly (no
/// effects: how the shell puts the flow back when a write an event needed was refused).
struct FlowAccess {
    var current: () -> QuizFlow
    var apply: (FlowEvent) throws -> Void
    var handleQuietly: (FlowEvent) throws -> Void
}
