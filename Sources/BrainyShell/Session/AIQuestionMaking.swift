import BrainyKit
import BrainyPacks
import Foundation

/// AI mode's questions from the bundled knowledge base. Its generator's questions ship ready-made in the knowledge
/// folder (`questions/`, a pack with one file per category, checked by a test to be what the generator makes, none
/// repeating the bundled pack): the first AI quiz in a category stores that category's, less any whose text repeats
/// a question of another pack on this device (case aside),
/// under the origin `ai-kb`, so that history, resume, replay and sync treat them like the bank's. They are stored
/// again when the shipped version changes.
struct AIQuestionMaking {
    let repository: any BrainyRepository
    /// The knowledge base's folder (nil: none shipped with this build).
    let knowledgeFolder: URL?
    let console: Console
    let now: Date
    static let origin = "ai-kb"

    func prepare(_ category: QuizCategory) throws {
        guard let knowledge = knowledgeFolder else { throw ShellError.knowledgeBaseMissing("") }
        let folder = knowledge.appendingPathComponent("questions", isDirectory: true)
        let key = "\(Self.origin).\(category.rawValue)"
        guard let version = try? PackLoader.manifest(in: folder).version else {
            throw ShellError.knowledgeBaseMissing(folder.path)
        }
        if try repository.syncValue(key) == version { return }
        guard let shipped = try? PackLoader.load(file: "\(category.rawValue).json", in: folder) else {
            throw ShellError.knowledgeBaseMissing(folder.path)
        }
        let repeating = try repository.repeatingTheBank(shipped)
        let kept = shipped.filter { !repeating.contains($0.id) }
        try repository.saveGenerated(kept, origin: Self.origin, now: now)
        try repository.setSyncValue(version, for: key)
        let leftOut = shipped.count - kept.count
        console.line(console.paint("🤖 " + console.text(Localized(
            ko: "지식 베이스에서 만든 \(category.name.ko) 문제 \(kept.count)개를 준비했습니다"
                + (leftOut > 0 ? " (이 기기의 문제와 겹친 \(leftOut)개 제외)." : "."),
            en: "Made ready \(kept.count.grouped) \(category.name.en) question\(kept.count == 1 ? "" : "s") from the knowledge base"
                + (leftOut > 0 ? " (\(leftOut) left out: already asked by a question on this device)." : "."))),
                                   \.muted))
    }
}
