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
}
