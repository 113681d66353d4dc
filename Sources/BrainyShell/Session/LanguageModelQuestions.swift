import BrainyAPI
import BrainyKit
import Foundation

/// AI mode's questions from a language model (`--ai-url`, `settings ai`): asked for in a JSON schema, each one
/// cleaned of terminal controls and invisible characters (`OutsideText`), checked by the same validator as the bank's
/// (lengths included) and against the bank, so none repeats one; the invalid ones dropped and counted, and no more
/// kept than were asked for, under the origin `ai-llm`. Nothing is stored before that. An endpoint that is down,
/// slow or gives nothing usable is said once, and the bundled knowledge base makes the quiz instead. Ctrl-C stops the
/// request and keeps the shell.
struct LanguageModelQuestions {
    let repository: any BrainyRepository
    let console: Console
    /// The clock, and AI mode's log of exchanges (`ai log`), shared with the session.
    let state: SessionState
    /// `--ai-url`: wins over `settings ai`.
    let urlOverride: String?
    /// Makes the client for a language model.
    let makeClient: (@Sendable (String) -> any ChatCompletionAPI)?
    static let origin = "ai-llm"

    /// The exchanges `ai log` shows (with `--qa`): the last few prompts and replies.
    struct Exchange {
        var at: Date
        var url: String
        var prompt: String
        var reply: String
    }

    /// The endpoint in force: `--ai-url`, else `settings ai`.
    var url: String? {
        urlOverride ?? ((try? repository.syncValue(SyncKeys.aiURL)) ?? nil)
    }

    /// New questions for the player: their ids (kept already), or none when the model gave nothing usable.
    func make(_ count: Int, category: QuizCategory, for player: Rating) throws -> [String] {
        guard let url, let factory = makeClient else { return [] }
        let api = factory(url)
        let difficulty = Self.difficulty(for: player)
        let messages = Self.prompt(count: count, category: category, difficulty: difficulty)
        console.line(console.paint("🤖 " + console.text(Localized(
            ko: "언어 모델(\(api.model))에 \(category.name.ko) 문제 \(count)개를 청하는 중… (Ctrl-C로 멈춤)",
            en: "Asking the language model (\(api.model)) for \(count) \(category.name.en) question\(count == 1 ? "" : "s")… (Ctrl-C stops)")), \.muted))
        let call = InterruptibleWait()
        defer { call.finish() }
        let reply: String
        do {
            reply = try call.run { try await api.complete(messages, schemaName: "brainy_questions", schema: Self.schema) }
        } catch .cancelled {
            throw ShellError.cancelled
        } catch {
            fallBack(Self.reason(error))
            return []
        }
        state.aiLog.append(Exchange(at: state.now, url: url, prompt: messages.map(\.content).joined(separator: "\n\n"),
                                    reply: String(reply.prefix(Self.loggedReplyLimit))))
        if state.aiLog.count > 5 { state.aiLog.removeFirst(state.aiLog.count - 5) }
        let (made, dropped, unasked) = try keep(Self.questions(in: reply, category: category, difficulty: difficulty),
                                                wanted: count, category: category)
        if made.isEmpty {
            fallBack(Localized(ko: "쓸 수 있는 문제가 없었습니다 (\(dropped)개 버림)", en: "nothing usable came back (\(dropped) dropped)"))
            return []
        }
        console.line(console.paint("🤖 " + console.text(Localized(
            ko: "문제 \(made.count)개를 받았습니다" + (dropped > 0 ? " (검사를 통과하지 못한 \(dropped)개는 버렸습니다)." : "."),
            en: "\(made.count) question\(made.count == 1 ? "" : "s") made" + (dropped > 0 ? " (\(dropped) failed the checks and were dropped)." : "."))),
                                   \.muted))
        if unasked > 0 {
            console.line(console.paint(console.text(Localized(
                ko: "청한 것보다 많이 온 \(unasked)개는 보지 않고 버렸습니다.",
                en: "\(unasked) more than were asked for came back and were left unread.")), \.muted))
        }
        return made
    }

    /// What went wrong, said for a person: never the transport library's own words ("connection reset (error set)").
    static func reason(_ error: RemoteError) -> Localized {
        switch error {
        case .unreachable: Localized(ko: "연결할 수 없음: 켜져 있는지, --ai-url이나 'settings ai'의 주소가 맞는지 확인하세요",
                                     en: "could not connect: check that it is running and that the address of --ai-url or 'settings ai' is right")
        case let .timedOut(seconds): Localized(ko: "\(seconds)초 안에 답을 다 받지 못함", en: "no full answer within \(seconds) s")
        case let .server(status, _, message, _, _): Localized(ko: "HTTP \(status) \(message)", en: "HTTP \(status) \(message)")
        case .badResponse: Localized(ko: "읽을 수 없는 답", en: "an unreadable reply")
        case .cancelled: Localized(ko: "멈춤", en: "stopped")
        }
    }

    private func fallBack(_ reason: Localized) {
        console.line(console.paint(console.text(Localized(
            ko: "언어 모델이 답하지 못했습니다 (\(reason.ko)). 내장 지식 베이스로 문제를 만듭니다.",
            en: "The language model did not help (\(reason.en)). The bundled knowledge base makes the questions instead.")),
                                   \.warning))
    }

