import Foundation
import Glibc
import Testing

/// A question pack that lies: every question of one category carries terminal controls in its text, options, answer
/// and explanation (an OSC that retitles the window, CSIs that colour, move the cursor and clear the screen, BEL, a
/// carriage return, a right-to-left override, C1 controls). Played through the built shell at a real terminal
/// (TERM=xterm-256color, 24 rows, no PAGER): nothing of them reaches the terminal raw, whichever command shows the text,
/// and what the person types with such characters is not shown back raw either.
@Suite(.serialized) struct HostileOutputEndToEndTests {
    /// Each control with a parameter no program writes, so that finding it in the output can only mean the pack's.
    static let controls = [
        "\u{1B}]0;PWNED\u{07}", "\u{1B}[31337m", "\u{1B}[7777;7777H", "\u{07}", "\r", "\u{202E}", "\u{9B}4242m",
        "\u{9D}0;C1PWN\u{9C}", "\u{1B}P4343\u{1B}\\",
    ]
    static let hidden = controls.joined()
    /// A visible word in each poisoned field, before its controls: seeing it says the field was shown (its controls
    /// made harmless, not the field dropped). The options and the answer share theirs: the answer is one of them.
    static let markers = (text: "TEXTMARK", choice: "CHOICEMARK", explanation: "EXPLAINMARK")
    /// What must never be in the raw output.
    static let forbidden: [(String, [UInt8])] = [
        ("OSC title", Array("\u{1B}]0;PWNED".utf8)), ("SGR 31337", Array("\u{1B}[31337m".utf8)),
        ("cursor move", Array("\u{1B}[7777;7777H".utf8)), ("right-to-left override", Array("\u{202E}".utf8)),
        ("right-to-left isolate", Array("\u{2067}".utf8)),
        ("C1 CSI", Array("\u{9B}".utf8)), ("C1 OSC", Array("\u{9D}".utf8)), ("DCS", Array("\u{1B}P4343".utf8)),
        ("BEL", [0x07]),
    ]

    let home: URL
    let resources: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("brainy-hostile-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        resources = home.appendingPathComponent("resources")
        try FileManager.default.copyItem(at: Self.shippedResources(), to: resources)
        try poisonMusic(in: resources.appendingPathComponent("Packs/core"))
    }

