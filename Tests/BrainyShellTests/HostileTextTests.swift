import BrainyAPI
import BrainyKit
@testable import BrainyStore
import Foundation
import Testing
@testable import BrainyShell

/// Issue 25, item 5: one cleaning function for all outside text, bidirectional and zero-width controls included, used
/// on every path that prints what came from outside or what was typed, and JSON output with every control escaped.
@Suite struct HostileTextTests {
    /// Strings an attacker would send: each must reach the terminal with none of what it hides.
    static let hostile: [String] = [
        "\u{1B}]52;c;aGVsbG8=\u{07}clip",            // OSC 52: writes the clipboard
        "\u{1B}]0;owned\u{07}title",                 // OSC 0: retitles the window
        "\u{1B}[2J\u{1B}[Hclear",                    // CSI 2J: clears the screen
        "\u{9B}31mC1-CSI",                           // a C1 CSI, one scalar
        "gpj\u{202E}exe.jpg",                        // right-to-left override
        "\u{2066}isolate\u{2069}\u{2067}rtl\u{2069}\u{2068}first\u{2069}",
        "\u{202A}lre\u{202C}\u{202B}rle\u{202C}\u{202D}lro\u{202C}",
        "lrm\u{200E}rlm\u{200F}alm\u{061C}",
        "zero\u{200B}width\u{200C}non\u{2060}joiner\u{FEFF}bom\u{00AD}shy",
        "tag\u{E0041}\u{E0042}smuggled",            // tag characters outside a flag
        "line\u{2028}separator\u{2029}paragraph",
        "nul\u{0}bel\u{7}del\u{7F}",
    ]

