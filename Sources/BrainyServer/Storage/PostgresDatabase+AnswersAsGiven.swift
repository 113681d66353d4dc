extension PostgresDatabase {
    /// As SQLite's v18-answers-as-given: a result's answer graded, as given, and its options' order as shown.
    static let answersAsGivenMigration = Migration(id: "v14-answers-as-given", statements: [
        "ALTER TABLE result ADD COLUMN answer TEXT, ADD COLUMN given_answer TEXT, ADD COLUMN option_order TEXT",
    ])
}
