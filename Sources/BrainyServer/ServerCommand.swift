import ArgumentParser

/// `brainy-server [options]`: serve. Only parsed here (`ServerArguments.parse`); the executable runs what it says.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "brainy-server", subcommands: [MigrateCommand.self])

    @OptionGroup var options: ServerOptions
}
