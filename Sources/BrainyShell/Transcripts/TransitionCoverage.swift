import BrainyKit

/// Which transitions of the table a set of transcripts took, and which none did (`brainy --check --coverage`), as
/// model-based testing tools report a model's coverage.
public final class TransitionCoverage {
    public private(set) var taken: Set<ShellTransition> = []

    public init() {}

    public func note(_ transition: ShellTransition) { taken.insert(transition) }

    public var untaken: [ShellTransition] { ShellTransition.all.filter { !taken.contains($0) } }

    /// `coverage: 57 of 271 transitions (21%)`, then the ones not taken.
    public func report() -> String {
        let all = ShellTransition.all
        let covered = all.filter(taken.contains).count
        let percent = all.isEmpty ? 100 : covered * 100 / all.count
        var lines = ["coverage: \(covered) of \(all.count) transitions (\(percent)%)"]
        let missing = untaken
        if !missing.isEmpty {
            lines.append("not taken by any transcript:")
            lines += missing.map { "  " + $0.label }
        }
        let withServer = ShellTransition.needingServer.count
        lines.append("(\(withServer) more need a sync server and a browser, which a transcript has not: the wait for a "
                     + "browser's sign-in. BrowserSignInEndToEndTests goes through it; TransitionCoverageTests takes each.)")
        return lines.joined(separator: "\n")
    }
}