    /// The resources the built shell reads: the bundle beside it, or an install's share folder.
    static func shippedResources() throws -> URL {
        let binary = PseudoTerminal.builtProduct(named: "brainy").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [binary.appendingPathComponent("Brainy_BrainyResources.resources"),
                          binary.deletingLastPathComponent().appendingPathComponent("share/brainy")]
        return try #require(candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Packs/core/manifest.json").path)
        }, "no resources beside \(binary.path)")
    }

    /// Every music question of the core pack, in both languages, with the controls in each field.
    func poisonMusic(in pack: URL) throws {
        let file = pack.appendingPathComponent("music.json")
        var document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let questions = try #require(document["questions"] as? [[String: Any]])
        document["questions"] = questions.map { question in
            var question = question
            for language in ["ko", "en"] {
                guard var text = question[language] as? [String: Any] else { continue }
                text["text"] = "\(Self.markers.text)\(Self.hidden)" + (text["text"] as? String ?? "")
                text["answer"] = (text["answer"] as? String ?? "") + Self.markers.choice + Self.hidden
                text["options"] = (text["options"] as? [String])?.map { $0 + Self.markers.choice + Self.hidden }
                text["explanation"] = "\(Self.markers.explanation)\(Self.hidden)" + (text["explanation"] as? String ?? "")
                question[language] = text
            }
            return question
        }
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let manifestFile = pack.appendingPathComponent("manifest.json")
        var manifest = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: manifestFile)) as? [String: Any])
        manifest["version"] = "hostile-1"
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
    }

    func launch() throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", home.appendingPathComponent("brainy.sqlite").path, "--lang", "en", "--seed", "3"],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "XDG_CONFIG_HOME": home.path, "PATH": "/usr/bin:/bin", "BRAINY_RESOURCES": resources.path],
            columns: 100, rows: 24)
        _ = try terminal.expect("Brainy 0.1.0")
        try terminal.waitForRawMode()
        return terminal
    }

    /// The controls of `forbidden` found in what the shell wrote since the last `clearOutput`.
    static func leaks(in terminal: PseudoTerminal) -> [String] {
        let raw = terminal.rawOutput
        return forbidden.filter { _, bytes in
            raw.indices.contains { raw[$0...].starts(with: bytes) }
        }.map(\.0)
    }

    @Test func aHostilePacksTextNeverReachesTheTerminalRaw() throws {
        let shell = try launch()
        defer { try? FileManager.default.removeItem(at: home) }
        shell.sendLine("login guest")
        _ = try shell.expect("Signed in as guest")
        // Only what the shell writes from here on: the banner and the prompt are the shell's own.
        shell.clearOutput()
        for (line, shown) in [("mode mc", "Multiple choice chosen"), ("category music", "Type 'start"),
                              ("start 2", "[1/2]"), ("hint", "Removed wrong options"), ("1", "Answer:"),
                              ("next", "[2/2]"), ("skip", "Skipped"), ("history", "'history <id>'")] {
            shell.sendLine(line)
            _ = try shell.expect(shown)
        }
        let id = try #require(shell.output.split(separator: "\n").lazy
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .first { $0.count == 8 && $0.allSatisfy(\.isHexDigit) }, "\(shell.output)")
        for (line, shown) in [("history \(id)", "Yours:"), ("stats", "Last played"), ("profile", "hostile-1"),
                              ("mode short", "Short answer chosen"), ("category music", "Type 'start"), ("start 1", "[1/1]"),
                              ("hint", "hint"),
                              ("skip", "Answer:")] {
            shell.sendLine(line)
            _ = try shell.expect(shown)
        }
        for marker in [Self.markers.text, Self.markers.choice, Self.markers.explanation] {
            #expect(shell.output.contains(marker), "the pack's \(marker) was not shown: \(shell.output)")
        }
        #expect(Self.leaks(in: shell).isEmpty, "\(Self.leaks(in: shell)): \(String(decoding: shell.rawOutput, as: UTF8.self).debugDescription)")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    /// What the person types with right-to-left overrides in it (pasted, say): the line editor echoes the keys as
    /// typed, but what the shell prints back (the refusal of a setting, the answer in history, the profile) holds none.
    @Test func typedControlsAreNotShownBackRaw() throws {
        let shell = try launch()
        defer { try? FileManager.default.removeItem(at: home) }
        var leaks: [String] = []
        /// Types `line`, waits for its echo, then looks only at what the shell answers.
        func enter(_ line: String, echoed: String, answer: String) throws {
            shell.send(line)
            _ = try shell.expect(echoed)
            shell.clearOutput()
            shell.send("\r")
            _ = try shell.expect(answer)
            leaks += Self.leaks(in: shell).map { "\($0) after '\(line)': \(String(decoding: shell.rawOutput, as: UTF8.self).debugDescription)" }
        }
        try enter("login guest", echoed: "guest", answer: "Signed in as guest")
        try enter("mode short", echoed: "short", answer: "Short answer chosen")
        try enter("category music", echoed: "music", answer: "Type 'start")
        try enter("start 1", echoed: "start 1", answer: "[1/1]")
        try enter("answer abc\u{202E}def\u{2067}ghi", echoed: "ghi", answer: "Answer:")
        try enter("next", echoed: "next", answer: "Quiz result")
        try enter("settings ai http://h\u{202E}x/v1", echoed: "/v1", answer: "ai")
        try enter("settings count 1\u{202E}0", echoed: "0", answer: "count")
        try enter("history", echoed: "history", answer: "'history <id>'")
        let id = try #require(shell.output.split(separator: "\n").lazy
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .first { $0.count == 8 && $0.allSatisfy(\.isHexDigit) }, "\(shell.output)")
        try enter("history \(id)", echoed: id, answer: "Yours:")
        #expect(shell.output.contains("abc"), "the typed answer is shown: \(shell.output)")
        try enter("profile", echoed: "profile", answer: "hostile-1")
        #expect(leaks.isEmpty, "\(leaks)")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }
}
