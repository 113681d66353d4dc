import BrainyKit
import Testing
@testable import BrainyShell

/// What `--check`, `--demo` and `--paths` say about a transcript line or a transition, in Korean and English.
@Suite struct TranscriptMessageTests {
    @Test func everyUnreadableLineIsSaidInBothLanguagesWithItsPlace() {
        let problems: [Transcript.ParseError.Problem] = [.badSeed, .badClock, .badLanguage, .badTimeZone, .badColumns,
                                                         .textBeforeCommands, .inputBeforeCommand]
        let messages = problems.map { TranscriptMessage.parse(.init(line: 4, problem: $0), shown: "a.transcript") }
        for message in messages {
            #expect(message.ko.hasPrefix("a.transcript:4: ") && message.en.hasPrefix("a.transcript:4: "))
            #expect(message.ko.contains { ("가"..."힣").contains($0) }, "\(message.ko)")
            #expect(message.ko != message.en)
        }
        #expect(Set(messages.map(\.ko)).count == problems.count && Set(messages.map(\.en)).count == problems.count)
    }

    @Test func theTranscriptParserSaysWhichProblem() {
        #expect(throws: Transcript.ParseError(line: 2, problem: .badTimeZone)) {
            try Transcript.parse("# seed 1\n# tz Mars/Olympus\n$ state\n")
        }
        #expect(throws: Transcript.ParseError(line: 1, problem: .badColumns)) { try Transcript.parse("# columns 5\n") }
    }

    @Test func aTransitionWithoutAPathIsSaidInBothLanguages() {
        let unreachable = TranscriptMessage.unreachable("home --start--> question")
        #expect(unreachable.ko == "시작 상태에서 전이 home --start--> question에 이르는 경로가 없습니다. 어떤 명령으로도 닿지 않는 전이이니 전이 표(TransitionTable)를 확인하세요.")
        #expect(unreachable.en == "No path from the start reaches the transition home --start--> question: no command leads to it. Check the transition table (TransitionTable).")
        let failed = TranscriptMessage.noPath(for: "home --start--> question",
                                              detail: Localized(ko: "문제에 보기가 없습니다", en: "the question has no options"))
        #expect(failed.ko == "전이 home --start--> question의 트랜스크립트를 만들지 못했습니다: 문제에 보기가 없습니다")
        #expect(failed.en == "No transcript could be made for the transition home --start--> question: the question has no options")
    }
}
