import BrainyAPI
import BrainyKit
import BrainyStore
import Foundation
import Testing

/// The settings that follow a person between devices of one account, against the real server on loopback: each
/// ends as its latest change on any device, whichever syncs first, and a third, empty device restores them.
@Suite struct SharedSettingsSyncTests {
    @Test(arguments: [false, true])
    func theLatestChangeWinsOnEveryDeviceAndAnEmptyOneRestoresThem(_ otherFirst: Bool) async throws {
        try await LiveServer.run { server in
            let one = try TwoDeviceSyncTests.device(server, seed: 81)
            let other = try TwoDeviceSyncTests.device(server, seed: 82)
            #expect(await one.run(TwoDeviceSyncTests.register + ["settings theme dark", "settings timer 20"]).status == 0)
            #expect(await other.run(TwoDeviceSyncTests.login).status == 0)
            // Offline, both change the count: the other device later (by its clock), so its change wins.
            one.serverURL = nil
            other.serverURL = nil
            #expect(await one.run(["settings count 15"]).status == 0)
            other.clock.advance(by: 600)
            #expect(await other.run(["settings count 20", "settings timer 30"]).status == 0)
            one.serverURL = server.api.baseURL
            other.serverURL = server.api.baseURL
            // They sync an hour later (the server takes a change dated after its now as made now).
            server.clock.advance(by: 3600)

            let (first, second) = otherFirst ? (other, one) : (one, other)
            for device in [first, second, first] {
                let synced = await device.run(["sync"])
                #expect(synced.status == 0, "\(synced.output)")
            }
            let user = try #require(try one.database.user(email: "mina@example.com"))
            for device in [one, other] {
                let settings = try device.database.settings(userId: user.id)
                #expect(settings.theme == .dark)
                #expect(settings.timerSeconds == 30)
                #expect(settings.defaultCount == 20)
            }
            // The shell that synced applies what came at once.
            let shown = await one.run(["sync", "settings count"])
            #expect(shown.output.contains("count = 20"), "\(shown.output)")

            let fresh = try TwoDeviceSyncTests.device(server, seed: 83)
            let restored = await fresh.run(TwoDeviceSyncTests.login + ["sync", "settings timer"])
            #expect(restored.status == 0, "\(restored.output)")
            #expect(restored.output.contains("3 settings from another device"), "\(restored.output)")
            #expect(restored.output.contains("timer = 30"), "\(restored.output)")
            let settings = try fresh.database.settings(userId: user.id)
            #expect(settings.theme == .dark && settings.timerSeconds == 30 && settings.defaultCount == 20)
        }
    }
}
