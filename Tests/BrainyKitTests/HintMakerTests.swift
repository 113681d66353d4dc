import Testing
@testable import BrainyKit

@Suite struct HintMakerTests {
    @Test func aKoreanAnswerShowsItsInitialConsonants() {
        #expect(HintMaker.textHint(for: "세종대왕") == "ㅅㅈㄷㅇ")
        #expect(HintMaker.textHint(for: "방탄소년단") == "ㅂㅌㅅㄴㄷ")
        #expect(HintMaker.textHint(for: "까치") == "ㄲㅊ")
        #expect(HintMaker.textHint(for: "하늘") == "ㅎㄴ")
    }

    @Test func spacesInAKoreanAnswerAreKept() {
        #expect(HintMaker.textHint(for: "세종 대왕") == "ㅅㅈ ㄷㅇ")
    }

    @Test func anEnglishAnswerShowsTheFirstLetterOfEachWord() {
        #expect(HintMaker.textHint(for: "King Sejong") == "K___ S_____")
        #expect(HintMaker.textHint(for: "Seoul") == "S____")
        #expect(HintMaker.textHint(for: "BTS") == "B__")
    }

    @Test func punctuationInsideAWordIsShown() {
        #expect(HintMaker.textHint(for: "Yi Sun-sin") == "Y_ S__-___")
        #expect(HintMaker.textHint(for: "Apollo 11") == "A_____ 1_")
    }

    @Test func twoWrongPositionsAreRemovedNeverTheCorrectOne() {
        for correct in 0..<4 {
            for seed in UInt64(0)..<25 {
                var generator = SeededGenerator(seed: seed)
                let removed = HintMaker.positionsToRemove(optionCount: 4, correctPosition: correct, using: &generator)
                #expect(removed.count == 2)
                #expect(Set(removed).count == 2)
                #expect(!removed.contains(correct))
                #expect(removed.allSatisfy { (0..<4).contains($0) })
                #expect(removed == removed.sorted())
            }
        }
    }

    @Test func theSameSeedRemovesTheSamePositions() {
        var a = SeededGenerator(seed: 99)
        var b = SeededGenerator(seed: 99)
        #expect(HintMaker.positionsToRemove(optionCount: 4, correctPosition: 1, using: &a)
            == HintMaker.positionsToRemove(optionCount: 4, correctPosition: 1, using: &b))
    }

    @Test func withThreeOptionsTheTwoWrongOnesGo() {
        var generator = SeededGenerator(seed: 3)
        #expect(HintMaker.positionsToRemove(optionCount: 3, correctPosition: 1, using: &generator) == [0, 2])
    }
}
