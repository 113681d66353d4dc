import BrainyKit

/// The last gate before the terminal: what the console writes as lines keeps only the shell's own colours (the
/// console's current palette's SGR codes), line breaks and tabs; every other control sequence, control character, C1 control and
/// invisible format character is taken out by `OutsideText.clean`. Renderers clean text from outside where they
/// place it (a field stays one line there); this holds when one of them forgets: a hint's remaining options
/// reached the terminal raw, a pack's OSC retitling the window and a CSI clearing the screen.
enum TerminalOutput {
    /// The escape sequences the shell writes inside lines with `palette`: its colours and its reset, longest first
    /// so that a code is never taken for a shorter one it starts with. None for `Palette.none` (colour off).
    static func codes(of palette: Palette) -> [[Unicode.Scalar]] {
        let codes = [palette.accent, palette.success, palette.failure, palette.muted, palette.emphasis,
                     palette.warning, palette.reset]
        return Set(codes).filter { !$0.isEmpty }.map { Array($0.unicodeScalars) }.sorted { $0.count > $1.count }
    }

    /// `text` as it may reach the terminal from a console painting with `palette`: only that palette's codes pass
    /// (with `--color never` or NO_COLOR, none), so a line painted for another theme, or text that merely looks
    /// like a colour, does not colour a terminal the person asked to keep plain.
    static func safe(_ text: String, keeping palette: Palette) -> String {
        guard text.unicodeScalars.contains(where: needsLooking) else { return text }
        let ownCodes = codes(of: palette)
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var start = 0
        var index = 0
        func keepCleaned(upTo end: Int) {
            guard start < end else { return }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[start..<end])
            result.append(contentsOf: OutsideText.clean(String(piece), keepingLines: true).unicodeScalars)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\t" {
                keepCleaned(upTo: index)
                result.append(scalar)
                index += 1
                start = index
            } else if scalar == "\u{1B}", let code = ownCodes.first(where: { starts(scalars, at: index, with: $0) }) {
                keepCleaned(upTo: index)
                result.append(contentsOf: code)
                index += code.count
                start = index
            } else {
                index += 1
            }
        }
        keepCleaned(upTo: scalars.count)
        return String(result)
    }

    /// Whether `scalar` may need taking out (a line break and a tab never do, but are cheap to look at again).
    private static func needsLooking(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x0A && value != 0x09 }
        return (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || OutsideText.isFormat(scalar)
    }

    private static func starts(_ scalars: [Unicode.Scalar], at index: Int, with code: [Unicode.Scalar]) -> Bool {
        index + code.count <= scalars.count && scalars[index..<(index + code.count)].elementsEqual(code)
    }
}
