import BrainyKit
import Foundation
import Testing

/// The name the shell shows for an account: the email, unless the server gave a placeholder address under the
/// reserved `.invalid` top-level domain (an account whose provider vouched for no address), then the display name.
@Suite struct UserShownNameTests {
    static func user(email: String?, displayName: String = "Naver 3f11", provider: AuthProvider = .naver) -> User {
        User(id: "u1", email: email, displayName: displayName, provider: provider, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func anAccountWithARealEmailIsShownByIt() {
        #expect(Self.user(email: "mina@example.com", displayName: "mina", provider: .email).shownName == "mina@example.com")
        #expect(Self.user(email: "mina@invalid.example.com", displayName: "mina").shownName == "mina@invalid.example.com")
        #expect(Self.user(email: "mina@example.invalidated", displayName: "mina").shownName == "mina@example.invalidated")
    }

    @Test(arguments: ["naver-3f116399-f8da-4301-9c1e-0a6e5d2b7c11@users.brainy.invalid",
                      "kakao-1@USERS.BRAINY.INVALID", "x@invalid", "x@host.invalid."])
    func aPlaceholderAddressIsShownAsTheDisplayName(_ address: String) {
        #expect(User.isPlaceholder(email: address))
        #expect(Self.user(email: address, displayName: "김미나").shownName == "김미나")
    }

    @Test func anAccountWithoutAnEmailIsShownByItsDisplayName() {
        #expect(Self.user(email: nil, displayName: "guest", provider: .guest).shownName == "guest")
        #expect(Self.user(email: "", displayName: "guest", provider: .guest).shownName == "guest")
        #expect(!User.isPlaceholder(email: "invalid"))
    }
}
