import ArgumentParser

/// `brainy-server migrate [options]`: bring the database's schema up to date and exit (`migrateDatabase`).
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "bring the database's schema up to date and exit",
        discussion: "With --db or --database: a server does it at start too, so this is for upgrading before instances start."
    )

    @OptionGroup var options: ServerOptions
}
