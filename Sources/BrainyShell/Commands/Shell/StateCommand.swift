import BrainyKit

/// `state`: the current state, its context, the commands allowed now and the moves out of it with their guards.
enum StateCommand: ShellCommand {
    static let name = CommandName.state
    static let usage = "state"
    static let maximumWords: Int? = 0
    static let summary = Localized(ko: "현재 상태와 맥락, 지금 쓸 수 있는 명령", en: "the current state, its context and the commands allowed now")
    static let details = Localized(ko: "상태에서 나가는 전이와 조건도 보여 줍니다.", en: "Also lists the transitions out of the state with their guards.")

    /// Longer than a small terminal in some states: through the pager then (it prints at once when it fits).
    static func isPaged(_ arguments: CommandArguments) -> Bool { true }

    static func run(_ arguments: CommandArguments, in context: ShellContext) throws -> CommandOutcome {
        if context.outputFormat == .table { show(in: context) } else { showForScripts(in: context) }
        return .proceed
    }

    private static func show(in context: ShellContext) {
        let console = context.console
        let flow = context.flow
        let language = console.language
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
        if let watch = context.adWatch, let origin = flow.adOrigin {
            console.line(console.text(Localized(ko: "광고: ", en: "Ad: ")) + AdCard.clean(watch.ad.sponsor) + " · "
                         + console.text(Localized(ko: "\(watch.secondsLeft(at: context.now))초 남음 · 끝나면 \(origin.rawValue)(으)로",
                                                  en: "\(watch.secondsLeft(at: context.now))s left · then back to \(origin.rawValue)")))
        }
        console.line(console.text(Localized(ko: "지금 쓸 수 있는 명령: ", en: "Allowed now: "))
                     + context.allowedCommands.map(\.rawValue).joined(separator: ", "))
        let moves = TransitionTable.rules(from: flow.state)
            .filter { $0.isMove && $0.command.map(context.allowedCommands.contains) == true }
        if !moves.isEmpty {
            console.line(console.text(Localized(ko: "전이:", en: "Transitions:")))
            for rule in moves {
                let guardText = rule.guardText.map { " [\($0[language])]" } ?? ""
                console.line("  " + console.paint(rule.trigger.label, \.accent) + guardText + " → "
                             + rule.to.map(\.rawValue).joined(separator: " | "))
            }
        }
    }

    /// `state` as JSON or key–value lines.
    private static func showForScripts(in context: ShellContext) {
        let console = context.console
        let flow = context.flow
        let transitions = TransitionTable.rules(from: flow.state)
            .filter { $0.isMove && $0.command.map(context.allowedCommands.contains) == true }
            .map { Report.Transition(command: $0.trigger.label, to: $0.to.map(\.rawValue), guardText: $0.guardText?.en) }
        let progress = flow.play.map {
            Report.State.Progress(quizId: $0.quiz.id, question: min($0.index + 1, $0.questions.count),
                                  questions: $0.questions.count, correct: $0.correctCount)
        }
        let report = Report.State(
            state: flow.state.rawValue, user: flow.user?.displayName, provider: flow.user?.provider.rawValue,
            setup: flow.setup.map { Report.State.Setup(type: $0.type.rawValue, category: $0.category?.rawValue, format: $0.format.rawValue) },
            quiz: progress, hintCredits: flow.user == nil ? nil : flow.hintCredits, timerSeconds: flow.timerSeconds,
            allowed: context.allowedCommands.map(\.rawValue), transitions: transitions)
        if context.outputFormat == .json { return console.data(Report.json(report)) }
        var pairs: [[String]] = [["state", report.state], ["user", report.user ?? ""]]
        if let setup = report.setup { pairs += [["type", setup.type], ["category", setup.category ?? ""], ["format", setup.format]] }
        if let quiz = report.quiz { pairs += [["quiz", quiz.quizId], ["question", "\(quiz.question)/\(quiz.questions)"], ["correct", String(quiz.correct)]] }
        pairs.append(["allowed", report.allowed.joined(separator: " ")])
        console.data(Report.plain(["key", "value"], pairs))
    }
}
