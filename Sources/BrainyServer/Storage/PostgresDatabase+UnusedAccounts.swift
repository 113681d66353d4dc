import Foundation
import PostgresNIO

extension PostgresDatabase {
    /// As `ServerDatabase.deleteUnusedAccount`: one statement in one transaction, deleting the account only while no
    /// row of `UnusedAccount.dataTables` names it (its refresh tokens and identities go by ON DELETE CASCADE). The
    /// account row's lock, taken by the delete, holds back a row being added that references it until this commits.
    public func deleteUnusedAccount(accountId: String) async throws -> Bool {
        let unused = UnusedAccount.dataTables
            .map { "NOT EXISTS (SELECT 1 FROM \($0) WHERE account_id = $1)" }
            .joined(separator: " AND ")
        var binds = PostgresBindings()
        binds.append(accountId)
        let delete = PostgresQuery(unsafeSQL: "DELETE FROM account WHERE id = $1 AND \(unused) RETURNING id",
                                   binds: binds)
        return try await transaction { connection in
            try await !connection.rows(delete, logger: self.logger).isEmpty
        }
    }
}
