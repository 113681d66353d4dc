import BrainyCommandLine
import BrainyKit
import Foundation
import Testing
@testable import BrainyShell

/// `brainy --help`, `--man` and `--completion` come from one manual, which names only flags the parser knows.
@Suite struct LaunchManualTests {
    @Test func everyFlagOfTheManualIsOneTheParserKnows() {
        for name in LaunchOptions.manual.flagNames {
            do {
                _ = try LaunchOptions.parse([name])
            } catch {
                // A flag that needs a value says so; only an unknown one is a mistake of the manual.
                #expect(!error.text.en.hasPrefix("Unknown option"), "\(name): \(error.text.en)")
            }
        }
    }

    @Test func theHelpTheManPageAndTheCompletionsNameEveryFlag() {
        let page = LaunchOptions.manual.manPage
        for name in LaunchOptions.manual.flagNames {
            #expect(LaunchOptions.usage.contains(name), "\(name)")
            #expect(page.contains(name.replacingOccurrences(of: "-", with: "\\-")), "\(name)")
        }
        #expect(LaunchOptions.manual.completionScript(for: .bash).contains("--lang) COMPREPLY=($(compgen -W 'ko en'"))
        #expect(LaunchOptions.manual.completionScript(for: .fish).contains("-l format -x -a 'table plain json'"))
        #expect(LaunchOptions.manual.completionScript(for: .zsh).contains("'--ads[show ads]:<on|off>:(on off)'"))
    }

    @Test func manAndCompletionAreParsed() throws {
        #expect(try LaunchOptions.parse(["--man"]).showManual)
        #expect(try LaunchOptions.parse(["--completion", "fish"]).completionShell == .fish)
        let error = #expect(throws: LaunchOptions.UsageError.self) { try LaunchOptions.parse(["--completion=tcsh"]) }
        #expect(error?.text.en == "--completion takes bash, zsh or fish, not 'tcsh'.")
    }
}

/// `man brainy` lists the shell's commands, read from the registry: every registered command is there with its
/// usage and its summary, in the help and the man page alike.
@Suite struct ManualCommandsTests {
    @Test func everyRegisteredCommandIsInTheManPageAndTheHelp() {
        let page = LaunchOptions.manual.manPage
        let help = LaunchOptions.manual.helpText
        #expect(page.contains(".SH COMMANDS"))
        #expect(help.contains("COMMANDS:"))
        let flatHelp = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // As roff has it: backslashes and hyphens escaped.
        func roff(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        }
        for command in CommandRegistry.commands {
            #expect(page.contains("\\fB\(roff(command.usage))\\fR"), "\(command.name.rawValue) missing from the man page")
            #expect(page.contains(roff(command.summary.en)), "\(command.name.rawValue)'s summary")
            #expect(flatHelp.contains(command.summary.en.split(whereSeparator: \.isWhitespace).joined(separator: " ")),
                    "\(command.name.rawValue) missing from --help")
        }
    }

    @Test func aNarrowTerminalGetsTheHelpWrappedBetweenWords() {
        let help = LaunchOptions.manual.helpText(width: 60, measure: \.displayWidth)
        // Texts fit; only a label too wide for any column (a flag or a command's usage) stands alone on a longer line.
        for line in help.split(separator: "\n").map(String.init) where line.displayWidth > 60 {
            #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "\(line)")
        }
        #expect(help.split(whereSeparator: \.isWhitespace) == LaunchOptions.manual.helpText.split(whereSeparator: \.isWhitespace))
    }
}
