import BrainyKit

/// A line a question's time cut short is not dropped: the line editor puts it back on the next line read, to finish
/// or to clear, and says so above the prompt.
enum KeptLine {
    static let notice = Localized(
        ko: "입력하던 줄을 남겨 두었습니다: Enter로 실행하거나 Ctrl-U로 지우세요.",
        en: "What you were typing is kept: Enter runs it, Ctrl-U clears it.")
}
