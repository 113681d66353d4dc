/// Korean particles that depend on the word before them: 은/는, 이/가, 을/를, (으)로, 이라는/라는.
///
/// The word's last sound decides: a Hangul syllable by its final consonant (받침); a digit by how it is read
/// (일, 삼, 육, 칠, 팔, 영 end in a consonant); a Latin letter by a rule of thumb for how Koreans read English
/// (a word ending in l, m, n or k ends in a consonant: login → 로그인, stack → 스택). Quotes and brackets are skipped.
public enum Josa {
    public enum Particle: Sendable {
        case topic      // 은/는
        case subject    // 이/가
        case object     // 을/를
        case direction  // 으로/로 (ㄹ takes 로)
        case named      // 이라는/라는

        func form(afterConsonant: Bool, afterRieul: Bool) -> String {
            switch self {
            case .topic: afterConsonant ? "은" : "는"
            case .subject: afterConsonant ? "이" : "가"
            case .object: afterConsonant ? "을" : "를"
            case .direction: afterConsonant && !afterRieul ? "으로" : "로"
            case .named: afterConsonant ? "이라는" : "라는"
            }
        }
    }

    /// The word followed by the particle that fits it.
    public static func attach(_ word: String, _ particle: Particle) -> String {
        let (consonant, rieul) = finalSound(of: word)
        return word + particle.form(afterConsonant: consonant, afterRieul: rieul)
    }

    /// Whether the word ends in a consonant sound, and whether that consonant is ㄹ.
    static func finalSound(of word: String) -> (consonant: Bool, rieul: Bool) {
        let skipped: Set<Character> = ["'", "\"", ")", "]", " ", "`", "’", "”"]
        guard let last = word.last(where: { !skipped.contains($0) }), let scalar = last.unicodeScalars.first else {
            return (false, false)
        }
        if (0xAC00...0xD7A3).contains(scalar.value) {
            let final = (scalar.value - 0xAC00) % 28
            return (final != 0, final == 8)
        }
        if let value = last.wholeNumberValue {
            // A number is read by its last digit (⒙, 18: 십팔; 万: 만), and 영 일 이 삼 사 오 육 칠 팔 구 by the table.
            let digit = (value % 10 + 10) % 10
            let consonant = [true, true, false, true, false, false, true, true, true, false][digit]
            let rieul = [false, true, false, false, false, false, false, true, true, false][digit]
            return (consonant, rieul)
        }
        // Compared as text: a character may lower-case to more than one (Character(_:) would trap).
        switch last.lowercased() {
        case "l": return (true, true)
        case "m", "n", "k": return (true, false)
        default: return (false, false)
        }
    }
}
