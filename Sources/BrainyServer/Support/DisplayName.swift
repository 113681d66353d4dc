import Foundation

/// The name others see on the leaderboard: made from the email's local part, and cleaned again when shown, so that
/// a name stored before addresses were checked cannot carry an escape sequence to other players' terminals.
enum DisplayName {
    static let maxCharacters = 40

    static func from(email: String) -> String {
        sanitized(String(email.prefix { $0 != "@" }))
    }

    /// `text` without control, format or separator characters (spaces kept), at most `maxCharacters` long; "player"
    /// when nothing is left.
    static func sanitized(_ text: String) -> String {
        cleaned(text) ?? "player"
    }

    /// A name a provider gave for the person (Naver's nickname, Kakao's), cleaned as `sanitized` does; nil when
    /// none was given or nothing is left of it.
    static func provided(_ text: String?) -> String? {
        text.flatMap(cleaned)
    }

    private static func cleaned(_ text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar == " " || !EmailAddress.isForbidden(scalar) {
            scalars.append(scalar)
        }
        let name = String(String(scalars).prefix(maxCharacters)).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? nil : name
    }
}
