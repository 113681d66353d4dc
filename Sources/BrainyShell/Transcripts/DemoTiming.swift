import BrainyKit
import Foundation

/// How long a person takes before each command of a demo, on the demo's own clock: reading a question and typing an
/// answer takes a few seconds, any other command a moment. Without it every answer of a demo took 0.0 s. Drawn from
/// the script's seed, so that a demo plays the same times every time.
struct DemoTiming {
    private var generator: SeededGenerator

    init(seed: UInt64) {
        // Apart from the session's generator: the questions dealt stay those of the seed.
        generator = SeededGenerator(seed: seed ^ 0x5EED_0F_D3_40)
    }

    /// Seconds before `command`: 3 to 11 s while a question is open (longer for a longer answer), 2 s otherwise.
    mutating func seconds(before command: String, answering: Bool) -> TimeInterval {
        guard answering else { return 2 }
        let thinking = Double.random(in: 3...8, using: &generator)
        let typing = 0.25 * Double(command.count)
        return (min(11, thinking + typing) * 10).rounded() / 10
    }

    /// Whether `command` is typed while a question is open: after reading it (an answer, a hint, a skip).
    static func answers(_ command: String, in flow: QuizFlow) -> Bool {
        flow.state == .question
    }
}
