import BrainyKit

/// A prompt as libedit is given it and as the screen shows it: colour escapes take no column, so libedit is told to
/// skip them (`EL_PROMPT_ESC`: each escape between two `bracket` characters), and the shell measures the rest.
struct PromptText: Equatable {
    /// The prompt for libedit, each escape sequence between two `bracket` characters.
    var bracketed: String
    /// The prompt as shown, without escape sequences.
    var visible: String

    /// The character that brackets the parts of the prompt that take no room on screen.
    static let bracket: Unicode.Scalar = "\u{1}"

    init(_ text: String) {
        var bracketed = ""
        var visible = ""
        for piece in ANSIText.pieces(of: text) {
            switch piece {
            case .text(let shown):
                bracketed += shown
                visible += shown
            case .escape(let escape):
                bracketed += String(Self.bracket) + escape + String(Self.bracket)
            }
        }
        self.bracketed = bracketed
        self.visible = visible
    }
}
