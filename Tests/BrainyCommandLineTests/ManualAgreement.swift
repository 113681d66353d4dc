import Foundation

/// The words a reader sees in a help text and in a man page, so that a test can hold the two to the same text.
enum ManualAgreement {
    /// The help's words after its usage line's `USAGE:`, titles without their colon.
    static func words(ofHelp help: String) -> [String] {
        help.split(whereSeparator: \.isWhitespace).dropFirst().map { word in
            word.hasSuffix(":") && word.dropLast().allSatisfy(\.isUppercase) ? String(word.dropLast()) : String(word)
        }
    }

    /// The man page's words as roff prints them, from the synopsis on, without the headings the help lacks.
    static func words(ofManPage page: String) -> [String] {
        var words: [String] = []
        var reading = false
        for line in page.split(separator: "\n") {
            var text = String(line)
            if text.hasPrefix(".SH") {
                let title = text.dropFirst(4).filter { $0 != "\"" }
                if title == "SYNOPSIS" { reading = true }
                if ["SYNOPSIS", "DESCRIPTION"].contains(title) { continue }
                text = title
            } else if text.hasPrefix(".B ") {
                text = String(text.dropFirst(3))
            } else if text.hasPrefix(".") {
                continue
            }
            guard reading else { continue }
            for (escape, plain) in [("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\-", "-"), ("\\&", ""), ("\\e", "\\")] {
                text = text.replacingOccurrences(of: escape, with: plain)
            }
            words += text.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        return words
    }
}
