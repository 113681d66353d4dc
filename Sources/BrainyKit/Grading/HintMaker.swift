/// Makes hints: two wrong options removed for multiple choice; the initial consonants (초성) or the first letter for
/// a short answer.
public enum HintMaker {
    /// The shown positions (from 0) to remove: two wrong options, chosen by the generator.
    public static func positionsToRemove(
        optionCount: Int, correctPosition: Int, using generator: inout SeededGenerator
    ) -> [Int] {
        let wrong = (0..<optionCount).filter { $0 != correctPosition }
        return Array(generator.shuffled(wrong).prefix(2)).sorted()
    }

    /// 초성 for Hangul syllables (세종대왕 → ㅅㅈㄷㅇ); for other text the first letter and underscores for the rest
    /// of each word (King Sejong → K___ S_____).
    public static func textHint(for answer: String) -> String {
        if answer.unicodeScalars.contains(where: isHangulSyllable) {
            return String(answer.map { character -> Character in
                guard let scalar = character.unicodeScalars.first, isHangulSyllable(scalar) else { return character }
                let index = Int(scalar.value - 0xAC00) / (21 * 28)
                return Character(Unicode.Scalar(initialConsonants[index])!)
            })
        }
        return answer.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard let first = word.first else { return "" }
            let rest = word.dropFirst().map { $0.isLetter || $0.isNumber ? "_" : String($0) }.joined()
            return String(first) + rest
        }.joined(separator: " ")
    }

    private static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ (compatibility jamo).
    private static let initialConsonants: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
        0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]
}
