/// Text that came from outside (a language model, a recognizer, a server) made safe for the terminal: escape
/// sequences (CSI, OSC and the rest), other control characters and format characters removed, newlines and tabs kept.
enum PrintableText {
    static func of(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                // ESC [ … final byte (CSI), ESC ] … BEL or ESC \ (OSC, and DCS/APC/PM alike), or ESC and one character.
                guard let kind = scalars.next() else { break }
                if kind == "[" {
                    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
                } else if ["]", "P", "_", "^", "X"].contains(kind) {
                    var previous: Unicode.Scalar?
                    while let next = scalars.next() {
                        if next.value == 0x07 || (previous?.value == 0x1B && next == "\\") { break }
                        previous = next
                    }
                }
            case 0x0A, 0x09:
                result.append(scalar)
            default:
                switch scalar.properties.generalCategory {
                case .control, .format: break
                default: result.append(scalar)
                }
            }
        }
        return String(result)
    }
}
