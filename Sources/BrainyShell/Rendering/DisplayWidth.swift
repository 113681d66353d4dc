
extension String {
    /// The number of terminal columns the string takes: wide East Asian characters (Hangul, CJK, fullwidth forms)
    /// and emoji take two, combining marks and zero-width characters none, and ANSI escape sequences none.
    public var displayWidth: Int {
        if let width = Self.simpleWidth(of: unicodeScalars) { return width }
        var width = 0
        for piece in ANSIText.pieces(of: self) {
            if case .text(let text) = piece {
                for character in text { width += character.displayWidth }
            }
        }
        return width
    }

    /// The width without splitting into characters, when every scalar is a character of its own whose width is
    /// plain: printable ASCII (1), a Hangul syllable or a common CJK ideograph (2). Nil otherwise, when a scalar may
    /// join the one before it (a combining mark, a jamo, a variation selector, an emoji modifier, a joiner) or is an
    /// escape. Splitting into characters was most of the help's time, and most text the shell shows is this simple.
    private static func simpleWidth(of scalars: String.UnicodeScalarView) -> Int? {
        var width = 0
        for scalar in scalars {
            switch scalar.value {
            case 0x20...0x7E: width += 1
            case 0xAC00...0xD7A3, 0x4E00...0x9FFF: width += 2
            default: return nil
            }
        }
        return width
    }

    /// The string followed by spaces up to `width` columns; unchanged when it is already as wide or wider.
    public func padded(toWidth width: Int) -> String {
        let missing = width - displayWidth
        return missing > 0 ? self + String(repeating: " ", count: missing) : self
    }

    /// The string cut to at most `width` columns, ending in "…" when something was cut.
    ///
    /// Escape sequences before the cut are kept; when any was kept, a reset (`ESC[0m`) follows the "…" so colour
    /// does not leak into what comes next.
    public func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        let room = width - 1  // one column for "…"
        var result = ""
        var used = 0
        var keptEscape = false
        scan: for piece in ANSIText.pieces(of: self) {
            switch piece {
            case .escape(let escape):
                result += escape
                keptEscape = true
            case .text(let text):
                for character in text {
                    let characterWidth = character.displayWidth
                    if used + characterWidth > room { break scan }
                    result.append(character)
                    used += characterWidth
                }
            }
        }
        result += "…"
        if keptEscape { result += "\u{1B}[0m" }
        return result
    }
}

extension Character {
    /// Terminal columns of one grapheme cluster.
    var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        // An emoji sequence (skin tone, ZWJ family, keycap, flag) shows as one wide glyph on current terminals.
        if scalars.count > 1, first.properties.isEmoji,
           first.properties.isEmojiPresentation || scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 })
        {
            return 2
        }
        return scalars.reduce(0) { $0 + $1.displayWidth }
    }
}

extension Unicode.Scalar {
    /// Terminal columns of one scalar on its own, as `wcwidth` would give in a UTF-8 locale
    /// (East Asian Ambiguous counts as narrow); control characters count as zero.
    var displayWidth: Int {
        let value = value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return value == 0x00AD ? 1 : 0
        default:
            break
        }
        // Hangul Jamo medial vowels and final consonants join the initial consonant before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if value == 0x200B { return 0 }
        if Self.isWide(value) || properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F), emoji aside.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
             0x2329...0x232A,
             0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
             0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,  // Hangul Jamo extended A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19,  // vertical forms
             0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
             0xFF00...0xFF60,  // fullwidth forms
             0xFFE0...0xFFE6,
             0x1F300...0x1F64F,  // pictographs and emoticons
             0x1F900...0x1F9FF,  // supplemental symbols and pictographs
             0x20000...0x2FFFD,  // CJK extensions B and later
             0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Splits text into ANSI escape sequences and the visible text between them.
enum ANSIText {
    enum Piece {
        case text(String)
        case escape(String)
    }

    /// CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC ] … ESC \`) and two-character escapes are recognised;
    /// an unfinished sequence at the end counts as an escape too.
    static func pieces(of string: String) -> [Piece] {
        guard string.utf8.contains(0x1B) else { return [.text(string)] }
        var pieces: [Piece] = []
        let scalars = Array(string.unicodeScalars)
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}" else {
                text.append(scalars[index])
                index += 1
                continue
            }
            if !text.isEmpty {
                pieces.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
            let end = escapeEnd(in: scalars, from: index)
            var escape = String.UnicodeScalarView()
            escape.append(contentsOf: scalars[index..<end])
            pieces.append(.escape(String(escape)))
            index = end
        }
        if !text.isEmpty { pieces.append(.text(String(text))) }
        return pieces
    }

    /// The index just past the escape sequence starting at `start` (which holds ESC).
    private static func escapeEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[":
            index += 1
            while index < scalars.count {
                let value = scalars[index].value
                index += 1
                if (0x40...0x7E).contains(value) { break }
            }
            return index
        case "]":
            index += 1
            while index < scalars.count {
                if scalars[index] == "\u{07}" { return index + 1 }
                if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
                    return index + 2
                }
                index += 1
            }
            return index
        default:
            return index + 1
        }
    }
}

extension ANSIText {
    /// The text without its escape sequences.
    static func stripped(_ string: String) -> String {
        pieces(of: string).map { piece in
            if case let .text(text) = piece { return text }
            return ""
        }.joined()
    }
}
