import Glibc

/// Reads a secret (a password) from the terminal on standard input without echoing it.
///
/// Echo, canonical mode and the signal keys are turned off while reading, so Ctrl-C arrives as a byte and cancels
/// the read at once instead of killing the shell or waiting for Enter. Backspace and Ctrl-U still edit what was
/// typed. The terminal settings are restored before returning.
enum SecretInput {
    /// Shows `prompt`, reads one line without echo and prints a newline.
    /// Returns nil when the input ended (Ctrl-D on an empty line, end of file) or the user pressed Ctrl-C.
    static func read(prompt: String) -> String? {
        fflush(nil)  // whatever stdio (libedit, print) still buffers must come before the prompt
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            // Not a terminal: nothing to hide, read the line as it comes.
            write(prompt)
            return readLine(editing: false)
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG)
        withUnsafeMutableBytes(of: &quiet.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        // Switching before the prompt appears means nothing typed in answer to it can be flushed away.
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &saved)
            write("\n")
        }
        write(prompt)
        let erase = withUnsafeBytes(of: saved.c_cc) { $0[Int(VERASE)] }
        return readLine(editing: true, erase: erase)
    }

    /// Reads bytes from standard input up to a newline. With `editing`, the terminal is in non-canonical mode and
    /// this function interprets the editing keys itself.
    private static func readLine(editing: Bool, erase: UInt8 = 0x7F) -> String? {
        var bytes: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
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

    private static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
