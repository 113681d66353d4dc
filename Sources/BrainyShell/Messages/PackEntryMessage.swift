import BrainyKit

/// The words for a question pack's entry that could not be read: which file, which entry, what is allowed there, and
/// what to do next.
enum PackEntryMessage {
    static func of(_ problem: PackEntryProblem) -> Localized {
        let file = problem.file
        let entry = problem.entry
        let what: Localized
        if !problem.allowed.isEmpty {
            let list = problem.allowed.joined(separator: ", ")
            what = Localized(ko: "가능한 값은 \(list) 중 하나입니다", en: "it must be one of \(list)")
        } else if problem.detail == "missing" {
            what = Localized(ko: "값이 빠져 있습니다", en: "it is missing")
        } else {
            what = Localized(ko: "읽을 수 없는 값입니다 (\(problem.detail))", en: "its value cannot be read (\(problem.detail))")
        }
        return Localized(ko: "문제 팩 파일 \(file)의 항목 \(Josa.attach(entry, .subject)) 올바르지 않습니다: ", en: "The question pack file \(file) has a bad entry at \(entry): ")
            + what
            + Localized(ko: ". 직접 넣은 팩이면 그 항목을 고치고, brainy와 함께 설치된 팩이면 brainy를 다시 설치한 뒤 다시 시작하세요.",
                        en: ". If you added that pack, fix the entry; if it came with brainy, reinstall brainy. Then start brainy again.")
    }
}
