import Testing
@testable import BrainyShell

/// Issue 13, item 2: text from outside is printed without the terminal controls it may carry.
@Suite struct OutsideTextTests {
    @Test(arguments: [
        ("mallory\u{1B}]0;owned\u{07}@evil.example", "mallory@evil.example"),   // OSC window title, ended by BEL
        ("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),      // OSC hyperlink, ended by ESC \
        ("\u{1B}[2J\u{1B}[1;1H서울", "서울"),                                      // CSI clear screen, cursor home
        ("red\u{1B}[31m!\u{1B}[0m", "red!"),
        ("\u{9B}31mC1\u{9D}title\u{9C}", "C1"),                                   // C1 CSI and OSC
        ("\u{1B}Pq#0;2;0;0;0\u{1B}\\sixel", "sixel"),                             // DCS
        ("\u{1B}(Bcharset", "charset"),                                            // ESC with an intermediate
        ("nul\u{0}bell\u{07}del\u{7F}bs\u{08}", "nulbelldelbs"),
        ("tab\there", "tab here"),
        ("two\nlines", "two lines"),
        ("한국어 and English", "한국어 and English"),
        ("unterminated\u{1B}]0;title", "unterminated"),
        ("trailing escape\u{1B}", "trailing escape"),
    ])
    func controlsAreRemoved(_ pair: (String, String)) {
        #expect(OutsideText.clean(pair.0) == pair.1)
    }

    @Test func lineBreaksStayWhereTheyMeanSomething() {
        #expect(OutsideText.clean("first\r\nsecond\u{1B}[31m", keepingLines: true) == "first\nsecond")
    }
}
