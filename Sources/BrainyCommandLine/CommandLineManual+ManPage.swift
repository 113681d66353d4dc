extension CommandLineManual {
    /// The manual as a man page (roff, section 1): `man -l <(brainy --man)`, installed as `share/man/man1/NAME.1`.
    /// The same paragraphs as `helpText`, laid out by roff instead of by hand.
    public var manPage: String {
        var out = [
            ".TH \(Self.roff(name.uppercased())) 1 \"\" \"\(Self.roff(name)) \(Self.roff(version))\" \"User Commands\"",
            ".SH NAME",
            "\(Self.roff(name)) \\- \(Self.roff(summary))",
            ".SH SYNOPSIS",
            ".B \(Self.roff(name))",
            Self.roff(synopsis),
            ".SH DESCRIPTION",
        ]
        for (index, paragraph) in description.enumerated() {
            if index > 0 { out.append(".PP") }
            out.append(Self.roff(paragraph))
        }
        out.append(".SH OPTIONS")
        for option in options {
            out.append(".TP")
            let names = option.names.map { "\\fB\(Self.roff($0))\\fR" }.joined(separator: ", ")
            out.append(names + (option.placeholder.map { " \\fI\(Self.roff($0))\\fR" } ?? ""))
            out.append(Self.roff(option.text))
        }
        if !commands.isEmpty {
            out.append(".SH COMMANDS")
            for command in commands {
                out.append(".TP")
                out.append("\\fB\(Self.roff(command.usage))\\fR")
                out.append(Self.roff(command.text))
            }
        }
        for section in sections {
            out.append(".SH \(section.title.contains(" ") ? "\"\(Self.roff(section.title))\"" : Self.roff(section.title))")
            out.append(Self.roff(section.text))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Text made safe for roff: backslashes and hyphens escaped, and no line that roff would read as a request.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "\n": escaped += " "
            default: escaped.append(character)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
