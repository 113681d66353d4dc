import BrainyKit
import Foundation

/// What the quiz commands ask of speech: the question spoken (`repeat`), whether a spoken answer can be heard for
/// it, and an answer heard from a recording (`answer --from`) or the microphone (`speak`). `VoiceSession` does it.
protocol QuizVoice {
    func speak(_ play: QuizPlay)
    /// The language a spoken answer to the open question is heard in, when one can be heard at all.
    func hearingLanguage(for play: QuizPlay) -> Language?
    func answer(from file: URL, for play: QuizPlay) throws -> (answer: String, heard: String)
    func listen(for play: QuizPlay, limit: Double, from recording: URL?) throws -> (answer: String, heard: String)
}

extension VoiceSession: QuizVoice {}
