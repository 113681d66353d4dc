/// Korean particles that depend on the word before them: 은/는, 이/가, 을/를, (으)로, 이라는/라는.
///
/// The word's last sound decides, as a Korean reader says it:
/// - a Hangul syllable by its final consonant (받침);
/// - a number by how it is read: 1988 is 천구백팔십팔 (팔: ㄹ), 3 is 삼; after "No." or "#" in English (No.1: 넘버원);
///   ² and ³ are 제곱 and 세제곱;
/// - Latin letters by how Korean media write the English word (`EnglishEnding`): CHEER UP → 치어 업 (ㅂ), How You Like
///   That → 댓 (ㅅ), Come Back Home → 홈 (ㅁ), ANTIFRAGILE → 안티프래자일 (ㄹ), Dynamite → 다이너마이트 (none); an
///   abbreviation spelled out by its letters' names (MBC → 엠비씨, tvN → 티비엔: only L, M, N and R end in a consonant);
/// - quotes, closing punctuation and a trailing note in brackets are skipped: 'Ring Ding Dong' → 동, 응답하라 1988 →
///   팔, 소금 행진(1930) → 진 (the particle agrees with the text outside the brackets, as Korean writing does).
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
        let sound = finalSound(of: word)
        return word + particle.form(afterConsonant: sound.consonant, afterRieul: sound.rieul)
    }

    /// Whether the word ends in a consonant sound, and whether that consonant is ㄹ.
    static func finalSound(of word: String) -> (consonant: Bool, rieul: Bool) {
        let text = Array(spokenEnd(of: word))
        guard let last = text.last, let scalar = last.unicodeScalars.first else { return (false, false) }
        if (0xAC00...0xD7A3).contains(scalar.value) {
            let final = (scalar.value - 0xAC00) % 28
            return (final != 0, final == 8)
        }
        if last == "²" || last == "³" { return (true, false) }  // 제곱, 세제곱
        if let value = last.wholeNumberValue {
            if let english = EnglishNumber(digitsEndingAt: text) { return english.finalSound }
            // A number is read by its last digit (⒙, 18: 십팔; 万: 만), and 영 일 이 삼 사 오 육 칠 팔 구 by the table.
            let digit = (value % 10 + 10) % 10
            let consonant = [true, true, false, true, false, false, true, true, true, false][digit]
            let rieul = [false, true, false, false, false, false, false, true, true, false][digit]
            return (consonant, rieul)
        }
        if last.isASCII, last.isLetter {
            let letters = String(text.reversed().prefix(while: { $0.isASCII && $0.isLetter }).reversed())
            let wholeText = letters.count == text.count
            return EnglishEnding(letters, standsAlone: wholeText).finalSound
        }
        return (false, false)
    }

    /// The text without what is not read at its end: closing quotes and punctuation, and a note in brackets after
    /// the text it annotates.
    static func spokenEnd(of word: String) -> Substring {
        let skipped: Set<Character> = [
            "'", "\"", "`", "’", "”", "」", "』", " ", "-", "–", "—", "!", "?", ".", ",", ";", ":", "~", "…", "*",
        ]
        var text = Substring(word)
        while true {
            while let last = text.last, skipped.contains(last) { text = text.dropLast() }
            guard let close = text.last, let open = ["(": ")", "[": "]"].first(where: { $0.value == String(close) })?.key,
                  let start = text.lastIndex(of: Character(open))
            else { return text }
            let before = text[..<start]
            // A bracket that is all the text (or has only skipped characters before it) is what is read.
            guard before.contains(where: { !skipped.contains($0) }) else {
                return text.dropFirst(text.distance(from: text.startIndex, to: start) + 1).dropLast()
            }
            text = before
        }
    }
}

/// How a Korean reader ends an English word or abbreviation.
struct EnglishEnding {
    let finalSound: (consonant: Bool, rieul: Bool)

