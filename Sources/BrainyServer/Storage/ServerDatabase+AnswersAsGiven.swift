import GRDB

/// A result's answer as the device kept it, so that another device of the account restores `history <ID>` as played:
/// the answer graded (`answer`), the answer as given (`given`) and the order its options were shown in
/// (`optionOrder`, as `StoredOptionOrder` writes it). Empty for results stored before, and from older devices.
extension ServerDatabase {
    static func registerAnswersAsGivenMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18-answers-as-given") { db in
            try db.alter(table: "result") { t in
                t.add(column: "answer", .text)
                t.add(column: "given", .text)
                t.add(column: "optionOrder", .text)
            }
        }
    }
}

/// An option order as a database keeps it: its indices joined by commas ("2,0,3,1"); nil for none.
enum StoredOptionOrder {
    static func text(_ order: [Int]?) -> String? {
        order.map { $0.map(String.init).joined(separator: ",") }
    }

    static func order(_ text: String?) -> [Int]? {
        guard let text else { return nil }
        if text.isEmpty { return [] }
        let indices = text.split(separator: ",").compactMap { Int($0) }
        return indices.count == text.split(separator: ",").count ? indices : nil
    }
}
