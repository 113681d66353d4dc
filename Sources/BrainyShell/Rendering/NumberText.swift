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

extension Int {
    /// A count with its English noun: "1 point", "2 points", "12,345 results", "1 quiz", "3 quizzes" (the plural
    /// given when it is not the noun with an s). Korean counts need no plural: "1점", "3개".
    func counted(_ singular: String, _ plural: String? = nil) -> String {
        "\(grouped) \(self == 1 ? singular : plural ?? singular + "s")"
    }
}
