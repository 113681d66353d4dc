import Testing
@testable import BrainyKit

/// Short answers: what counts as the same answer, and which typos are forgiven.
@Suite struct AnswerGraderTests {
    static func grade(_ typed: String, _ accepted: String...) -> Bool {
        AnswerGrader.isCorrect(typed, acceptedForms: accepted)
    }

    @Test func letterCaseDoesNotMatter() {
        #expect(Self.grade("seoul", "Seoul"))
        #expect(Self.grade("SEOUL", "Seoul"))
    }

    @Test func fullWidthLettersMatchHalfWidth() {
        #expect(Self.grade("ＢＴＳ", "BTS"))
        #expect(Self.grade("ｂｔｓ", "BTS"))
    }

    @Test func spacesDoNotMatterIncludingKoreanSpacing() {
        #expect(Self.grade("세종 대왕", "세종대왕"))
        #expect(Self.grade("세종대왕", "세종 대왕"))
        #expect(Self.grade("  King   Sejong ", "King Sejong"))
        #expect(Self.grade("kingsejong", "King Sejong"))
        #expect(Self.grade("세종\u{3000}대왕", "세종대왕"), "an ideographic space")
    }

    @Test func punctuationAndSymbolsDoNotMatter() {
        #expect(Self.grade("Yi Sun sin", "Yi Sun-sin"))
        #expect(Self.grade("guns n roses", "Guns N' Roses"))
        #expect(Self.grade("세종대왕!", "세종대왕"))
        #expect(Self.grade("(여자)아이들", "여자아이들"))
    }

    @Test func decomposedHangulMatchesComposedHangul() {
        let decomposed = "세종대왕".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > 4)
        #expect(Self.grade(decomposed, "세종대왕"))
        #expect(Self.grade("세종대왕", decomposed))
    }

    @Test func anyAcceptedFormCounts() {
        #expect(Self.grade("세종", "세종대왕", "세종", "King Sejong"))
        #expect(Self.grade("king sejong", "세종대왕", "세종", "King Sejong"))
        #expect(!Self.grade("태조", "세종대왕", "세종", "King Sejong"))
    }

    @Test func bothLanguagesCountForAQuestion() {
        #expect(AnswerGrader.isCorrect("BTS", for: Fixtures.bts))
        #expect(AnswerGrader.isCorrect("방탄 소년단", for: Fixtures.bts))
        #expect(AnswerGrader.isCorrect("bangtan boys", for: Fixtures.bts))
        #expect(AnswerGrader.isCorrect("비티에스", for: Fixtures.bts))
        #expect(!AnswerGrader.isCorrect("EXO", for: Fixtures.bts))
    }

    @Test(arguments: ["Beethovan", "Beethowen", "Beethovenn", "Bethoven", "eethoven"])
    func oneTypoIsForgivenInALongAnswerWithoutDigits(_ typed: String) {
        #expect(Self.grade(typed, "Beethoven"))
    }

    @Test func oneTypoIsForgivenFromFiveCharacters() {
        #expect(Self.grade("mozarr", "Mozart"))
        #expect(Self.grade("chapin", "Chopin"))
        #expect(Self.grade("방탄소년담", "방탄소년단"))
    }

    @Test func aTypoInAShortAnswerIsNotForgiven() {
        #expect(!Self.grade("Bech", "Bach"))
        #expect(!Self.grade("EXA", "EXO"))
        #expect(!Self.grade("Roma", "Rome"))
        #expect(!Self.grade("세종대앙", "세종대왕"))
    }

    @Test func aTypoInAnAnswerWithDigitsIsNotForgiven() {
        #expect(!Self.grade("1946", "1945"))
        #expect(!Self.grade("Apollo 12", "Apollo 11"))
        #expect(!Self.grade("2NE2", "2NE1"))
        #expect(Self.grade("apollo11", "Apollo 11"))
    }

    @Test(arguments: ["Baethovan", "Beetohven", "Beeth", "Beethovenno"])
    func twoTyposAreNotForgiven(_ typed: String) {
        #expect(!Self.grade(typed, "Beethoven"))
    }

    @Test func anAnswerWithNothingButSpacesOrPunctuationIsWrong() {
        #expect(!Self.grade("", "Seoul"))
        #expect(!Self.grade("  ", "Seoul"))
        #expect(!Self.grade("?!", "Seoul"))
    }

    @Test func anAcceptedFormThatNormalisesToNothingNeverMatches() {
        #expect(!Self.grade("a", "?!"))
    }
}

@Suite struct AnswerNormalizerTests {
    @Test func foldsWidthCaseSpacingAndPunctuation() {
        #expect(AnswerNormalizer.normalize("ＢＴＳ") == "bts")
        #expect(AnswerNormalizer.normalize("King Sejong!") == "kingsejong")
        #expect(AnswerNormalizer.normalize("세종 대왕") == "세종대왕")
        #expect(AnswerNormalizer.normalize("Yi Sun-sin") == "yisunsin")
        #expect(AnswerNormalizer.normalize("$100") == "100")
    }

    @Test func composesDecomposedHangul() {
        let decomposed = "\u{1109}\u{1166}\u{110C}\u{1169}\u{11BC}"
        #expect(AnswerNormalizer.normalize(decomposed) == "세종")
    }
}

@Suite struct OptionPickerTests {
    static let shown = ["부산", "인천", "대구", "서울"]

    @Test(arguments: [("1", 0), ("4", 3), ("2번", 1), (" 3 ", 2)])
    func aNumberPicksTheOptionShownThere(typed: String, position: Int) {
        #expect(OptionPicker.pick(typed, shown: Self.shown) == .position(position))
    }

    @Test(arguments: [0, 5, 10, -1])
    func aNumberWithNoOptionIsOutOfRange(_ number: Int) {
        #expect(OptionPicker.pick(String(number), shown: Self.shown) == .outOfRange(number))
        #expect(OptionPicker.pick("\(number)번", shown: Self.shown) == .outOfRange(number))
    }

    @Test func anOptionsTextPicksIt() {
        #expect(OptionPicker.pick("서울", shown: Self.shown) == .position(3))
        #expect(OptionPicker.pick(" 대 구 ", shown: Self.shown) == .position(2))
        #expect(OptionPicker.pick("seoul", shown: ["Busan", "Incheon", "Daegu", "Seoul"]) == .position(3))
    }

    @Test func textThatIsNoOptionMatchesNothing() {
        #expect(OptionPicker.pick("광주", shown: Self.shown) == .noMatch)
        #expect(OptionPicker.pick("서울시", shown: Self.shown) == .noMatch)
    }

    @Test func aNumberWithNoOptionsShownIsOutOfRange() {
        #expect(OptionPicker.pick("1", shown: []) == .outOfRange(1))
    }

    @Test func fullWidthDigitsAndASpacedBeonAreNumbers() {
        #expect(OptionPicker.pick("２", shown: Self.shown) == .position(1))
        #expect(OptionPicker.pick("2 번", shown: Self.shown) == .position(1))
    }

    @Test func typingAYearThatIsAnOptionPicksIt() {
        #expect(OptionPicker.pick("1945", shown: ["1948", "1950", "1953", "1945"]) == .position(3))
    }
}
