import BrainyKit

/// Context-aware completion: the commands allowed in the current state for the first word; after a command, its
/// arguments (categories in Korean and English, quiz types, formats, selections, setting names and values, quiz ids).
struct ShellCompleter {
    let session: ShellSession

    func candidates(_ lineBeforeCursor: String) -> [String] {
        let endsWithSpace = lineBeforeCursor.last?.isWhitespace ?? false
        var words = CommandLineSplitter.words(lineBeforeCursor)
        let current = endsWithSpace ? "" : (words.popLast() ?? "")
        let options: [String]
        if words.isEmpty {
            options = session.flow.allowedCommands.map(\.rawValue)
        } else if let command = CommandCatalog.command(named: words[0]) {
            options = arguments(for: command, previous: Array(words.dropFirst()))
        } else {
            options = []
        }
        let key = current.lowercased()
        return options.filter { $0.lowercased().hasPrefix(key) }
    }

    private func arguments(for command: CommandName, previous: [String]) -> [String] {
        switch command {
        case .category: return previous.isEmpty ? QuizCategory.typedNames : []
        case .mode: return previous.isEmpty ? QuizType.typedNames : []
        case .format: return previous.isEmpty ? ["stage", "individual", "스테이지", "개별"] : []
        case .start: return QuestionSelection.allCases.map(\.rawValue).filter { !previous.contains($0) } + ["5", "10", "20"]
        case .login: return previous.isEmpty ? ["guest", "email", "google", "apple"] : []
        case .help: return previous.isEmpty ? CommandName.allCases.map(\.rawValue) : []
        case .diagram: return previous.isEmpty ? StateDiagram.Style.allCases.map(\.rawValue) : []
        case .settings:
            if previous.isEmpty { return Settings.Key.allCases.map(\.rawValue) + ["server"] }
            if previous.count == 1, previous[0].lowercased() == "server" { return ["off", "http://127.0.0.1:8080"] }
            if previous.count == 1, let key = Settings.Key(rawValue: previous[0].lowercased()) { return key.allowedValues }
            return []
        case .history:
            guard let user = session.flow.user else { return [] }
            let ids = ((try? session.deps.repository.recentQuizIds(userId: user.id, limit: 30)) ?? []).map { String($0.prefix(8)) }
            if previous.count == 1, QuizIdPattern.looksLikeId(previous[0]) { return ["--replay"] }
            return ids + QuizCategory.typedNames + ["mc", "short", "all", "from=", "to="]
        case .timing: return previous.isEmpty ? ["on", "off"] : []
        case .record: return previous.isEmpty ? ["stop"] : []
        case .clock: return previous.isEmpty ? ["advance", "set"] : (previous.count == 1 ? ["30s", "5m", "1h", "1d"] : [])
        case .flags: return previous.isEmpty ? ["aiQuiz", "voiceMode", "offlineMode"] : (previous.count == 1 ? ["on", "off"] : [])
        case .config:
            return previous.isEmpty ? ["maintenance", "min-version", "password-min", "session-timeout", "max-attempts", "lockout"] : []
        case .answer:
            guard let play = session.flow.play, play.quiz.type == .multipleChoice else { return [] }
            return play.shownOptions(in: session.console.language)
        default: return []
        }
    }
}

extension ShellSession {
    /// The completion function handed to the line editor.
    public var completer: Completer {
        { [unowned self] line in ShellCompleter(session: self).candidates(line) }
    }

    /// Who is signed in and where the flow stands: `brainy guest 객관식·나라 3/10>`.
    public var prompt: String {
        guard let user = flow.user else { return "brainy> " }
        let language = console.language
        var parts: [String] = []
        if let setup = flow.setup {
            var choice = setup.type.name[language]
            if let category = setup.category { choice += "·" + category.name[language] }
            if setup.format == .stage { choice += "·" + setup.format.name[language] }
            parts.append(choice)
        }
        if let play = flow.play, [.question, .answered, .interrupted].contains(flow.state) {
            parts.append("\(min(play.index + 1, play.questions.count))/\(play.questions.count)")
        }
        if flow.state == .interrupted { parts.append(Localized(ko: "중단됨", en: "interrupted")[language]) }
        let name = user.displayName.count > 24 ? String(user.displayName.prefix(23)) + "…" : user.displayName
        return "brainy \(name)" + (parts.isEmpty ? "" : " " + parts.joined(separator: " ")) + "> "
    }
}
