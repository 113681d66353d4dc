import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The settings that follow a person, on each backend: the latest change of each key wins by its time, whatever
/// order devices send them in; a clock ahead cannot pin a setting; only the shared keys, with values the shell
/// accepts, are kept.
@Suite struct SharedSettingsTests {
    let now = TestServer.start

    func setting(_ key: String, _ value: String, _ offset: TimeInterval) -> SharedSetting {
        SharedSetting(key: key, value: value, changedAt: now.addingTimeInterval(offset))
    }

    @Test(arguments: StorageBackend.allCases)
    func theLatestChangeOfEachKeyWinsInWhateverOrderItArrives(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            let bo = try await client.register("bo@example.com").accessToken
            func send(_ settings: [SharedSetting], as token: String) async throws -> [SharedSetting] {
                let response = try await client.post("/v1/results/settings", json: SharedSettingsRequest(settings: settings),
                                                     token: token)
                #expect(response.status == .ok, "\(response.text)")
                return try response.decode(SharedSettingsResponse.self).settings
            }
            // A later change sent first, an earlier one after it: the later stays.
            #expect(try await send([setting("timer", "20", -60), setting("language", "en", -300)], as: mina)
                    == [setting("language", "en", -300), setting("timer", "20", -60)])
            #expect(try await send([setting("timer", "30", -120), setting("theme", "dark", -100)], as: mina)
                    == [setting("language", "en", -300), setting("theme", "dark", -100), setting("timer", "20", -60)])
            // A tie keeps the one held; a later one replaces it.
            #expect(try await send([setting("timer", "10", -60)], as: mina).last == setting("timer", "20", -60))
            #expect(try await send([setting("timer", "off", -30)], as: mina).last == setting("timer", "off", -30))
            // A change from a clock a day ahead counts as made now: a change made after it still wins.
            #expect(try await send([setting("count", "20", 86_400)], as: mina).first == setting("count", "20", 0))
            // Another account's are its own.
            #expect(try await send([], as: bo).isEmpty)
            #expect(try await send([], as: mina).count == 4)
        }
    }

    @Test func onlySharedKeysWithValuesTheShellAcceptsAreKept() async throws {
        try await TestServer.app().test(.router) { client in
            let mina = try await client.register("mina@example.com").accessToken
            func status(_ settings: [SharedSetting]) async throws -> HTTPResponse.Status {
                try await client.post("/v1/results/settings", json: SharedSettingsRequest(settings: settings), token: mina)
                    .status
            }
            #expect(try await client.post("/v1/results/settings", json: SharedSettingsRequest(settings: [])).status
                    == .unauthorized)
            // The device's own settings, unknown keys, values `settings` refuses, a key twice, too many.
            #expect(try await status([setting("format", "json", 0)]) == .badRequest)
            #expect(try await status([setting("server", "http://evil.example", 0)]) == .badRequest)
            #expect(try await status([setting("timer", "-5", 0)]) == .badRequest)
            #expect(try await status([setting("language", String(repeating: "k", count: 10_000), 0)]) == .badRequest)
            #expect(try await status([setting("theme", "dark", 0), setting("theme", "light", 1)]) == .badRequest)
            #expect(try await status(Array(repeating: setting("theme", "dark", 0), count: 17)) == .contentTooLarge)
            let held = try await client.post("/v1/results/settings", json: SharedSettingsRequest(settings: []), token: mina)
                .decode(SharedSettingsResponse.self)
            #expect(held.settings.isEmpty)
        }
    }
}
