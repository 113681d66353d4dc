import BrainyKit

/// What `ad` does: its words, read from one place for completion, validation and help.
enum AdAction: String, CaseIterable, Sendable {
    case open, watch, skip

    static var typedNames: [String] { allCases.map(\.rawValue) }
}

/// `ad open|watch|skip`: the ad shown after a quiz, and rewarded ads for hint credits.
enum AdCommand: ShellCommand {
    static let name = CommandName.ad
    static let usage = "ad open | ad watch | ad skip"
    static let summary = Localized(ko: "광고: 링크 열기, 보상형 광고 보기 (힌트), 그만 보기",
                                   en: "ads: open the link, watch a rewarded ad (hints), stop watching")
    static let details = Localized(
        ko: "'ad open'은 마지막에 본 광고의 링크를 보여 주고 데스크톱에서는 브라우저로 엽니다. 'ad watch'는 보상형 광고를 끝까지 보면 힌트를 줍니다 (서버가 다음 'sync' 때 확인합니다; 서버에서 받은 광고가 없어 프로그램에 들어 있는 광고가 나오면 보상은 이 기기에만 적용됩니다). 'ad skip'(또는 'skip')은 끝나기 전에 그만 봅니다 (보상 없음); 터미널에서는 카운트다운 중에 Enter나 Ctrl-C로도 그만 봅니다. 광고는 터미널에서, 그 밖에서는 --ads on일 때만 나옵니다.",
        en: "'ad open' prints the link of the last ad shown and opens it in the browser on a desktop. 'ad watch' runs a rewarded ad that grants hints when watched to the end (the server confirms them at the next 'sync'; an ad shipped with the program, shown when no server has given any, rewards on this device only). 'ad skip' (or 'skip') stops it before the end, with no reward; on a terminal, Enter or Ctrl-C during the countdown stops it too. Ads show on a terminal, elsewhere only with --ads on.")
    static let quietExample = "ad open"

    static func completions(after previous: [String], in context: QuizContext) -> [String] {
        previous.isEmpty ? AdAction.typedNames : []
    }

    static func run(_ arguments: CommandArguments, in context: QuizContext) throws -> CommandOutcome {
        guard arguments.count == 1, let word = arguments.first else { throw missingArgument }
        guard let action = AdAction(rawValue: word.lowercased()) else {
            throw ShellError.invalidArgument(command: name.rawValue, value: word, expected: AdAction.typedNames)
        }
        switch action {
        case .open: context.ads.open()
        case .watch: try context.ads.startWatch()
        case .skip:
            if context.flow.state == .watchingAd {
                try context.ads.skip(via: .ad)
            } else {
                context.console.line(context.console.paint(context.console.text(Localized(
                    ko: "보고 있는 광고가 없습니다.", en: "No ad is running.")), \.muted))
            }
        }
        return .proceed
    }
}
