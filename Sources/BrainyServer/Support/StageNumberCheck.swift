import BrainyAPI
import BrainyKit

/// What the server makes of the stage number an uploaded quiz carries (`UploadedQuiz.stage`): the device's word about
/// that quiz only, kept so that another device restores the quiz with it. It clears no stage (a stage claim is cut to
/// the passed stage quizzes, `mergeStages`, whatever their numbers), and it is kept only when it names a stage the
/// served pack has for the quiz's category and kind; any other (another format's, 0 or less, past the last stage) is
/// dropped, the quiz held without it, as an older device's.
struct StageNumberCheck: Sendable {
    /// Whole stages per category, of all its questions and of its voice-ready ones (a voice quiz's stages).
    private let stages: [Kind: Int]

    private struct Kind: Hashable {
        var category: QuizCategory
        var voiceOnly: Bool
    }

    init(questions: [String: Question]) {
        var candidates: [Kind: Int] = [:]
        // As a device deals stages (`stageCandidates`): the pack's questions, not those made on the device.
        for question in questions.values where !question.id.hasPrefix(ResultCheck.generatedPrefix) {
            candidates[Kind(category: question.category, voiceOnly: false), default: 0] += 1
            if question.voice { candidates[Kind(category: question.category, voiceOnly: true), default: 0] += 1 }
        }
        stages = candidates.mapValues { $0 / StagePlan.stageSize }
    }

    /// How many stages the served pack has for a category, of voice-ready questions when `voiceOnly`.
    func stageCount(of category: QuizCategory, voiceOnly: Bool) -> Int {
        stages[Kind(category: category, voiceOnly: voiceOnly)] ?? 0
    }

    /// `quiz` with its stage number if the pack has that stage, without one otherwise.
    func checked(_ quiz: UploadedQuiz) -> UploadedQuiz {
        guard let stage = quiz.stage else { return quiz }
        var quiz = quiz
        let count = stageCount(of: quiz.category, voiceOnly: quiz.type.needsVoiceReadyQuestions)
        if quiz.format != .stage || stage < 1 || stage > count { quiz.stage = nil }
        return quiz
    }
}
