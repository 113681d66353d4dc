import BrainyKit
import Foundation

extension ShellSession {
    func showHelp(_ topic: String?) throws(BrainyError) {
        let language = console.language
        if let topic {
            guard let command = CommandCatalog.command(named: topic), !command.isQA || flow.qaEnabled else {
                throw .unknownCommand(topic, suggestion: CommandCatalog.suggestion(for: topic))
            }
            let info = CommandCatalog.info(command)
            console.line(console.paint(info.usage, \.emphasis))
            console.line("  " + info.summary[language])
            if !info.details[language].isEmpty { console.line("  " + info.details[language]) }
            if !info.aliases.isEmpty {
                console.line(console.paint("  " + console.text(Localized(ko: "다른 이름: ", en: "aliases: "))
                                           + info.aliases.joined(separator: ", "), \.muted))
            }
            if !TransitionTable.allows(command, in: flow.state) {
                console.line(console.paint("  " + console.text(Localized(
                    ko: "지금(\(flow.state.name.ko))은 쓸 수 없습니다.", en: "Not allowed now (\(flow.state.name.en)).")), \.warning))
            }
            return
        }
        console.line(console.paint(console.text(Localized(ko: "지금 쓸 수 있는 명령", en: "Commands you can use now"))
                                   + " (\(flow.state.name[language])):", \.emphasis))
        let allowed = flow.allowedCommands
        func shownUsage(_ command: CommandName) -> String {
            let usage = CommandCatalog.info(command).usage
            return usage.displayWidth > 40 ? command.rawValue + " …" : usage
        }
        let width = allowed.map { shownUsage($0).displayWidth }.max() ?? 10
        for command in allowed {
            let info = CommandCatalog.info(command)
            let line = "  " + console.paint(shownUsage(command).padded(toWidth: width), \.accent) + "  " + info.summary[language]
            console.line(line.displayWidth > columns ? line.truncated(toWidth: columns) : line)
        }
        if flow.state == .question {
            console.line(console.paint(console.text(Localized(
                ko: "문제 중에는 명령이 아닌 줄이 그대로 답이 됩니다.", en: "While a question is open, a line that is not a command is your answer.")), \.muted))
        }
        console.line(console.paint(console.text(Localized(ko: "'help <명령>'으로 자세히.", en: "'help <command>' for details.")), \.muted))
    }

    func showState() {
        let language = console.language
        if outputFormat != .table { return showStateForScripts() }
        let described = flow.state.name[language] == flow.state.rawValue ? "" : " — " + flow.state.name[language]
        console.line(console.text(Localized(ko: "상태: ", en: "State: ")) + console.paint(flow.state.rawValue, \.emphasis) + described)
        if let user = flow.user {
            console.line(console.text(Localized(ko: "사용자: ", en: "User: ")) + "\(user.displayName) (\(user.provider.name[language]))")
        }
        if let setup = flow.setup {
            var parts = [setup.type.name[language]]
            if let category = setup.category { parts.append(category.name[language]) }
            parts.append(setup.format.name[language])
            console.line(console.text(Localized(ko: "선택: ", en: "Setup: ")) + parts.joined(separator: " · "))
        }
        if let play = flow.play {
            console.line(console.text(Localized(ko: "퀴즈: ", en: "Quiz: "))
                         + "\(String(play.quiz.id.prefix(8))) · \(min(play.index + 1, play.questions.count))/\(play.questions.count) · "
                         + console.text(Localized(ko: "점수 ", en: "score ")) + "\(play.correctCount)")
        }
        if flow.user != nil {
            console.line(console.text(Localized(ko: "힌트: ", en: "Hints: ")) + "\(flow.hintCredits)   "
                         + console.text(Localized(ko: "타이머: ", en: "Timer: "))
                         + (flow.timerSeconds == 0 ? console.text(Localized(ko: "끔", en: "off")) : "\(flow.timerSeconds)s"))
        }
        console.line(console.text(Localized(ko: "지금 쓸 수 있는 명령: ", en: "Allowed now: "))
                     + flow.allowedCommands.map(\.rawValue).joined(separator: ", "))
        let moves = TransitionTable.rules(from: flow.state)
            .filter { $0.isMove && $0.command.map(flow.allowedCommands.contains) == true }
        if !moves.isEmpty {
            console.line(console.text(Localized(ko: "전이:", en: "Transitions:")))
            for rule in moves {
                let guardText = rule.guardText.map { " [\($0[language])]" } ?? ""
                console.line("  " + console.paint(rule.trigger.label, \.accent) + guardText + " → "
                             + rule.to.map(\.rawValue).joined(separator: " | "))
            }
        }
    }

    func showDiagram(_ arguments: [String]) throws(BrainyError) {
        let word = arguments.first?.lowercased() ?? "mermaid"
        guard let style = StateDiagram.Style(rawValue: word) else {
            throw .invalidArgument(command: "diagram", value: word, expected: StateDiagram.Style.allCases.map(\.rawValue))
        }
        console.line(StateDiagram.render(style, current: flow.state, includeQA: flow.qaEnabled))
    }

