import BrainyKit

/// The words for a question pack's file that could not be read: which file, which entry, what is wrong there (what is
/// allowed, what kind of value is expected, where the JSON breaks) and what to do next.
enum PackEntryMessage {
    static func of(_ problem: PackEntryProblem) -> Localized {
        let file = problem.file
        let entry = problem.entry
        let fix = Localized(ko: "그 항목을 고치고", en: "fix the entry")
        switch problem.kind {
        case .cannotRead:
            return Localized(ko: "문제 팩 파일 \(Josa.attach(file, .object)) 읽을 수 없습니다. ",
                             en: "The question pack file \(file) cannot be read. ")
                + advice(fix: Localized(ko: "그 파일이 있고 읽을 수 있는지 확인하고", en: "check that the file is there and readable"))
        case let .notJSON(position):
            let place = position.map {
                Localized(ko: " (\($0.line)번째 줄, \($0.column)번째 글자)", en: " (line \($0.line), column \($0.column))")
            } ?? .same("")
            return Localized(ko: "문제 팩 파일 \(Josa.attach(file, .subject)) 올바른 JSON이 아닙니다",
                             en: "The question pack file \(file) is not valid JSON")
                + place + .same(". ")
                + advice(fix: Localized(ko: "그 파일을 고치고", en: "fix the file"))
        case let .notInList(allowed, found):
            let list = allowed.joined(separator: ", ")
            let holding = found.map { found in
                // The pack's own text: cleaned before it is cut, so that no control is cut in half.
                let value = OutsideText.clean(found)
                let shown = value.count > 40 ? value.prefix(40) + "…" : value
                return Localized(ko: " (지금 값: '\(shown)')", en: " (it holds '\(shown)')")
            } ?? .same("")
            return badEntry(file, entry) + Localized(ko: "가능한 값은 \(list) 중 하나입니다", en: "it must be one of \(list)")
                + holding + .same(". ") + advice(fix: fix)
        case .missing:
            return badEntry(file, entry) + Localized(ko: "값이 빠져 있습니다. ", en: "it is missing. ") + advice(fix: fix)
        case let .wrongType(expected):
            return badEntry(file, entry) + Localized(ko: "\(shape(expected).ko) 값이 와야 합니다. ",
                                                     en: "it must be \(shape(expected).en). ")
                + advice(fix: fix)
        case .unreadable:
            return badEntry(file, entry) + Localized(ko: "읽을 수 없는 값입니다. ", en: "its value cannot be read. ")
                + advice(fix: fix)
        }
    }

    private static func badEntry(_ file: String, _ entry: String) -> Localized {
        Localized(ko: "문제 팩 파일 \(file)의 항목 \(Josa.attach(entry, .subject)) 올바르지 않습니다: ",
                  en: "The question pack file \(file) has a bad entry at \(entry): ")
    }

    private static func advice(fix: Localized) -> Localized {
        Localized(ko: "직접 넣은 팩이면 \(fix.ko), brainy와 함께 설치된 팩이면 brainy를 다시 설치한 뒤 다시 시작하세요.",
                  en: "If you added that pack, \(fix.en); if it came with brainy, reinstall brainy. Then start brainy again.")
    }

    private static func shape(_ shape: PackEntryProblem.ValueShape) -> Localized {
        switch shape {
        case .text: Localized(ko: "문자열", en: "a string")
        case .number: Localized(ko: "숫자", en: "a number")
        case .truthValue: Localized(ko: "true 또는 false", en: "true or false")
        case .list: Localized(ko: "목록(배열)", en: "a list (array)")
        case .object: Localized(ko: "객체({ … })", en: "an object ({ … })")
        }
    }
}
