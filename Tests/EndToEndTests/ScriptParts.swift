extension String {
    /// What a keyring script printed between its `echo '--- <name>'` line and the next such line ("" without one).
    func part(_ name: String) -> String {
        guard let start = range(of: "--- \(name)\n") else { return "" }
        let rest = self[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n--- ")?.lowerBound ?? rest.endIndex)])
    }
}
