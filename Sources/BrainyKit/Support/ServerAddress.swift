import Foundation

/// An address the shell can talk to: http(s)://host[:port][/path], the port (when given) from 1 to 65535. Checked
/// wherever an address comes in (the `--server` flag, the `server` setting) and again by the client before it
/// connects, so that no address reaches the network code unchecked.
public enum ServerAddress {
    public static func isValid(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let separator = trimmed.range(of: "://") else { return false }
        guard ["http", "https"].contains(trimmed[..<separator.lowerBound].lowercased()) else { return false }
        let rest = trimmed[separator.upperBound...]
        let authority = rest.prefix { !"/?#".contains($0) }
        guard !authority.contains("@"), !authority.contains(where: { $0.isWhitespace || $0.isNewline }),
              authority.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return false }
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            // An IPv6 literal: [::1] or [::1]:8080.
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.isEmpty { port = nil } else {
                guard after.hasPrefix(":") else { return false }
                port = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        } else {
            host = authority
            port = nil
        }
        guard !host.isEmpty, !host.contains(":") || authority.hasPrefix("[") else { return false }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
                  let number = Int(port), (1...65_535).contains(number) else { return false }
        }
        return true
    }
}
