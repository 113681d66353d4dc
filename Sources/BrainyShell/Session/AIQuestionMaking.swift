import BrainyKit
import Foundation

/// AI mode's questions from the bundled knowledge base: made from its templates once per category (and again when
/// the generator changes), each passed through the validator, none repeating a bank question, and kept like the
/// bank's under the origin `ai-kb`, so that history, resume, replay and sync treat them alike.
struct AIQuestionMaking {
    let session: ShellSession
    static let origin = "ai-kb"
    /// Bumped when the templates change, so that a device makes its questions again.
    static let generatorVersion = "1"

    func prepare(_ category: QuizCategory) throws {
        let repository = session.repository
        let key = "\(Self.origin).\(category.rawValue)"
        if try repository.syncValue(key) == Self.generatorVersion { return }
        guard let folder = session.services.knowledgeFolder else { throw ShellError.knowledgeBaseMissing("") }
        let knowledge: KnowledgeBase
        do { knowledge = try KnowledgeBase.load(from: folder) } catch { throw ShellError.knowledgeBaseMissing(folder.path) }
        let bank = try repository.questions(ids: try repository.candidateIds(category: category, unsolvedBy: nil,
                                                                              voiceOnly: false))
        let bankTexts = Set(bank.flatMap { [QuestionValidator.normalizedText($0.ko.text),
                                            QuestionValidator.normalizedText($0.en.text)] })
        let made = QuestionGenerator.all(from: knowledge, category: category).map(\.question)
        let kept = made.filter {
            QuestionValidator.problems($0).isEmpty && !bankTexts.contains(QuestionValidator.normalizedText($0.ko.text))
                && !bankTexts.contains(QuestionValidator.normalizedText($0.en.text))
        }
        try repository.saveGenerated(kept, origin: Self.origin, now: session.now)
        try repository.setSyncValue(Self.generatorVersion, for: key)
        let console = session.console
        console.line(console.paint("🤖 " + console.text(Localized(
            ko: "지식 베이스에서 \(category.name.ko) 문제 \(kept.count)개를 만들었습니다"
                + (made.count > kept.count ? " (검사를 통과하지 못했거나 기존 문제와 겹친 \(made.count - kept.count)개 제외)." : "."),
            en: "Made \(kept.count) \(category.name.en) questions from the knowledge base"
                + (made.count > kept.count ? " (\(made.count - kept.count) left out: invalid or already in the bank)." : "."))),
                                   \.muted))
    }
}
