extension CommandLineManual {
    /// The width the help text is wrapped to, and where the options' texts start.
    static let helpWidth = 112
    static let optionColumn = 22

    /// What `--help` prints.
    public var helpText: String {
        var out = ["USAGE: \(name) \(synopsis)", ""]
        for paragraph in description {
            out += TextWrapping.lines(paragraph, width: Self.helpWidth)
            out.append("")
        }
        out.append("OPTIONS:")
        let indent = String(repeating: " ", count: Self.optionColumn)
        for option in options {
            let label = "  " + option.label
            var text = TextWrapping.lines(option.text, width: Self.helpWidth - Self.optionColumn)
            if label.count <= Self.optionColumn - 2, !text.isEmpty {
                let first = text.removeFirst()
                out.append(label + String(repeating: " ", count: Self.optionColumn - label.count) + first)
            } else {
                out.append(label)
            }
            out += text.map { indent + $0 }
        }
        for section in sections {
            out.append("")
            out += TextWrapping.lines("\(section.title): \(section.text)", width: Self.helpWidth)
        }
        return out.joined(separator: "\n")
    }
}