    init(_ letters: String, standsAlone: Bool) {
        let word = Array(letters.lowercased())
        let isUpper = letters.allSatisfy(\.isUppercase)
        let hasVowel = word.contains(where: Self.isVowel)
        // An abbreviation is read letter by letter: MBC, JTBC, KBS 2TV, "Peace B"; a short word in capitals on its own
        // too (DNA, HBO, ENA, OK). A longer word in capitals is read as a word (CHEER UP, ANTIFRAGILE, LOVE DIVE).
        let spelled = word.count == 1 || (isUpper && (!hasVowel || (standsAlone && word.count <= 3)))
        if spelled {
            switch word.last {
            case "l", "r": finalSound = (true, true)     // 엘, 알
            case "m", "n": finalSound = (true, false)    // 엠, 엔
            default: finalSound = (false, false)         // 에이, 비, 씨, 에스, 티, 브이…
            }
        } else {
            finalSound = Self.wordEnding(word)
        }
    }

    static func isVowel(_ letter: Character) -> Bool { "aeiou".contains(letter) }

    /// The last sound of an English word as Korean writes it (외래어 표기법): a short vowel before p, t, k, b, c keeps
    /// the consonant as 받침 (업, 댓, 북, 클럽, 매직); after a long vowel or another consonant it becomes a syllable of
    /// its own (히트, 헬프, 핑크). A silent e leaves the consonant before it (홈, 원, 자일) or a syllable (라이크, 러브).
    static func wordEnding(_ word: [Character]) -> (consonant: Bool, rieul: Bool) {
        guard let last = word.last else { return (false, false) }
        let before = word.count >= 2 ? word[word.count - 2] : nil
        let twoBefore = word.count >= 3 ? word[word.count - 3] : nil
        let afterVowel = before.map(isVowel) ?? false
        let afterShortVowel = afterVowel && !(twoBefore.map(isVowel) ?? false)
        let afterDiphthong = afterVowel && twoBefore.map(isVowel) == true
        let pair = twoBefore.map { String([$0, before!]) } ?? ""
        switch last {
        case "l": return (true, true)                                            // 레벨, 걸
        case "m", "n": return (true, false)                                      // 드림, 세븐
        case "g": return (before == "n", false)                                  // 동 (ng); 도그
        case "e" where word.dropLast(2).contains(where: isVowel):  // a silent e: me, the, gee are read 미, 더, 지
            switch before {
            case "l": return (true, true)                                        // 애플, 스마일
            case "m", "n": return (true, false)                                  // 홈, 원, 라인
            default: return (false, false)                                       // 라이크, 러브, 바운스
            }
        case "k":
            if before == "c" { return (true, false) }                            // 백
            return (afterShortVowel || pair == "oo", false)                      // 룩, 북; 스피크, 핑크
        case "p": return (afterVowel, false)                                     // 업, 딥, 그룹; 헬프
        case "t":
            if afterShortVowel { return (true, false) }                          // 댓, 캣, 티켓
            return (afterDiphthong && (pair == "ou" || pair == "oo"), false)     // 아웃, 풋; 히트, 스타트
        case "b":
            return (afterVowel || before == "m", false)                          // 클럽, 웹; 밤 (bomb)
        case "c": return (afterVowel, false)                                     // 매직, 뮤직; 디스크
        default: return (false, false)                                           // 버터, 셀러브리티, 지…
        }
    }
}

/// A number read in English: after "No." or "#" (No.1 → 넘버원, #7 → 세븐).
struct EnglishNumber {
    let finalSound: (consonant: Bool, rieul: Bool)

    init?(digitsEndingAt text: [Character]) {
        let digits = text.reversed().prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, let value = Int(String(digits.reversed())) else { return nil }
        let rest = String(text.dropLast(digits.count)).lowercased()
        let trimmed = rest.hasSuffix(" ") ? String(rest.dropLast()) : rest
        guard trimmed.hasSuffix("no.") || trimmed.hasSuffix("#") else { return nil }
        // one 원, seven 세븐, eight 에잇, nine 나인, ten 텐, eleven 일레븐, thirteen… 서틴; zero 제로, two 투, three 쓰리…
        let ends: Set<Int> = [1, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19]
        let spoken = value <= 19 ? value : (value % 10 == 0 ? 20 : value % 10)
        finalSound = (ends.contains(spoken), false)
    }
}
