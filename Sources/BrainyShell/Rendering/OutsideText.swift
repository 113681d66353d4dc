import BrainyKit

/// Text that came from outside the shell (the server, the database, a question pack, a language model, a file's
/// name, what a user typed and is shown again) made safe to print: no terminal control can ride along in it, and
/// nothing invisible can reorder or hide what is shown. Another player's name must not retitle the window, move the
/// cursor, hide what follows or, with a right-to-left override, show `gpj.exe` as `exe.jpg`. Every renderer passes
/// such text through `clean` before printing it; what a language model makes is cleaned with it before it is stored.
public enum OutsideText {
    /// `text` without control sequences: ESC sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte ones, with their
    /// payload), C0 controls, DEL and C1 controls. A tab becomes a space; a line break (and U+2028, U+2029) stays only
    /// with `keepingLines` (an explanation of several lines), else it becomes a space too, so that one field stays one
    /// line.
    ///
    /// Invisible format characters go too (Unicode's category Cf): the bidirectional controls (U+202A–202E,
    /// U+2066–2069, U+200E, U+200F, U+061C), the zero-width ones (U+200B, U+200C, U+2060, U+FEFF), the soft hyphen
    /// U+00AD and the rest of the category. Two are kept where they build an emoji and hide nothing: the zero-width
    /// joiner U+200D between two emoji (👩‍💻 stays one picture; a joiner anywhere else goes), and tag characters
    /// (U+E0020–E007F) right after a black flag 🏴 (the flags of England, Scotland, Wales).
    public static func clean(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: needsCleaning) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x1B: index = endOfEscape(scalars, from: index)
            case 0x9B: index = endOfCSI(scalars, from: index)
            // C1 DCS, SOS, OSC, PM, APC: their payload runs to the string terminator.
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: index = endOfString(scalars, from: index)
            case 0x0A, 0x2028, 0x2029: result.append(keepingLines ? "\n" : " ")
            case 0x09: result.append(" ")
            case 0x200D:
                if let before = result.last, isEmoji(before) || before.value == 0xFE0F || before.properties.isEmojiModifier,
                   index < scalars.count, isEmoji(scalars[index]) { result.append(scalar) }
            case 0xE0020...0xE007F:
                if let before = result.last, before.value == 0x1F3F4 || (0xE0020...0xE007F).contains(before.value) {
                    result.append(scalar)
                }
            default: if !isControl(scalar) && !isFormat(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// Whether `clean` would change anything about `scalar` (the quick test that lets most text through untouched).
    private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 || isFormat(scalar)
    }

    /// An invisible format character (category Cf): bidirectional controls, zero-width characters, the soft hyphen.
    /// Below U+0600 only the soft hyphen is one, and none lies in U+2100–DFFF (Hangul, CJK, …): most text is
    /// answered without looking the category up.
    static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x600 { return value == 0xAD }
        if (0x2100...0xDFFF).contains(value) { return false }
        return scalar.properties.generalCategory == .format
    }

    /// A picture emoji (not the digits, `#` and `*` that Unicode also counts as emoji for their keycaps).
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// JSON text, as an encoder wrote it, with every character a terminal would act on or hide written as a `\u`
    /// escape: DEL and the C1 controls (U+009B starts a CSI on many terminals), U+2028, U+2029 and the format
    /// characters `clean` removes. JSON output keeps what it reports (a program reading it gets the same string back)
    /// while the terminal it may be printed on sees only plain characters. The encoder already escapes C0 controls;
    /// any left are escaped too. Such characters occur only inside strings, so escaping them anywhere is safe.
    public static func escapingControls(inJSON json: String) -> String {
        guard json.unicodeScalars.contains(where: needsCleaning) else { return json }
        var result = String.UnicodeScalarView()
        let hex = Array("0123456789abcdef".unicodeScalars)
        for scalar in json.unicodeScalars {
            guard needsCleaning(scalar), scalar != "\n" else {
                result.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                result.append(contentsOf: "\\u".unicodeScalars)
                for shift in stride(from: 12, through: 0, by: -4) { result.append(hex[Int(unit >> UInt16(shift)) & 15]) }
            }
        }
        return String(result)
    }

    /// Both languages of a message cleaned.
    static func clean(_ text: Localized, keepingLines: Bool = false) -> Localized {
        Localized(ko: clean(text.ko, keepingLines: keepingLines), en: clean(text.en, keepingLines: keepingLines))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Where what follows an ESC at `index` ends: `[` starts a CSI, `]` `P` `X` `^` `_` a string, anything else is
    /// intermediates (0x20–0x2F) and one final character, as in ESC ( B.
    private static func endOfEscape(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        guard index < scalars.count else { return index }
        switch scalars[index] {
        case "[": return endOfCSI(scalars, from: index + 1)
        case "]", "P", "X", "^", "_": return endOfString(scalars, from: index + 1)
        default:
            var end = index
            while end < scalars.count, (0x20...0x2F).contains(scalars[end].value) { end += 1 }
            // The final character, unless it is a control of its own (looked at again).
            if end < scalars.count, !isControl(scalars[end]) { end += 1 }
            return end
        }
    }

    /// Parameters and intermediates (0x20–0x3F) up to the final byte (0x40–0x7E); something else ends it early and
    /// is looked at again.
    private static func endOfCSI(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count {
            let value = scalars[end].value
            if (0x40...0x7E).contains(value) { return end + 1 }
            if !(0x20...0x3F).contains(value) { return end }
            end += 1
        }
        return end
    }

    /// A control string ends at BEL or ST (ESC \ or 0x9C); an ESC starting something else ends it too (and is looked
    /// at again); an unterminated string runs to the end of the text.
    private static func endOfString(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count {
            switch scalars[end].value {
            case 0x07, 0x9C: return end + 1
            case 0x1B: return end + 1 < scalars.count && scalars[end + 1] == "\\" ? end + 2 : end
            default: end += 1
            }
        }
        return end
    }
}
