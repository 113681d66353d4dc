import BrainyKit
import Testing
@testable import BrainyShell

/// "Too many words" speaks of the password only for the commands that ask one: `leaderboard --limit -1` was told
/// "(the password is asked separately)".
@Suite struct TooManyWordsMessageTests {
    @Test(arguments: ["leaderboard", "source"])
    func aCommandWithoutAPasswordDoesNotMentionOne(_ command: String) {
        let message = ErrorMessage.of(ShellError.tooManyArguments(command: command, usage: "\(command) …"))
        #expect(message.en == "Too many words for '\(command)'. Usage: \(command) …")
        #expect(message.ko == "'\(command)'에 값이 너무 많습니다. 사용법: \(command) …")
    }

    @Test(arguments: ["login", "register"])
    func aCommandThatAsksAPasswordSaysItIsAskedSeparately(_ command: String) {
        let message = ErrorMessage.of(ShellError.tooManyArguments(command: command, usage: "\(command) …"))
        #expect(message.en.contains("(the password is asked separately)"))
        #expect(message.ko.contains("(비밀번호는 따로 묻습니다)"))
    }
}
