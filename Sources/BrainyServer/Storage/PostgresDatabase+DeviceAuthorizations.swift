import BrainyKit
import Foundation
import PostgresNIO

extension PostgresDatabase: DeviceAuthorizationStore {
    func addDeviceAuthorization(_ authorization: DeviceAuthorization, now: Date) async throws -> Bool {
        try await transaction { connection in
            try await forgetDeviceAuthorizations(now: now, on: connection)
            let stored = authorization.decision.stored
            // Either unique key taken (device code or user code) inserts nothing.
            let inserted = try await connection.rows("""
                INSERT INTO device_authorization
                    (device_code, user_code, user_code_key, provider, client_id, expires_at, decision, email)
                VALUES (\(authorization.deviceCode), \(authorization.userCode),
                        \(DeviceAuthorization.normalized(authorization.userCode)), \(authorization.provider.rawValue),
                        \(authorization.clientId), \(authorization.expiresAt), \(stored.decision), \(stored.email))
                ON CONFLICT DO NOTHING RETURNING device_code
                """, logger: logger)
            return !inserted.isEmpty
        }
    }

    func pollDeviceAuthorization(provider: AuthProvider, clientId: String, deviceCode: String, now: Date)
        async throws -> DeviceAuthorization.PollAction {
        try await transaction { connection in
            try await forgetDeviceAuthorizations(now: now, on: connection)
            // Locked until the transaction ends: a second poll of the code waits, then finds it used up.
            guard let authorization = try await connection.rows(
                "SELECT * FROM device_authorization WHERE device_code = \(deviceCode) FOR UPDATE", logger: logger
            ).first.flatMap(Self.deviceAuthorization)
            else { return .unknownCode }
            let action = authorization.polled(provider: provider, clientId: clientId, now: now)
            if action.usesUpCode {
                try await connection.run("DELETE FROM device_authorization WHERE device_code = \(deviceCode)",
                                         logger: logger)
            }
            return action
        }
    }

    func decideDeviceAuthorization(userCode: String, approvedEmail email: String?, now: Date) async throws
        -> DeviceAuthorization.DecisionAction {
        try await transaction { connection in
            try await forgetDeviceAuthorizations(now: now, on: connection)
            guard var authorization = try await connection.rows("""
                SELECT * FROM device_authorization WHERE user_code_key = \(DeviceAuthorization.normalized(userCode))
                FOR UPDATE
                """, logger: logger).first.flatMap(Self.deviceAuthorization)
            else { return .unknownCode }
            let action = authorization.decided(approvedEmail: email, now: now)
            let stored = authorization.decision.stored
            try await connection.run("""
                UPDATE device_authorization SET decision = \(stored.decision), email = \(stored.email)
                WHERE device_code = \(authorization.deviceCode)
                """, logger: logger)
            return action
        }
    }

    func deviceAuthorization(userCode: String, now: Date) async throws -> DeviceAuthorization? {
        try await rows("""
            SELECT * FROM device_authorization
            WHERE user_code_key = \(DeviceAuthorization.normalized(userCode))
              AND expires_at > \(DeviceAuthorization.forgottenExpiry(at: now))
            """).first.flatMap(Self.deviceAuthorization)
    }

    private static func deviceAuthorization(_ row: PostgresRandomAccessRow) throws -> DeviceAuthorization? {
        guard let provider = AuthProvider(rawValue: try row.value("provider")) else { return nil }
        return DeviceAuthorization(
            provider: provider, clientId: try row.value("client_id"), deviceCode: try row.value("device_code"),
            userCode: try row.value("user_code"), expiresAt: try row.value("expires_at"),
            decision: .init(stored: try row.value("decision"), email: try row.value("email")))
    }

    /// Forgets the authorizations past their grace.
    private func forgetDeviceAuthorizations(now: Date, on connection: PostgresConnection) async throws {
        try await connection.run(
            "DELETE FROM device_authorization WHERE expires_at <= \(DeviceAuthorization.forgottenExpiry(at: now))",
            logger: logger)
    }

    /// How many authorizations are held (tests).
    func deviceAuthorizationCount() async throws -> Int {
        try await rows("SELECT count(*) AS n FROM device_authorization").first?.value("n", as: Int.self) ?? 0
    }
}
