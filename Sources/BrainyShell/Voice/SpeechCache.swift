import BrainyKit
import Foundation

/// Speech made once and kept, keyed by question, language, voice, pace and the words said: a question played again
/// (`repeat`, a resume, another quiz) costs nothing.
struct SpeechCache {
    let folder: URL

    /// `$XDG_CACHE_HOME/brainy/speech`, or `~/.cache/brainy/speech`.
    static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SpeechCache {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSTemporaryDirectory()).appendingPathComponent(".cache")
        return SpeechCache(folder: base.appendingPathComponent("brainy/speech", isDirectory: true))
    }

    func file(questionId: String, language: Language, voice: String, wordsPerMinute: Int, text: String) -> URL {
        let key = "\(questionId)|\(language.rawValue)|\(voice)|\(wordsPerMinute)|\(text)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let safeId = questionId.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        return folder.appendingPathComponent("\(safeId)-\(language.rawValue)-\(wordsPerMinute)-\(String(hash, radix: 16)).wav")
    }

    /// The speech for `text`, made with `synthesizer` unless it is kept already.
    func speech(questionId: String, text: String, language: Language, wordsPerMinute: Int,
                synthesizer: any SpeechSynthesizer) throws -> URL {
        let file = file(questionId: questionId, language: language, voice: synthesizer.voice(for: language),
                        wordsPerMinute: wordsPerMinute, text: text)
        if FileManager.default.fileExists(atPath: file.path) { return file }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Written beside, then moved: a shell killed half-way never leaves a truncated file in the cache.
        let partial = folder.appendingPathComponent(".\(file.lastPathComponent).\(Platform.processID).part")
        try synthesizer.synthesize(text, language: language, wordsPerMinute: wordsPerMinute, to: partial)
        _ = try? FileManager.default.removeItem(at: file)
        try FileManager.default.moveItem(at: partial, to: file)
        return file
    }
}
