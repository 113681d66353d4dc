import BrainyKit

/// Text that came from outside the shell (the server, the database, a question pack, what a user typed and is shown
/// again) made safe to print: no terminal control can ride along in it. Another player's name must not retitle the
/// window, move the cursor or hide what follows. Every renderer passes such text through `clean` before printing it.
public enum OutsideText {
    /// `text` without control sequences: ESC sequences (CSI, OSC, DCS, SOS, PM, APC and two-byte ones, with their
    /// payload), C0 controls, DEL and C1 controls. A tab becomes a space; a line break stays only with `keepingLines`
    /// (an explanation of several lines), else it becomes a space too, so that one field stays one line.
    public static func clean(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
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
            case 0x0A: result.append(keepingLines ? "\n" : " ")
            case 0x09: result.append(" ")
            default: if !isControl(scalar) { result.append(scalar) }
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
