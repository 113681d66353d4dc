import BrainyKit

/// The colours of one theme. Empty strings when colour is off.
public struct Palette: Sendable {
    public var accent: String
    public var success: String
    public var failure: String
    public var muted: String
    public var emphasis: String
    public var warning: String
    public var reset: String

    public static let none = Palette(accent: "", success: "", failure: "", muted: "", emphasis: "", warning: "", reset: "")

    /// Bright colours on a dark background, deep ones on a light background, the terminal's own for `system`.
    public static func forTheme(_ theme: Settings.Theme) -> Palette {
        switch theme {
        case .dark:
            Palette(accent: "\u{1B}[96m", success: "\u{1B}[92m", failure: "\u{1B}[91m", muted: "\u{1B}[37m",
                    emphasis: "\u{1B}[1;97m", warning: "\u{1B}[93m", reset: "\u{1B}[0m")
        case .light:
            Palette(accent: "\u{1B}[34m", success: "\u{1B}[32m", failure: "\u{1B}[31m", muted: "\u{1B}[90m",
                    emphasis: "\u{1B}[1;30m", warning: "\u{1B}[33m", reset: "\u{1B}[0m")
        case .system:
            Palette(accent: "\u{1B}[36m", success: "\u{1B}[32m", failure: "\u{1B}[31m", muted: "\u{1B}[2m",
                    emphasis: "\u{1B}[1m", warning: "\u{1B}[33m", reset: "\u{1B}[0m")
        }
    }
}
