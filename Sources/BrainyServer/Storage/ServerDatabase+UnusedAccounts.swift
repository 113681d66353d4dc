import Foundation
import GRDB

extension ServerDatabase {
    /// As `PostgresDatabase.deleteUnusedAccount`: one statement in one write transaction, deleting the account only
    /// while no row of `UnusedAccount.dataTables` names it (its refresh tokens and identities go by ON DELETE CASCADE).
    public func deleteUnusedAccount(accountId: String) async throws -> Bool {
        let unused = UnusedAccount.dataTables
            .map { "NOT EXISTS (SELECT 1 FROM \($0) WHERE accountId = :id)" }
            .joined(separator: " AND ")
        return try await writer.write { db in
            try db.execute(sql: "DELETE FROM account WHERE id = :id AND \(unused)", arguments: ["id": accountId])
            return db.changesCount == 1
        }
    }
}
