/// Reads a secret (a password) from the terminal on standard input without echoing it.
///
/// Echo, canonical mode and the signal keys are turned off while reading, so Ctrl-C arrives as a byte and cancels
/// the read at once instead of killing the shell or waiting for Enter. Backspace and Ctrl-U still edit what was
/// typed. The terminal settings are restored before returning.
enum SecretInput {
    /// Shows `prompt`, reads one line without echo and prints a newline.
    /// Returns nil when the input ended (Ctrl-D on an empty line, end of file) or the user pressed Ctrl-C.
    static func read(prompt: String) -> String? {
        Platform.flushStandardIO()  // whatever stdio (libedit, print) still buffers must come before the prompt
        let quiet = Platform.withQuietTerminal { erase -> String? in
            defer { Platform.write("\n", to: .output) }
            Platform.write(prompt, to: .output)
            return readLine(editing: true, erase: erase)
        }
        if let quiet { return quiet }
        // Not a terminal: nothing to hide, read the line as it comes.
        Platform.write(prompt, to: .output)
        return readLine(editing: false)
    }

    /// Reads bytes from standard input up to a newline. With `editing`, the terminal is in non-canonical mode and
    /// this function interprets the editing keys itself.
    private static func readLine(editing: Bool, erase: UInt8 = 0x7F) -> String? {
        var bytes: [UInt8] = []
        while true {
            guard let byte = Platform.readByte() else {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return String(decoding: bytes, as: UTF8.self)
            case 0x03 where editing:  // Ctrl-C
                return nil
            case 0x04 where editing:  // Ctrl-D
                if bytes.isEmpty { return nil }
            case 0x15 where editing:  // Ctrl-U
                bytes.removeAll()
            case erase where editing, 0x7F where editing, 0x08 where editing:
                removeLastScalar(from: &bytes)
            default:
                bytes.append(byte)
            }
        }
    }

    /// Drops the last UTF-8 encoded scalar: its continuation bytes and the byte that leads them.
    private static func removeLastScalar(from bytes: inout [UInt8]) {
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
    }
}
