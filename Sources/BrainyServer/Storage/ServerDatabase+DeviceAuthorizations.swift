import BrainyKit
import Foundation
import GRDB

extension ServerDatabase: DeviceAuthorizationStore {
    func addDeviceAuthorization(_ authorization: DeviceAuthorization, now: Date) async throws -> Bool {
        try await writer.write { db in
            try Self.forgetDeviceAuthorizations(now: now, db: db)
            let stored = authorization.decision.stored
            try db.execute(sql: """
                INSERT OR IGNORE INTO device_authorization
                    (deviceCode, userCode, userCodeKey, provider, clientId, expiresAt, decision, email)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [authorization.deviceCode, authorization.userCode,
                                 DeviceAuthorization.normalized(authorization.userCode),
                                 authorization.provider.rawValue, authorization.clientId, authorization.expiresAt,
                                 stored.decision, stored.email])
            return db.changesCount == 1
        }
    }

    func pollDeviceAuthorization(provider: AuthProvider, clientId: String, deviceCode: String, now: Date)
        async throws -> DeviceAuthorization.PollAction {
        try await writer.write { db in
            try Self.forgetDeviceAuthorizations(now: now, db: db)
            guard let authorization = try Row.fetchOne(
                db, sql: "SELECT * FROM device_authorization WHERE deviceCode = ?", arguments: [deviceCode]
            ).flatMap(Self.deviceAuthorization)
            else { return .unknownCode }
            let action = authorization.polled(provider: provider, clientId: clientId, now: now)
            if action.usesUpCode {
                try db.execute(sql: "DELETE FROM device_authorization WHERE deviceCode = ?", arguments: [deviceCode])
            }
            return action
        }
    }

    func decideDeviceAuthorization(userCode: String, approvedEmail email: String?, now: Date) async throws
        -> DeviceAuthorization.DecisionAction {
        try await writer.write { db in
            try Self.forgetDeviceAuthorizations(now: now, db: db)
            guard var authorization = try Self.deviceAuthorization(userCode: userCode, db: db) else {
                return .unknownCode
            }
            let action = authorization.decided(approvedEmail: email, now: now)
            let stored = authorization.decision.stored
            try db.execute(sql: "UPDATE device_authorization SET decision = ?, email = ? WHERE deviceCode = ?",
                           arguments: [stored.decision, stored.email, authorization.deviceCode])
            return action
        }
    }

    func deviceAuthorization(userCode: String, now: Date) async throws -> DeviceAuthorization? {
        try await writer.read { db in
            try Self.deviceAuthorization(userCode: userCode, db: db)
                .flatMap { $0.expiresAt > DeviceAuthorization.forgottenExpiry(at: now) ? $0 : nil }
        }
    }

    private static func deviceAuthorization(userCode: String, db: Database) throws -> DeviceAuthorization? {
        try Row.fetchOne(db, sql: "SELECT * FROM device_authorization WHERE userCodeKey = ?",
                         arguments: [DeviceAuthorization.normalized(userCode)]).flatMap(deviceAuthorization)
    }

    private static func deviceAuthorization(_ row: Row) -> DeviceAuthorization? {
        guard let provider = AuthProvider(rawValue: row["provider"]) else { return nil }
        return DeviceAuthorization(provider: provider, clientId: row["clientId"], deviceCode: row["deviceCode"],
                                   userCode: row["userCode"], expiresAt: row["expiresAt"],
                                   decision: .init(stored: row["decision"], email: row["email"]))
    }

    /// Forgets the authorizations past their grace.
    private static func forgetDeviceAuthorizations(now: Date, db: Database) throws {
        try db.execute(sql: "DELETE FROM device_authorization WHERE expiresAt <= ?",
                       arguments: [DeviceAuthorization.forgottenExpiry(at: now)])
    }

    /// How many authorizations are held (tests).
    func deviceAuthorizationCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM device_authorization") ?? 0 }
    }
}
