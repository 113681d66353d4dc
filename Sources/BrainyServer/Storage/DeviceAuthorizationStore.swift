import BrainyKit
import Foundation

/// The development identity provider's device authorizations, kept where every instance sees them. Each method is
/// one transaction that first forgets the authorizations expired longer ago than `DeviceAuthorization.grace`, so
/// the table stays small; each applies `DeviceAuthorization`'s rules.
protocol DeviceAuthorizationStore: Sendable {
    /// Keeps `authorization`; false when its device code, or its user code (ignoring case and the dash), is held
    /// already (the caller draws others).
    func addDeviceAuthorization(_ authorization: DeviceAuthorization, now: Date) async throws -> Bool
    /// The device polled: `DeviceAuthorization.polled`, and a code it used up is forgotten, so that of two polls at
    /// once, on any instances, one gets the token.
    func pollDeviceAuthorization(provider: AuthProvider, clientId: String, deviceCode: String, now: Date)
        async throws -> DeviceAuthorization.PollAction
    /// The approval page's decision on the code whose user code matches: `DeviceAuthorization.decided`.
    func decideDeviceAuthorization(userCode: String, approvedEmail email: String?, now: Date) async throws
        -> DeviceAuthorization.DecisionAction
    /// The authorization, decided or not, whose user code matches.
    func deviceAuthorization(userCode: String, now: Date) async throws -> DeviceAuthorization?
}
