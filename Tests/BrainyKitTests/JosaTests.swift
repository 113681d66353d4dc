import Testing
@testable import BrainyKit

@Suite struct JosaTests {
    @Test(arguments: [
        ("'login'", Josa.Particle.object, "'login'을"),
        ("'stats'", .object, "'stats'를"),
        ("guest", .direction, "guest로"),
        ("세종대왕", .topic, "세종대왕은"),
        ("나라", .topic, "나라는"),
        ("서울", .direction, "서울로"),
        ("부산", .direction, "부산으로"),
        ("스테이지 1", .object, "스테이지 1을"),
        ("스테이지 2", .object, "스테이지 2를"),
        ("'bogus'", .named, "'bogus'라는"),
        ("'colour'", .named, "'colour'라는"),
        ("'login email kim@example.com'", .direction, "'login email kim@example.com'으로"),
        ("qa@example.com", .direction, "qa@example.com으로"),
        ("음성모드", .topic, "음성모드는"),
    ])
    func theParticleFitsTheLastSound(word: String, particle: Josa.Particle, expected: String) {
        #expect(Josa.attach(word, particle) == expected)
    }

    // What `scripts/torture fuzz` typed: the line "⒙" crashed the shell (its value, 18, indexed a table of ten digits)
    // while the message "'⒙' is not a command" was made. A number is read by its last digit: 십팔 ends in 팔.
    @Test(arguments: [
        ("'⒙'", Josa.Particle.topic, "'⒙'은"),      // 십팔
        ("'⑳'", .direction, "'⑳'으로"),            // 이십
        ("'⑫'", .object, "'⑫'를"),                 // 십이
        ("'万'", .topic, "'万'은"),                 // 만
        ("'Ⅻ'", .subject, "'Ⅻ'가"),                // 십이
    ])
    func aCharacterReadAsANumberAboveNineTakesTheParticleOfItsLastDigit(word: String, particle: Josa.Particle,
                                                                        expected: String) {
        #expect(Josa.attach(word, particle) == expected)
    }
}

/// Every title, name and answer of the knowledge base and the bundled pack whose Korean form ends in Latin letters,
/// digits or a note in brackets (60 of them, gathered from `Resources/Knowledge` and `Resources/Packs`), with the
/// particle a Korean reader puts after it: how Korean media write the word decides (치어 업, 댓, 홈, 안티프래자일,
/// 엠비씨, 티비엔, 넘버원), and a note in brackets is skipped (소금 행진(1930)은).
@Suite struct JosaRealTitlesTests {
    // (text, the object particle, the direction particle)
    static let titles: [(String, String, String)] = [
        ("\"나에게는 꿈이 있습니다\" 연설(1963)", "을", "로"), ("1984", "를", "로"), ("1Q84", "를", "로"),
        ("70년 재위(1952–2022)", "를", "로"), ("95개조 반박문(1517)", "을", "으로"), ("ABC", "를", "로"),
        ("AMC", "를", "로"), ("ANTIFRAGILE", "을", "로"), ("All I Want for Christmas Is You", "를", "로"),
        ("BBC One", "을", "으로"), ("Bounce", "를", "로"), ("Butter", "를", "로"), ("CBS", "를", "로"),
        ("CHEER UP", "을", "으로"), ("Celebrity", "를", "로"), ("Come Back Home", "을", "으로"), ("DNA", "를", "로"),
        ("Ditto", "를", "로"), ("Dynamite", "를", "로"), ("E=mc²", "을", "으로"), ("ENA", "를", "로"), ("FX", "를", "로"),
        ("FANTASTIC BABY", "를", "로"), ("FIFA 월드컵 3회 우승(1958, 1962, 1970)", "을", "으로"), ("Gee", "를", "로"),
        ("HBO", "를", "로"), ("Heartbreaker", "를", "로"), ("How You Like That", "을", "으로"), ("Hype Boy", "를", "로"),
        ("I Will Always Love You", "를", "로"), ("ID; Peace B", "를", "로"), ("ITV", "를", "로"), ("JTBC", "를", "로"),
        ("KBS 1TV", "를", "로"), ("KBS 2TV", "를", "로"), ("Kill This Love", "를", "로"), ("LOVE DIVE", "를", "로"),
        ("MBC", "를", "로"), ("My Heart Will Go On", "을", "으로"), ("NBC", "를", "로"), ("Next Level", "을", "로"),
        ("No More Dream", "을", "으로"), ("No.1", "을", "으로"), ("Nobody", "를", "로"), ("Ring Ding Dong", "을", "으로"),
        ("SBS", "를", "로"), ("Seven", "을", "으로"), ("TT", "를", "로"), ("Tell Me", "를", "로"), ("tvN", "을", "으로"),
        ("누난 너무 예뻐 (Replay)", "를", "로"), ("디즈니랜드 설립(1955)", "을", "으로"),
        ("메이저리그 최초의 50홈런-50도루(2024)", "를", "로"), ("산술 연구(Disquisitiones Arithmeticae)", "를", "로"),
        ("소금 행진(1930)", "을", "으로"), ("아주 NICE", "를", "로"), ("안테나 3", "을", "으로"), ("응답하라 1988", "을", "로"),
        ("응답하라 1997", "을", "로"), ("주문 -MIROTIC-", "을", "으로"),
    ]

    @Test func theTableHoldsSixtyRealTitles() {
        #expect(Self.titles.count == 60)
        #expect(Set(Self.titles.map(\.0)).count == 60)
    }

    @Test(arguments: titles)
    func aRealTitleTakesTheParticleItsReadingAsks(title: String, object: String, direction: String) {
        #expect(Josa.attach("'\(title)'", .object) == "'\(title)'\(object)")
        #expect(Josa.attach(title, .direction) == title + direction)
    }

    @Test(arguments: [
        ("apple", "을", "로"), ("smile", "을", "로"), ("book", "을", "으로"), ("speak", "를", "로"), ("pink", "를", "로"),
        ("club", "을", "으로"), ("help", "를", "로"), ("light", "를", "로"), ("about", "을", "으로"), ("music", "을", "으로"),
        ("the", "를", "로"), ("phone", "을", "으로"), ("love", "를", "로"), ("girl", "을", "로"), ("OK", "를", "로"),
        ("#7", "을", "으로"), ("No. 2", "를", "로"), ("(Replay)", "를", "로"),
    ])
    func englishWordsEndAsKoreanMediaWriteThem(word: String, object: String, direction: String) {
        #expect(Josa.attach(word, .object) == word + object)
        #expect(Josa.attach(word, .direction) == word + direction)
    }
}
