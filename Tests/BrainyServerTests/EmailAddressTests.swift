import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Issue 13: an address holding a terminal escape sequence was accepted at register, and its local part became a
/// leaderboard name printed on every player's terminal.
@Suite struct EmailAddressTests {
    static let refused = [
        "\u{1b}]0;pwned\u{07}mina@evil.co",          // OSC: sets the terminal's title
        "mina\u{1b}[2J@evil.co",                       // clears the screen
        "mi\u{200b}na@example.com",                    // zero-width space (a format character)
        "mina\u{202e}moc.elpmaxe@example.com",         // right-to-left override
        "mi na@example.com", "mina@example.com\n", "mina@exa\u{0}mple.com",
        String(repeating: "a", count: 250) + "@ex.co", // 256 bytes
        String(repeating: "가", count: 83) + "@ex.co", // 89 characters but 255 bytes
        "mina@localhost", "mina@example.", "@example.com", "mina@@example.com",
    ]

    @Test func addressesWithControlFormatOrSpaceCharactersAreRefused() {
        for text in Self.refused {
            #expect(!EmailAddress.isValid(text), "\(text.debugDescription)")
        }
        #expect(EmailAddress.isValid(String(repeating: "가", count: 80) + "@ex.co"))
        #expect(EmailAddress.isValid("mina.kim+quiz@mail.example.co.kr"))
        #expect(EmailAddress.isValid(String(repeating: "a", count: 248) + "@ex.co"))
    }

    @Test func registerRefusesThemWithoutEchoingTheEscape() async throws {
        try await TestServer.app().test(.router) { client in
            for email in Self.refused {
                let response = try await client.post("/v1/auth/register",
                                                     json: RegisterRequest(email: email, password: "correct horse", consents: ConsentDocument.bundled.versions))
                #expect(response.status == .badRequest, "\(email.debugDescription)")
                #expect(response.error?.code == "invalid_email", "\(email.debugDescription)")
                #expect(response.error?.message.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
            }
        }
    }

    @Test func displayNamesAreCleanedWhenShown() {
        #expect(DisplayName.sanitized("\u{1b}]0;pwned\u{07}mina") == "]0;pwnedmina")
        #expect(DisplayName.sanitized("\u{200b}\u{1b}") == "player")
        #expect(DisplayName.sanitized(String(repeating: "x", count: 100)).count == DisplayName.maxCharacters)
        #expect(DisplayName.from(email: "mina@example.com") == "mina")
    }
}
