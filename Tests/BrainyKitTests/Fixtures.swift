import Foundation
@testable import BrainyKit

/// Sample questions and quizzes, the same on every run.
enum Fixtures {
    /// 2023-11-14 22:13:20 UTC: every test's "now" starts here.
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Answer at index 1 in both languages.
    static let sejong = Question(
        id: "person-0001", category: .person, difficulty: .easy,
        ko: .init(text: "한글을 만든 조선의 왕은?", answer: "세종대왕", alternatives: ["세종"],
                  options: ["태조", "세종대왕", "정조", "영조"], explanation: "훈민정음은 1443년에 만들어졌습니다."),
        en: .init(text: "Which Joseon king created Hangul?", answer: "King Sejong", alternatives: ["Sejong the Great"],
                  options: ["King Taejo", "King Sejong", "King Jeongjo", "King Yeongjo"],
                  explanation: "Hunminjeongeum was created in 1443."))

    /// Answer at index 3.
    static let seoul = Question(
        id: "country-0001", category: .country, difficulty: .easy,
        ko: .init(text: "대한민국의 수도는?", answer: "서울", options: ["부산", "인천", "대구", "서울"],
                  explanation: "서울은 1394년부터 수도였습니다."),
        en: .init(text: "What is the capital of South Korea?", answer: "Seoul",
                  options: ["Busan", "Incheon", "Daegu", "Seoul"], explanation: "Seoul has been the capital since 1394."))

    /// Answer at index 1.
    static let bts = Question(
        id: "music-0001", category: .music, difficulty: .medium,
        ko: .init(text: "'Dynamite'를 부른 그룹은?", answer: "방탄소년단", alternatives: ["비티에스"],
                  options: ["빅뱅", "방탄소년단", "엑소", "세븐틴"], explanation: "2020년에 나온 곡입니다."),
        en: .init(text: "Which group sang 'Dynamite'?", answer: "BTS", alternatives: ["Bangtan Boys"],
                  options: ["BIGBANG", "BTS", "EXO", "SEVENTEEN"], explanation: "Released in 2020."))

    /// Answer at index 2.
    static let beethoven = Question(
        id: "music-0002", category: .music, difficulty: .medium,
        ko: .init(text: "'운명' 교향곡의 작곡가는?", answer: "베토벤", options: ["모차르트", "바흐", "베토벤", "쇼팽"],
                  explanation: "교향곡 5번입니다."),
        en: .init(text: "Who composed the 'Fate' symphony?", answer: "Beethoven",
                  options: ["Mozart", "Bach", "Beethoven", "Chopin"], explanation: "It is his Symphony No. 5."))

    /// Numeric options, answer at index 0.
    static let liberation = Question(
        id: "general-0001", category: .general, difficulty: .hard,
        ko: .init(text: "광복절은 몇 년의 일을 기념하나요?", answer: "1945", options: ["1945", "1948", "1950", "1953"],
                  explanation: "1945년 8월 15일입니다."),
        en: .init(text: "Which year does Liberation Day mark?", answer: "1945",
                  options: ["1945", "1948", "1950", "1953"], explanation: "15 August 1945."))

    /// Five questions: a whole stage.
    static let five = [sejong, seoul, bts, beethoven, liberation]

    static let identityOrder = [0, 1, 2, 3]

    /// A quiz being played, its options shown in pack order unless `optionOrders` says otherwise.
    static func play(
        _ questions: [Question] = five, type: QuizType = .shortAnswer, format: QuizFormat = .individual,
        optionOrders: [[Int]]? = nil, answers: [AnswerRecord] = [], shownAt: Date = start
    ) -> QuizPlay {
        let orders = optionOrders ?? questions.map { _ in identityOrder }
        let dealt = zip(questions, orders).map { DealtQuestion(questionId: $0.id, optionOrder: $1) }
        let quiz = Quiz(
            id: "quiz-1", userId: FlowDriver.user.id, type: type, category: .general, format: format,
            selection: .random, stage: format == .stage ? 1 : nil, dealt: dealt, startedAt: start,
            correctCount: answers.filter(\.isCorrect).count, answeredCount: answers.count,
            duration: answers.reduce(0) { $0 + $1.timeSpent })
        return QuizPlay(quiz: quiz, questions: questions, answers: answers, questionShownAt: shownAt)
    }

    /// The saved answers of a quiz interrupted after `outcomes.count` questions.
    static func answers(_ outcomes: [AnswerOutcome], of questions: [Question] = five) -> [AnswerRecord] {
        outcomes.enumerated().map { position, outcome in
            AnswerRecord(
                id: "answer-\(position)", quizId: "quiz-1", userId: FlowDriver.user.id,
                questionId: questions[position].id, position: position,
                givenAnswer: outcome == .correct ? questions[position].ko.answer : "몰라", outcome: outcome,
                hintUsed: false, timeSpent: 4, answeredAt: start + Double(position + 1) * 5, category: .general,
                type: .shortAnswer)
        }
    }

    /// `correct` right answers followed by wrong ones, `count` in all.
    static func outcomes(correct: Int, of count: Int) -> [AnswerOutcome] {
        Array(repeating: .correct, count: correct) + Array(repeating: .wrong, count: count - correct)
    }
}
