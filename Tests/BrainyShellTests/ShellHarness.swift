import BrainyKit
import BrainyPasswords
import BrainyResources
import BrainyShell
import BrainyStore
import Foundation

/// Runs scripts through a real session and runner over an in-memory database, with a manual clock.
final class ShellHarness {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    let database: AppDatabase
    let clock = ManualClock(ShellHarness.start)
    var config = RemoteConfig(passwordMinLength: 8, sessionTimeoutMinutes: 60, maxLoginAttempts: 3, lockoutMinutes: 15)

    /// Over a database in memory, or over the file at `databasePath` (two harnesses on one file are two shells).
    init(questionsPerCategory: Int = 12, databasePath: String? = nil) throws {
        if let databasePath {
            database = try AppDatabase.openFile(at: databasePath)
        } else {
            database = try AppDatabase.inMemory()
        }
        let questions = QuizCategory.allCases.flatMap { category in
            (1...questionsPerCategory).map { number in
                ShellHarness.question(category: category, number: number)
            }
        }
        try database.importPack(QuestionPack(id: "core", version: "test-1", questions: questions), now: Self.start)
    }

    /// Answers are "answer-N" / "정답-N"; options are the answer and three wrong ones, the answer listed first.
    static func question(category: QuizCategory, number: Int) -> Question {
        let id = String(format: "\(category.rawValue)-%04d", number)
        return Question(
            id: id, category: category, difficulty: Difficulty.allCases[(number - 1) * 3 / 12 % 3], voice: true,
            ko: .init(text: "\(category.name.ko) 질문 \(number)?", answer: "정답\(number)번", alternatives: ["정답"],
                      options: ["정답\(number)번", "오답A", "오답B", "오답C"], explanation: "설명 \(number)"),
            en: .init(text: "\(category.name.en) question \(number)?", answer: "right\(number)", alternatives: ["right"],
                      options: ["right\(number)", "wrongA", "wrongB", "wrongC"], explanation: "Because \(number)."))
    }

    func services() -> ShellServices {
        var services = ShellServices(repository: database, hasher: ScryptPasswordHasher(rounds: 1 << 8), clock: clock,
                                     config: config)
        services.knowledgeFolder = BrainyResources.knowledgeDirectory
        return services
    }

    /// A session to drive command by command (for what must happen between commands, like the clock moving).
    func session(seed: UInt64 = 7, language: Language = .en, qa: Bool = false) -> ShellSession {
        return ShellSession(services: services(),
                            options: ShellOptions(seed: seed, languageOverride: language, timeZone: .gmt, qaEnabled: qa),
                            reader: PlainLineReader(lines: []),
                            console: Console(language: language, theme: .system, colorEnabled: false, capturing: true))
    }

    /// Runs the lines as a script (not on a terminal) and returns the exit status and everything printed.
    @discardableResult
    func run(_ lines: [String], seed: UInt64 = 7, language: Language = .en, qa: Bool = false)
        -> (status: Int32, output: String) {
        let reader = PlainLineReader(lines: lines)
        let options = ShellOptions(seed: seed, languageOverride: language, timeZone: .gmt, qaEnabled: qa)
        let session = ShellSession(services: services(), options: options, reader: reader,
                                   console: Console(language: language, theme: .system, colorEnabled: false, capturing: true))
        let status = ShellRunner(session: session, reader: reader).run()
        return (status, session.console.captured)
    }
}

/// Databases for the voice tests.
enum AppDatabaseFixtures {
    /// Three music questions, none of them voice-ready.
    static func withoutVoice() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let questions = (1...3).map { number -> Question in
            var question = ShellHarness.question(category: .music, number: number)
            question.voice = false
            return question
        }
        try database.importPack(QuestionPack(id: "core", version: "test-novoice", questions: questions), now: ShellHarness.start)
        return database
    }
}
