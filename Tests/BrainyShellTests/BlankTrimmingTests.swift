import Foundation
import Testing
@testable import BrainyShell

@Suite struct BlankTrimmingTests {
    @Test func itTrimsWhatFoundationsWhitespaceSetTrims() {
        let lines = ["", " ", "\t", "  login guest  ", "\tstart 5\t", "\u{3000}나라\u{3000}", "\u{00A0}answer 2\u{2003}",
                     "line\n", "\r", " \u{301}é ", "a b", "  한 국  어 "]
        for line in lines {
            #expect(line.trimmingBlanks == line.trimmingCharacters(in: .whitespaces), "\(line.debugDescription)")
            #expect(line[...].trimmingBlanks == line.trimmingCharacters(in: .whitespaces), "\(line.debugDescription)")
        }
    }
}
