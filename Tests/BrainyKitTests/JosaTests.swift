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
