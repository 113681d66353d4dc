import BrainyKit

/// One step of a path: the lines a tester types (commands with what they read, an answer chosen right or wrong
/// against the open question, or the shell restarted), the transitions the table says they take, and where they
/// leave the planner's state.
struct PlanStep: Hashable {
    enum Line: Hashable {
        case command(String, inputs: [String] = [])
        /// An answer to the open question, right or wrong: written down once the question is on screen.
        case answer(right: Bool)
        /// The same, said: a recording of the option's number made by eSpeak NG stands in for the microphone.
        case speak(right: Bool)
        /// `\restart`: the shell closed and opened again on the same database.
        case restart
    }

    var lines: [Line]
    var transitions: [ShellTransition]
    var next: PlanState

    init(_ lines: [Line], _ transitions: [ShellTransition], _ next: PlanState) {
        self.lines = lines
        self.transitions = transitions
        self.next = next
    }
}
