import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird

/// The settings that follow a person: a device sends the ones it changed and gets the account's latest of each.
struct SharedSettingsController {
    let settings: any SharedSettingsStore
    let clock: any BrainyClock
    /// The bearer check, put by `OperationRoutes` before each operation whose `needsAccessToken` says so.
    let auth: BearerAuthMiddleware

    var endpoints: RouteCollection<ServerRequestContext> {
        let routes = OperationRoutes(auth: auth)
        routes.on(API.syncSettings, use: sync)
        return routes.collection
    }

    @Sendable func sync(_ batch: SharedSettingsRequest, _ request: Request, context: ServerRequestContext) async throws
        -> SharedSettingsResponse {
        guard let userId = context.userId else { throw APIError.unauthorized }
        let checked = try Self.checked(batch, now: clock.now())
        guard let held = try await settings.mergeSharedSettings(checked, accountId: userId) else {
            throw APIError(.unauthorized, "invalid_token", "The account of this access token no longer exists.")
        }
        return SharedSettingsResponse(settings: held)
    }

    /// Each key once, one of `SharedSettings.keys`, with a value `settings` accepts; a change dated after `now` (a
    /// device's clock ahead) counts as made now, so that it cannot outrank every later change.
    static func checked(_ batch: SharedSettingsRequest, now: Date) throws(APIError) -> [SharedSetting] {
        guard batch.settings.count <= SharedSettingsRequest.maxSettings else {
            throw APIError(.contentTooLarge, "batch_too_large", "Send at most \(SharedSettingsRequest.maxSettings) settings per request.")
        }
        var keys = Set<String>()
        var checked: [SharedSetting] = []
        for (index, setting) in batch.settings.enumerated() {
            guard let key = Settings.Key(rawValue: setting.key), SharedSettings.keys.contains(key) else {
                let allowed = SharedSettings.keys.map(\.rawValue).joined(separator: ", ")
                throw APIError.badRequest("'settings[\(index)].key' must be one of \(allowed).")
            }
            var probe = Settings()
            guard setting.value.count <= 16, (try? probe.set(key, to: setting.value)) != nil else {
                throw APIError.badRequest("'settings[\(index)].value' is not a value of '\(key.rawValue)': \(key.allowedValues.joined(separator: ", ")).")
            }
            guard keys.insert(setting.key).inserted else {
                throw APIError.badRequest("'settings[\(index)].key' appears twice in the batch.")
            }
            checked.append(SharedSetting(key: setting.key, value: setting.value, changedAt: min(setting.changedAt, now)))
        }
        return checked
    }
}

extension SharedSettingsResponse: ResponseEncodable {}
