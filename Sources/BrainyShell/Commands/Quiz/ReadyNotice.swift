import BrainyKit

/// What the player is told once a quiz is set up: the choice, and how to start (the next stage, or the defaults).
enum ReadyNotice {
    static func show(in context: QuizContext) throws {
        guard let setup = context.flow.setup, let category = setup.category, let user = context.flow.user else { return }
        let settings = context.settings
        let head = Localized(ko: "\(setup.type.name.ko) · \(category.name.ko) · \(setup.format.name.ko). ",
                             en: "\(setup.type.name.en) · \(category.name.en) · \(setup.format.name.en). ")
        if setup.format == .stage {
            let stage = StagePlan.nextStage(highestCleared: try context.highestClearedStage(
                userId: user.id, category: category, type: setup.type))
            context.console.line(head + Localized(ko: "'start'로 \(Josa.attach("스테이지 \(stage)", .object)) 시작하세요.",
                                                  en: "Type 'start' to play stage \(stage)."))
        } else if setup.type == .ai {
            context.console.line(head + Localized(
                ko: "'start [개수]'로 시작하세요: 정답률 70% 근처가 되도록 고른 문제가 나옵니다 (기본: \(settings.defaultCount)문제).",
                en: "Type 'start [count]' to begin: questions chosen so that you are right about 70% of the time (default: \(settings.defaultCount))."))
        } else {
            let selections = QuestionSelection.typedNames.joined(separator: "|")
            context.console.line(head + Localized(
                ko: "'start [\(selections)] [개수]'로 시작하세요 (기본: \(settings.defaultSelection.rawValue) \(settings.defaultCount)).",
                en: "Type 'start [\(selections)] [count]' to begin (default: \(settings.defaultSelection.rawValue) \(settings.defaultCount))."))
        }
    }
}
