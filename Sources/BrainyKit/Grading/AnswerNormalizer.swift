import Foundation

/// Brings a typed answer to the form answers are compared in: Unicode NFKC (full-width to half-width), case folded,
/// without white space (Korean spacing included), punctuation or symbols.
public enum AnswerNormalizer {
    public static func normalize(_ text: String) -> String {
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        var kept = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where !isIgnored(scalar) {
            kept.append(scalar)
        }
        return String(kept)
    }

    private static func isIgnored(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return scalar.properties.isWhitespace
        }
    }
}
