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
                #expect(!error.message.hasPrefix("Unknown option"), "\(name): \(error.message)")
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
