extension CommandLineManual {
    /// The width the help text is wrapped to, and where the options' texts start.
    static let helpWidth = 112
    static let optionColumn = 22

    /// What `--help` prints, 112 columns wide.
    public var helpText: String { helpText(width: Self.helpWidth) }

    /// What `--help` prints, wrapped to `width` columns as `measure` counts them (a terminal narrower than 112).
    public func helpText(width: Int, measure: (String) -> Int = { $0.count }) -> String {
        var out = ["\(headings.usage): \(name) \(synopsis)", ""]
        for paragraph in description {
            out += TextWrapping.lines(paragraph, width: width, measure: measure)
            out.append("")
        }
        out.append("\(headings.options):")
        out += columns(options.map { ($0.label, $0.text) }, width: width, measure: measure)
        if !commands.isEmpty {
            out.append("")
            out.append("\(headings.commands):")
            out += columns(commands.map { ($0.usage, $0.text) }, width: width, measure: measure)
        }
        for section in sections {
            out.append("")
            out += TextWrapping.lines("\(section.title): \(section.text)", width: width, measure: measure)
        }
        return out.joined(separator: "\n")
    }

    /// Labels in a column and their texts beside them, wrapped under their column; a label too wide for its column
    /// has a line of its own.
    private func columns(_ entries: [(label: String, text: String)], width: Int, measure: (String) -> Int) -> [String] {
        var out: [String] = []
        let indent = String(repeating: " ", count: Self.optionColumn)
        for (label, text) in entries {
            let label = "  " + label
            var lines = TextWrapping.lines(text, width: max(20, width - Self.optionColumn), measure: measure)
            let labelWidth = measure(label)
            if labelWidth <= Self.optionColumn - 2, !lines.isEmpty {
                let first = lines.removeFirst()
                out.append(label + String(repeating: " ", count: Self.optionColumn - labelWidth) + first)
            } else {
                out.append(label)
            }
            out += lines.map { indent + $0 }
        }
        return out
    }
}
