import ArgumentParser

/// `brainy-server migrate [options]`: bring the database's schema up to date and exit (`migrateDatabase`).
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate")

    @OptionGroup var options: ServerOptions
}
