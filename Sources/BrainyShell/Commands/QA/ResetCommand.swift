import BrainyKit

/// QA's `reset`: wipes the signed-in user's progress.
enum ResetCommand: ShellCommand {
    static let name = CommandName.reset
    static let usage = "reset"
    static let summary = Localized(ko: "QA: 이 사용자의 진행 기록을 모두 지우기", en: "QA: wipe this user's progress")
    static let details = Localized(ko: "퀴즈, 답, 스테이지, 통계, 힌트가 처음 상태로 돌아갑니다.", en: "Quizzes, answers, stages, stats and hints go back to the start.")

    static func run(_ arguments: CommandArguments, in context: QAContext) throws -> CommandOutcome {
        guard let user = context.flow.user else { return .proceed }
        let hintCredits = try context.resetProgress(userId: user.id)
        try context.apply(.progressReset(hintCredits: hintCredits))
        context.console.line(Localized(ko: "\(user.displayName)의 진행 기록을 모두 지웠습니다.", en: "Wiped all of \(user.displayName)'s progress."))
        return .proceed
    }
}