    /// Nothing a terminal acts on or hides is left (a line break and a tab, as plain output separates columns, aside).
    static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                || [0x200B, 0x200C, 0x200E, 0x200F, 0x2060, 0xFEFF, 0x00AD, 0x061C, 0x2028, 0x2029].contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                || (0xE0000...0xE007F).contains(value)
        }
    }

    @Test(arguments: hostile) func theCleaningFunctionLeavesNothingHidden(_ text: String) {
        let cleaned = OutsideText.clean(text)
        #expect(Self.isSafe(cleaned), "\(cleaned.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(!cleaned.contains("\u{200D}"))
    }

    @Test func whatIsShownIsWhatIsWrittenInOrder() {
        #expect(OutsideText.clean("gpj\u{202E}exe.jpg") == "gpjexe.jpg")
        #expect(OutsideText.clean("zero\u{200B}width\u{00AD}") == "zerowidth")
        #expect(OutsideText.clean("a\u{2028}b", keepingLines: true) == "a\nb")
        #expect(OutsideText.clean("a\u{2028}b") == "a b")
    }

    /// The decision on the zero-width joiner: kept between two emoji (a family, a flag, a skin tone stays one
    /// picture), removed anywhere else; tag characters kept only in a subdivision flag.
    @Test(arguments: [
        ("👩\u{200D}💻", "👩\u{200D}💻"),
        ("👩🏽\u{200D}💻", "👩🏽\u{200D}💻"),
        ("❤\u{FE0F}\u{200D}🔥", "❤\u{FE0F}\u{200D}🔥"),
        ("🏳\u{FE0F}\u{200D}🌈", "🏳\u{FE0F}\u{200D}🌈"),
        ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"),
        ("a\u{200D}b", "ab"),
        ("👍\u{200D}", "👍"),
        ("\u{200D}👍", "👍"),
        ("1\u{200D}2", "12"),
        ("가\u{200D}💻", "가💻"),
        ("👍\u{200D}\u{202E}👎", "👍👎"),
    ])
    func theJoinerStaysOnlyInsideAnEmoji(_ pair: (String, String)) {
        #expect(OutsideText.clean(pair.0) == pair.1)
    }

    /// The quick ranges in `isFormat` agree with Unicode's category for every scalar (a later Unicode version may
    /// add a format character where the quick test says there is none).
    @Test func theQuickTestForFormatCharactersAgreesWithUnicode() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if OutsideText.isFormat(scalar) != (scalar.properties.generalCategory == .format) {
                Issue.record("U+\(String(value, radix: 16, uppercase: true))")
                return
            }
        }
    }

    @Test func plainTextPassesUntouched() {
        for text in ["서울은 한국의 수도", "Café — naïve", "日本語", "مرحبا", "👍🏽 ok"] {
            #expect(OutsideText.clean(text) == text)
        }
    }

    // MARK: JSON output

    @Test(arguments: hostile) func jsonOutputEscapesEveryControlAndKeepsTheString(_ text: String) throws {
        let json = Report.json(["name": text])
        #expect(Self.isSafe(json), "\(json)")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
        #expect(decoded["name"] == text, "a program reading the JSON gets the same string back")
    }

    @Test func jsonLeaderboardEscapesTheC1CSI() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        _ = try session.execute("login guest")
        let user = try #require(session.flow.user)
        let names = Self.hostile + ["mallory\u{9B}2J"]
        try shell.database.saveLeaderboard(LeaderboardResponse(
            date: "2026-11-26", entries: names.enumerated().map { .init(rank: $0 + 1, displayName: $1, score: 10, accuracy: 0.5) },
            you: nil), userId: user.id, now: ShellHarness.start)
        for format in ["json", "plain", "table"] {
            _ = try session.execute("settings format \(format)")
            let before = session.console.captured.count
            _ = try session.execute("leaderboard")
            let shown = String(session.console.captured.dropFirst(before))
            #expect(Self.isSafe(shown), "\(format): \(shown.debugDescription)")
            #expect(!shown.unicodeScalars.contains("\u{9B}"))
        }
    }

    // MARK: Paths that echo what was typed or read

    @Test(arguments: hostile) func settingsEchoesAndListsOnlyCleanText(_ text: String) throws {
        let shell = try ShellHarness()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = shell.session()
        _ = try session.execute("login guest")
        let lines = ["settings server 'http://127.0.0.1:1/\(text)'", "settings ai 'http://127.0.0.1:1/v1/\(text)'",
                     "settings voice-out '\(folder.path)/\(text.replacingOccurrences(of: "/", with: "_"))'",
                     "settings server", "settings ai", "settings voice-out", "settings",
                     "settings server '\(text)'", "settings theme '\(text)'", "settings '\(text)' x"]
        for line in lines {
            do { _ = try session.execute(line) } catch { session.console.error(session.message(for: error).en) }
        }
        #expect(Self.isSafe(session.console.captured), "\(session.console.captured.debugDescription)")
    }

    @Test(arguments: hostile) func sourcingAHostileFileNameShowsItClean(_ text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = text.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\u{0}", with: "0")
        let path = folder.appendingPathComponent("\(name).brainy").path
        try "mode quantum\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try ShellHarness().session()
        _ = try session.execute("login guest")
        for line in ["source '\(path)'", "source '\(path).missing'"] {
            do { _ = try session.execute(line) } catch { session.console.error(session.message(for: error).en) }
        }
        #expect(session.console.captured.contains(", line 1"))
        #expect(Self.isSafe(session.console.captured), "\(session.console.captured.debugDescription)")
    }

    @Test(arguments: hostile) func aServersErrorMessageIsShownClean(_ text: String) {
        let errors: [any Error] = [RemoteError.server(status: 400, code: text, message: text),
                                   ShellError.serverUnreachable(text), BrainyError.invalidEmail(text)]
        for error in errors {
            for language in Language.allCases {
                #expect(Self.isSafe(ErrorMessage.of(error)[language]), "\(error)")
            }
        }
    }

    /// A pack's (or a model's) question with every hostile string in its text, options and explanation, played.
    @Test func aQuestionFromOutsideIsPlayedClean() throws {
        let shell = try ShellHarness(questionsPerCategory: 1)
        let hidden = Self.hostile.joined()
        var question = ShellHarness.question(category: .music, number: 1)
        question.en.text = "Which \(hidden)one?"
        question.en.options = question.en.options.map { $0 + hidden }
        question.en.answer = question.en.options[0]
        question.en.explanation = "Because\(hidden)."
        _ = try shell.database.importPack(QuestionPack(id: "core", version: "test-2", questions: [question]),
                                          now: ShellHarness.start)
        let result = shell.run(["login guest", "mode mc", "category music", "start 1", "1", "history 1"])
        #expect(result.output.contains("Which "), "\(result.output)")
        #expect(Self.isSafe(result.output), "\(result.output.debugDescription)")
    }

    /// An answer kept as given with every hostile string in it: the shell refuses a typed answer with controls, but a
    /// restore keeps what the server sends, which another device of the account (or a client that lies) put there.
    /// `history <quiz>` shows it clean.
    @Test func aRestoredAnswerAsGivenIsShownClean() throws {
        let shell = try ShellHarness(questionsPerCategory: 1)
        let hidden = Self.hostile.joined()
        let played = shell.run(["login guest", "mode short", "category music", "start 1", "answer mine", "next", "history"])
        let id = try #require(played.output.split(separator: "\n").lazy
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .first { $0.count == 8 && $0.allSatisfy(\.isHexDigit) }, "\(played.output)")
        // What a download page keeps for that answer when the server sent the hostile text as given.
        try shell.database.writer.write { db in
            try db.execute(sql: "UPDATE quizResult SET givenAnswer = ?", arguments: ["mine\(hidden)end"])
            #expect(db.changesCount == 1)
        }
        let detail = shell.run(["history \(id)"])
        #expect(detail.output.contains("mine"), "\(detail.output)")
        #expect(Self.isSafe(detail.output), "\(detail.output.debugDescription)")
    }

    @Test func aURLsCredentialsAreNeverEchoed() throws {
        let shell = try ShellHarness()
        let session = shell.session()
        _ = try session.execute("login guest")
        for line in ["settings server http://mina:hunter2@127.0.0.1:8080", "settings ai https://mina:hunter2@h/v1"] {
            #expect(throws: ShellError.self) { try session.execute(line) }
            do { _ = try session.execute(line) } catch { session.console.error(session.message(for: error).en) }
        }
        #expect(session.console.captured.contains("http://***@127.0.0.1:8080"), "\(session.console.captured)")
        #expect(!session.console.captured.contains("hunter2"))
        #expect(SecretWords.masking("see 'http://u:p@h/x' and https://a@b") == "see 'http://***@h/x' and https://***@b")
        #expect(SecretWords.masking("http://h/path@x") == "http://h/path@x")
    }
}
