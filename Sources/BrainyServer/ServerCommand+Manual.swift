import ArgumentParser
import BrainyCommandLine
import BrainyKit
import Foundation

extension ServerCommand {
    /// `man brainy-server`: rendered from swift-argument-parser's own description of the command (the JSON its
    /// `--experimental-dump-help` prints), so the flags, their values and their help are those `ServerOptions`
    /// declares. The parser has no man-page renderer at run time (its GenerateManual is a package plugin), so the
    /// roff comes from `CommandLineManual`, as the shell's does.
    /// Throws when the parser's JSON no longer has the shape `ToolInfo` reads (a new swift-argument-parser).
    static var manual: CommandLineManual {
        get throws {
            try manual(from: JSONDecoder().decode(ToolInfo.self, from: Data(_dumpHelp().utf8)).command)
        }
    }

    private static func manual(from info: ToolInfo.Command) -> CommandLineManual {
        let subcommands = (info.subcommands ?? []).filter { $0.commandName != "help" }.map { subcommand in
            "'brainy-server \(subcommand.commandName) [options]': " + [subcommand.abstract.map { $0 + "." }, subcommand.discussion]
                .compactMap { $0 }.joined(separator: " ")
        }
        return CommandLineManual(
            name: info.commandName,
            summary: info.abstract ?? "",
            synopsis: "[options] | migrate [options]",
            description: [description] + subcommands,
            options: (info.arguments ?? []).filter(\.shouldDisplay).map(\.option),
            sections: [.init("ENVIRONMENT", environment)],
            version: BrainyVersion.current
        )
    }

    /// The part of the parser's JSON description that the man page reads.
    private struct ToolInfo: Decodable {
        var command: Command

        struct Command: Decodable {
            var commandName: String
            var abstract: String?
            var discussion: String?
            var arguments: [Argument]?
            var subcommands: [Command]?
        }

        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }

            var kind: String
            var shouldDisplay: Bool
            var names: [Name]?
            var valueName: String?
            var abstract: String?
            var completionKind: [String: CompletionValues]?

            /// `{"list": {"values": [...]}}`, `{"file": {"extensions": [...]}}`, `{"directory": {}}`.
            struct CompletionValues: Decodable {
                var values: [String]?
            }

            var option: CommandLineOption {
                let flags = (names ?? []).map { ($0.kind == "short" ? "-" : "--") + $0.name }
                guard kind == "option" else { return CommandLineOption(names: flags, text: abstract ?? "") }
                let value: OptionValue = if let words = completionKind?["list"]?.values {
                    .words(words)
                } else if completionKind?["file"] != nil {
                    .file
                } else if completionKind?["directory"] != nil {
                    .directory
                } else {
                    .text
                }
                return CommandLineOption(names: flags, placeholder: "<\(valueName ?? "value")>", value: value,
                                         text: abstract ?? "")
            }
        }
    }
}
