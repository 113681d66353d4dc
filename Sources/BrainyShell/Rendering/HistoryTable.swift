import BrainyKit
import Foundation

/// `history`'s table: one row a quiz. On a narrow terminal (80 columns) it keeps each row's whole content by leaving
/// out what can be read elsewhere in the row, one step at a time until it fits: the accuracy (the score says it), then
/// the quiz type's long name ("multiple choice" → "choice"), then a date's year when it is this year's and its time
/// when it is not (as `ls -l` does); only past that are cells broken onto a second line, between words while they fit.
/// A cell is never cut with "…".
struct HistoryTable {
    let quizzes: [Quiz]
    let language: Language
    let timeZone: TimeZone
    /// Today, for telling which dates are in this year.
    let now: Date

    /// How far the table has been narrowed.
    enum Narrowing: Int, CaseIterable, Comparable {
        case none, withoutAccuracy, shortTypes, shortDates

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The lines at most `width` columns wide (the header painted by `headerPaint`).
    func lines(width: Int, headerPaint: (String) -> String = { $0 }) -> [String] {
        let narrowing = Narrowing.allCases.first { table($0).fits(width) } ?? .shortDates
        let chosen = table(narrowing)
        return TableRenderer.render(header: chosen.header, rows: chosen.rows, alignments: chosen.alignments,
                                    maxWidth: width, overflow: .wrap, headerPaint: headerPaint)
    }

    struct Layout {
        let header: [String]
        let rows: [[String]]
        let alignments: [TableRenderer.Alignment]

        func fits(_ width: Int) -> Bool { TableRenderer.naturalWidth(header: header, rows: rows) <= width }
    }

    func table(_ narrowing: Narrowing) -> Layout {
        let keepsAccuracy = narrowing < .withoutAccuracy
        var header = language == .ko ? ["ID", "날짜", "카테고리", "유형", "형식", "점수", "정답률", "시간"]
            : ["id", "date", "category", "type", "format", "score", "accuracy", "time"]
        var alignments: [TableRenderer.Alignment] = [.left, .left, .left, .left, .left, .right, .right, .right]
        if !keepsAccuracy {
            header.remove(at: 6)
            alignments.remove(at: 6)
        }
        let thisYear = String(BrainyDateFormat.day(now, timeZone: timeZone).prefix(5))  // "2026-"
        let rows = quizzes.map { quiz -> [String] in
            let status = quiz.status == .abandoned ? Localized(ko: " (그만둠)", en: " (left)")[language] : ""
            let format = quiz.stage.map { Localized(ko: "스테이지 \($0)", en: "stage \($0)")[language] } ?? quiz.format.name[language]
            var date = BrainyDateFormat.minute(quiz.startedAt, timeZone: timeZone)
            if narrowing >= .shortDates {
                // "09-20 14:13" this year, "2025-11-25" another.
                date = date.hasPrefix(thisYear) ? String(date.dropFirst(thisYear.count))
                    : BrainyDateFormat.day(quiz.startedAt, timeZone: timeZone)
            }
            let type = narrowing >= .shortTypes ? Self.shortName(quiz.type)[language] : quiz.type.name[language]
            // A quiz id restored from the server is outside text: cleaned of terminal controls.
            var row = [OutsideText.clean(String(quiz.id.prefix(8))), date, quiz.category.name[language], type, format,
                       "\(quiz.correctCount)/\(quiz.questionCount)\(status)", Percent.text(quiz.accuracy),
                       DurationFormat.short(quiz.duration, language)]
            if !keepsAccuracy { row.remove(at: 6) }
            return row
        }
        return Layout(header: header, rows: rows, alignments: alignments)
    }

    /// A quiz type's name in a word, for narrow terminals (each is also a word `mode` takes).
    static func shortName(_ type: QuizType) -> Localized {
        switch type {
        case .multipleChoice: Localized(ko: "객관식", en: "choice")
        case .shortAnswer: Localized(ko: "주관식", en: "short")
        case .voice: Localized(ko: "음성", en: "voice")
        case .ai: Localized(ko: "AI", en: "AI")
        }
    }
}