    func changeSettings(_ arguments: [String]) throws(BrainyError) {
        guard let user = flow.user else { return }
        guard let keyWord = arguments.first else {
            let language = console.language
            switch outputFormat {
            case .json:
                var values = Dictionary(uniqueKeysWithValues: Settings.Key.allCases.map { ($0.rawValue, settings.value(of: $0)) })
                values["server"] = serverURL ?? "off"
                return console.line(Report.json(values))
            case .plain:
                return console.line(Report.plain(["key", "value"], Settings.Key.allCases.map { [$0.rawValue, settings.value(of: $0)] }
                                                 + [["server", serverURL ?? "off"]]))
            case .table: break
            }
            let width = Settings.Key.allCases.map(\.rawValue.count).max() ?? 10
            for key in Settings.Key.allCases {
                console.line(console.paint(key.rawValue.padded(toWidth: width), \.accent) + "  "
                             + console.paint(settings.value(of: key).padded(toWidth: 8), \.emphasis) + "  "
                             + console.paint(key.help[language], \.muted))
            }
            console.line(console.paint("server".padded(toWidth: width), \.accent) + "  "
                         + console.paint((serverURL ?? "off").padded(toWidth: 8), \.emphasis) + "  "
                         + console.paint(console.text(Self.serverHelp), \.muted))
            console.line(console.paint(console.text(Localized(ko: "바꾸기: settings <이름> <값>", en: "Change one: settings <key> <value>")), \.muted))
            return
        }
        if keyWord.lowercased() == "server" { return try changeServer(arguments.dropFirst().first) }
        guard let key = Settings.Key(rawValue: keyWord.lowercased()) else { throw .unknownSetting(keyWord) }
        guard arguments.count > 1 else {
            console.line("\(key.rawValue) = \(settings.value(of: key))   " + console.paint(
                console.text(key.help) + " · " + key.allowedValues.joined(separator: "|"), \.muted))
            return
        }
        var changed = settings
        try changed.set(key, to: arguments[1])
        try repository.saveSettings(changed, userId: user.id)
        applyUserSettings(changed)
        console.line(console.paint("✔ ", \.success) + Localized(
            ko: "\(key.rawValue) = \(changed.value(of: key)) (저장됨)", en: "\(key.rawValue) = \(changed.value(of: key)) (saved)")[console.language])
        if key == .language, let forced = deps.languageOverride, forced != changed.language {
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --lang \(forced.rawValue)가 우선합니다.", en: "For this run --lang \(forced.rawValue) wins.")), \.muted))
        }
        if key == .format, let forced = deps.formatOverride, forced != changed.outputFormat {
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --format \(forced.rawValue)가 우선합니다.", en: "For this run --format \(forced.rawValue) wins.")), \.muted))
        }
    }
}

extension ShellSession {
    /// `state` as JSON or key–value lines.
    func showStateForScripts() {
        let transitions = TransitionTable.rules(from: flow.state)
            .filter { $0.isMove && $0.command.map(flow.allowedCommands.contains) == true }
            .map { Report.Transition(command: $0.trigger.label, to: $0.to.map(\.rawValue), guardText: $0.guardText?.en) }
        let progress = flow.play.map {
            Report.State.Progress(quizId: $0.quiz.id, question: min($0.index + 1, $0.questions.count),
                                  questions: $0.questions.count, correct: $0.correctCount)
        }
        let report = Report.State(
            state: flow.state.rawValue, user: flow.user?.displayName, provider: flow.user?.provider.rawValue,
            setup: flow.setup.map { Report.State.Setup(type: $0.type.rawValue, category: $0.category?.rawValue, format: $0.format.rawValue) },
            quiz: progress, hintCredits: flow.user == nil ? nil : flow.hintCredits, timerSeconds: flow.timerSeconds,
            allowed: flow.allowedCommands.map(\.rawValue), transitions: transitions)
        if outputFormat == .json { return console.line(Report.json(report)) }
        var pairs: [[String]] = [["state", report.state], ["user", report.user ?? ""]]
        if let setup = report.setup { pairs += [["type", setup.type], ["category", setup.category ?? ""], ["format", setup.format]] }
        if let quiz = report.quiz { pairs += [["quiz", quiz.quizId], ["question", "\(quiz.question)/\(quiz.questions)"], ["correct", String(quiz.correct)]] }
        pairs.append(["allowed", report.allowed.joined(separator: " ")])
        console.line(Report.plain(["key", "value"], pairs))
    }
}

extension ShellSession {
    static let serverHelp = Localized(ko: "동기화 서버 주소 (이 기기 전체, --server가 우선) · URL|off",
                                      en: "the sync server (for this device; --server wins) · URL|off")

    /// `settings server [URL|off]`: the device's sync server, kept for every user of this device.
    func changeServer(_ value: String?) throws(BrainyError) {
        guard let value else {
            return console.line("server = \(serverURL ?? "off")   " + console.paint(console.text(Self.serverHelp), \.muted))
        }
        if ["off", "none", "끄기"].contains(value.lowercased()) {
            try repository.setSyncValue(nil, for: SyncKeys.server)
        } else {
            guard deps.isValidServerURL(value) else { throw .invalidServerURL(value) }
            try repository.setSyncValue(value, for: SyncKeys.server)
        }
        serverReachable = nil
        console.line(console.paint("✔ ", \.success) + Localized(
            ko: "server = \(serverURL ?? "off") (저장됨)", en: "server = \(serverURL ?? "off") (saved)")[console.language])
        if let forced = deps.serverURL, forced != value {
            console.line(console.paint(console.text(Localized(
                ko: "이번 실행에서는 --server \(forced)가 우선합니다.", en: "For this run --server \(forced) wins.")), \.muted))
        }
    }
}
