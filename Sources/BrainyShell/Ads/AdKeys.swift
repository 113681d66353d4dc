import Foundation

/// What the player types while a rewarded ad counts down on a terminal (the terminal quiet: keys arrive one byte at a
/// time and are not echoed). The line typed so far is shown after the countdown; Enter ends the ad (an empty line,
/// `ad skip`, `skip` or anything else: the keyboard is the player's), and so does Ctrl-C. Escape sequences (arrow
/// keys) are dropped.
struct AdKeys {
    /// The terminal's erase key (Backspace sends it; DEL and Ctrl-H are taken as well).
    let erase: UInt8
    /// The bytes of the line typed so far.
    private var typed: [UInt8] = []
    private var escape = EscapeState.none

    private enum EscapeState {
        case none
        /// ESC seen.
        case started
        /// ESC [ or ESC O seen: parameters until a final byte.
        case parameters
    }

    init(erase: UInt8) {
        self.erase = erase
    }

    /// What a key did.
    enum Effect: Equatable {
        /// Nothing to show.
        case none
        /// The line typed changed.
        case edited
        /// Stop the ad: Enter (with what was typed, trimmed) or Ctrl-C (nil).
        case stop(line: String?)
    }

    /// The line typed so far, as text (an unfinished UTF-8 character left out).
    var line: String { String(decoding: typed, as: UTF8.self).replacingOccurrences(of: "\u{FFFD}", with: "") }

    mutating func press(_ byte: UInt8) -> Effect {
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .parameters : .none
            return .none
        case .parameters:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return .none
        case .none:
            break
        }
        switch byte {
        case 0x03:
            return .stop(line: nil)
        case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            return .stop(line: line.trimmingCharacters(in: .whitespaces))
        case 0x1B:
            escape = .started
            return .none
        case erase, 0x7F, 0x08:
            guard !typed.isEmpty else { return .none }
            // Back over one whole character: its continuation bytes (10xxxxxx), then its first byte.
            while let last = typed.popLast(), last & 0xC0 == 0x80 {}
            return .edited
        case 0x15:  // Ctrl-U
            typed.removeAll()
            return .edited
        case ..<0x20:
            return .none
        default:
            guard typed.count < 200 else { return .none }
            typed.append(byte)
            return .edited
        }
    }

    /// Whether a line typed and entered during the ad asked to skip it (otherwise it was something else, not run).
    static func asksToSkip(_ line: String) -> Bool {
        let words = line.lowercased().split(separator: " ")
        return words.isEmpty || words == ["skip"] || words == ["ad", "skip"]
    }
}