    /// How much of a reply `ai log` keeps (a model may send megabytes).
    static let loggedReplyLimit = 16 * 1024

    /// Keeps the first `wanted` valid questions that repeat no bank (or earlier) question, and stores them; returns
    /// their ids, how many failed the checks, and how many came past the number asked for (never looked at).
    private func keep(_ parsed: [Question?], wanted: Int, category: QuizCategory) throws
        -> (kept: [String], dropped: Int, unasked: Int) {
        let bank = try repository.questions(ids: try repository.candidateIds(category: category, unsolvedBy: nil, voiceOnly: false))
        let bankTexts = Set(bank.flatMap { [QuestionValidator.normalizedText($0.ko.text), QuestionValidator.normalizedText($0.en.text)] })
        var valid: [Question] = []
        var seen = Set<String>()
        var examined = 0
        for question in parsed {
            if valid.count >= wanted { break }
            examined += 1
            guard let question, QuestionValidator.problems(question).isEmpty,
                  question.ko.answerIndex == question.en.answerIndex,
                  !bankTexts.contains(QuestionValidator.normalizedText(question.ko.text)),
                  !bankTexts.contains(QuestionValidator.normalizedText(question.en.text)),
                  seen.insert(question.id).inserted,
                  try repository.questions(ids: [question.id]).isEmpty else { continue }
            valid.append(question)
        }
        try repository.saveGenerated(valid, origin: Self.origin, now: state.now)
        return (valid.map(\.id), examined - valid.count, parsed.count - examined)
    }

    /// Where the player is right about 70% of the time, as the three labels a model understands.
    static func difficulty(for player: Rating) -> Difficulty {
        let wanted = LearnerModel.difficulty(for: player, target: AdaptivePicker.target)
        return wanted < -0.5 ? .easy : wanted < 0.5 ? .medium : .hard
    }

    static func prompt(count: Int, category: QuizCategory, difficulty: Difficulty) -> [ChatMessage] {
        [ChatMessage(role: "system", content: """
            You write quiz questions for Brainy, a bilingual (Korean and English) quiz. Only facts you are sure of. \
            Reply with JSON that follows the schema, nothing else.
            """),
         ChatMessage(role: "user", content: """
            Write \(count) multiple-choice questions in the category "\(category.name.en)" (\(category.name.ko)), \
            difficulty \(difficulty.rawValue). Each has the same question in Korean ("ko") and English ("en"): the text, \
            the answer, accepted alternative spellings of the answer, exactly four options in the same order in both \
            languages with the answer among them, and a one-sentence explanation. The wrong options must be plausible \
            and of the same kind as the answer (same continent, same decade, same genre).
            """)]
    }

    /// What the model is asked to reply.
    static let schema = Data("""
        {"type":"object","additionalProperties":false,"required":["questions"],"properties":{"questions":{"type":"array",
        "items":{"type":"object","additionalProperties":false,"required":["difficulty","ko","en"],"properties":{
        "difficulty":{"type":"string","enum":["easy","medium","hard"]},
        "ko":{"$ref":"#/$defs/text"},"en":{"$ref":"#/$defs/text"}}}}},
        "$defs":{"text":{"type":"object","additionalProperties":false,
        "required":["text","answer","alternatives","options","explanation"],"properties":{
        "text":{"type":"string"},"answer":{"type":"string"},"alternatives":{"type":"array","items":{"type":"string"}},
        "options":{"type":"array","items":{"type":"string"},"minItems":4,"maxItems":4},"explanation":{"type":"string"}}}}}
        """.utf8)

    /// The questions in a reply, nil for each one that cannot be read; ids from their English text, so the same
    /// question made twice is kept once.
    static func questions(in reply: String, category: QuizCategory, difficulty: Difficulty) -> [Question?] {
        struct Reply: Decodable {
            struct Made: Decodable {
                var difficulty: String?
                var ko: Question.Text?
                var en: Question.Text?
            }
            var questions: [Made?]
        }
        // Some models wrap JSON in a code fence.
        var text = reply.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```"), let start = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}") {
            text = String(text[start...end])
        }
        guard let decoded = try? JSONDecoder().decode(Reply.self, from: Data(text.utf8)) else { return [nil] }
        return decoded.questions.map { made in
            guard let made, let ko = made.ko.map(cleaned), let en = made.en.map(cleaned) else { return nil }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in QuestionValidator.normalizedText(en.text).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Question(id: "ai-llm-\(String(hash, radix: 16))", category: category,
                            difficulty: made.difficulty.flatMap(Difficulty.init(rawValue:)) ?? difficulty, voice: false,
                            ko: ko, en: en)
        }
    }

    /// A model's text made safe before it is checked: every field cleaned of terminal controls and invisible
    /// characters, and trimmed. What is too long stays too long, for the validator to refuse.
    static func cleaned(_ text: Question.Text) -> Question.Text {
        func clean(_ field: String) -> String {
            OutsideText.clean(field).trimmingCharacters(in: .whitespaces)
        }
        var result = text
        result.text = clean(text.text)
        result.answer = clean(text.answer)
        result.alternatives = text.alternatives.map(clean)
        result.options = text.options.map(clean)
        result.explanation = clean(text.explanation)
        return result
    }
}
