import Testing
@testable import BrainyKit

/// What a user may type for categories, quiz types, formats, selections and languages.
@Suite struct ParsingTests {
    @Test(arguments: [
        ("인물", QuizCategory.person), ("상식", .general), ("나라", .country), ("드라마", .drama), ("음악", .music),
        ("person", .person), ("general", .general), ("country", .country), ("drama", .drama), ("music", .music),
        ("Music", .music), ("DRAMA", .drama),
    ])
    func aCategoryIsReadInKoreanAndEnglish(typed: String, category: QuizCategory) {
        #expect(QuizCategory(parsing: typed) == category)
    }

    @Test(arguments: ["sports", "", "음악들", "musics"])
    func anUnknownCategoryIsNotRead(_ typed: String) {
        #expect(QuizCategory(parsing: typed) == nil)
    }

    @Test func everyCategoryNameOfferedForCompletionIsRead() {
        #expect(QuizCategory.typedNames.count == 10)
        #expect(QuizCategory.typedNames.allSatisfy { QuizCategory(parsing: $0) != nil })
    }

    @Test(arguments: [
        ("객관식", QuizType.multipleChoice), ("mc", .multipleChoice), ("MC", .multipleChoice),
        ("multiple-choice", .multipleChoice), ("주관식", .shortAnswer), ("short", .shortAnswer),
        ("short-answer", .shortAnswer), ("음성모드", .voice), ("voice", .voice), ("AI모드", .ai), ("ai", .ai),
        ("AI", .ai),
    ])
    func aQuizTypeIsReadInKoreanAndEnglish(typed: String, type: QuizType) {
        #expect(QuizType(parsing: typed) == type)
    }

    @Test(arguments: ["quiz", "", "객관"])
    func anUnknownQuizTypeIsNotRead(_ typed: String) {
        #expect(QuizType(parsing: typed) == nil)
    }

    @Test func everyQuizTypeNameOfferedForCompletionIsRead() {
        #expect(QuizType.typedNames.allSatisfy { QuizType(parsing: $0) != nil })
    }

    @Test func formatsSelectionsAndLanguagesAreReadInKoreanAndEnglish() {
        #expect(QuizFormat(parsing: "스테이지") == .stage)
        #expect(QuizFormat(parsing: "Stage") == .stage)
        #expect(QuizFormat(parsing: "개별") == .individual)
        #expect(QuizFormat(parsing: "individual") == .individual)
        #expect(QuizFormat(parsing: "round") == nil)
        #expect(QuestionSelection(parsing: "전체") == .random)
        #expect(QuestionSelection(parsing: "unsolved") == .unsolved)
        #expect(QuestionSelection(parsing: "제외") == .unsolved)
        #expect(QuestionSelection(parsing: "all") == nil)
        #expect(Language(parsing: "한국어") == .ko)
        #expect(Language(parsing: "EN") == .en)
        #expect(Language(parsing: "영어") == .en)
        #expect(Language(parsing: "jp") == nil)
    }
}
