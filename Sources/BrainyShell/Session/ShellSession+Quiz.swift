import BrainyKit
import Foundation

extension ShellSession {
    func chooseMode(_ arguments: [String]) throws(BrainyError) {
        guard let word = arguments.first else {
            throw .missingArgument(command: "mode", usage: CommandCatalog.info(.mode).usage)
        }
        guard let type = QuizType(parsing: word) else {
            throw .invalidArgument(command: "mode", value: word, expected: QuizType.typedNames)
        }
        if type == .voice && config.featureFlags.voiceMode == false || type == .ai && config.featureFlags.aiQuiz == false
            || !type.isPlayable {
            throw .quizTypeUnavailable(type)
        }
        try apply(.modeChosen(type))
        console.line(Localized(ko: "\(type.name.ko) 모드입니다. 카테고리를 고르세요: ", en: "\(type.name.en.prefix(1).uppercased() + type.name.en.dropFirst()) chosen. Choose a category: ")
                     + Localized(ko: QuizCategory.allCases.map(\.name.ko).joined(separator: ", "),
                                 en: QuizCategory.allCases.map(\.name.en).joined(separator: ", ")))
    }

    func chooseCategory(_ arguments: [String]) throws(BrainyError) {
        guard let word = arguments.first else {
            throw .missingArgument(command: "category", usage: CommandCatalog.info(.category).usage)
        }
        guard let category = QuizCategory(parsing: word), config.categories.contains(category) else {
            throw .invalidArgument(command: "category", value: word, expected: QuizCategory.typedNames)
        }
        try apply(.categoryChosen(category))
        try announceReady()
    }

    func chooseFormat(_ arguments: [String]) throws(BrainyError) {
        guard let word = arguments.first else {
            throw .missingArgument(command: "format", usage: CommandCatalog.info(.format).usage)
        }
        guard let format = QuizFormat(parsing: word) else {
            throw .invalidArgument(command: "format", value: word, expected: ["stage", "individual", "스테이지", "개별"])
        }
        try apply(.formatChosen(format))
        try announceReady()
    }

    private func announceReady() throws(BrainyError) {
        guard let setup = flow.setup, let category = setup.category, let user = flow.user else { return }
        let head = Localized(ko: "\(setup.type.name.ko) · \(category.name.ko) · \(setup.format.name.ko). ",
                             en: "\(setup.type.name.en) · \(category.name.en) · \(setup.format.name.en). ")
        if setup.format == .stage {
            let stage = StagePlan.nextStage(highestCleared: try repository.highestClearedStage(
                userId: user.id, category: category, type: setup.type))
            console.line(head + Localized(ko: "'start'로 \(Josa.attach("스테이지 \(stage)", .object)) 시작하세요.", en: "Type 'start' to play stage \(stage)."))
        } else {
            console.line(head + Localized(
                ko: "'start [random|unsolved] [개수]'로 시작하세요 (기본: \(settings.defaultSelection.rawValue) \(settings.defaultCount)).",
                en: "Type 'start [random|unsolved] [count]' to begin (default: \(settings.defaultSelection.rawValue) \(settings.defaultCount))."))
        }
    }

    func start(_ arguments: [String]) throws(BrainyError) {
        var selection = settings.defaultSelection
        var count = settings.defaultCount
        if flow.setup?.format == .stage, !arguments.isEmpty {
            console.line(console.paint(console.text(Localized(
                ko: "스테이지 형식은 다음 스테이지의 5문제를 차례로 냅니다 (\(Josa.attach(arguments.joined(separator: " "), .topic)) 쓰이지 않습니다).",
                en: "Stage format plays the next stage's five questions in order (\(arguments.joined(separator: " ")) is not used).")), \.muted))
        }
        for word in arguments {
            if let chosen = QuestionSelection(parsing: word) {
                selection = chosen
            } else if let number = Int(word), (1...50).contains(number) {
                count = number
            } else {
                throw .invalidArgument(command: "start", value: word, expected: ["random", "unsolved", "1–50"])
            }
        }
        try apply(.startRequested(selection: selection, count: count))
    }

    /// Deals the questions, records the quiz (with its dealt order) and hands it to the flow.
    func deal(_ request: DealRequest) throws(BrainyError) {
        var generator = drawGenerator()
        let dealt: [DealtQuestion]
        var stage: Int?
        switch request.format {
        case .stage:
            let stages = StagePlan.stages(of: try repository.stageCandidates(category: request.category))
            guard !stages.isEmpty else { throw .noQuestions(request.category) }
            let next = StagePlan.nextStage(highestCleared: try repository.highestClearedStage(
                userId: request.userId, category: request.category, type: request.type))
            guard next <= stages.count else { throw .allStagesCleared(request.category, stages: stages.count) }
            stage = next
            dealt = QuestionDealer.dealInOrder(stages[next - 1], using: &generator)
        case .individual:
            let unsolvedBy = request.selection == .unsolved ? request.userId : nil
            let candidates = try repository.candidateIds(category: request.category, unsolvedBy: unsolvedBy)
            guard !candidates.isEmpty else {
                throw request.selection == .unsolved ? .noUnsolvedQuestions(request.category) : .noQuestions(request.category)
            }
            dealt = QuestionDealer.dealRandom(from: candidates, count: request.count, using: &generator)
        }
        let questions = try repository.questions(ids: dealt.map(\.questionId))
        // Drawn from the seeded generator, so that a seed (and a transcript) gives the same ids on every run.
        var quizId = generator.uuidString()
        while try repository.quizExists(id: quizId) { quizId = generator.uuidString() }
        let quiz = Quiz(id: quizId, userId: request.userId, type: request.type,
                        category: request.category, format: request.format, selection: request.selection, stage: stage,
                        dealt: dealt, startedAt: now)
        try repository.saveNewQuiz(quiz)
        if let stage {
            console.line(console.paint(console.text(Localized(ko: "스테이지 \(stage) 시작! (5문제 중 4문제 이상 맞히면 통과)",
                                                              en: "Stage \(stage) begins! (four of five to pass)")), \.emphasis))
        } else if dealt.count < request.count {
            console.line(Localized(ko: "남은 문제가 \(dealt.count)개라 \(dealt.count)문제로 시작합니다.",
                                   en: "Only \(dealt.count) questions are left: starting with \(dealt.count)."))
        }
        try apply(.quizDealt(QuizPlay(quiz: quiz, questions: questions, questionShownAt: now)))
    }

    func submitAnswer(_ text: String) throws(BrainyError) {
        guard !text.isEmpty else { throw .emptyAnswer }
        try apply(.answerSubmitted(text, at: now))
    }
}
