/// Numbers as the shell prints them, the same in both languages.
enum Percent {
    /// 0.756 → "76%".
    static func text(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}

extension Int {
    /// 12,345: thousands grouped the same way in both languages.
    var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (self < 0 ? "-" : "") + out
    }
}
