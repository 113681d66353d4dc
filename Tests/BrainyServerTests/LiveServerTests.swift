import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The real server on a free port: one round trip over TCP.
@Suite struct LiveServerTests {
    @Test(arguments: StorageBackend.allCases)
    func registersAndReadsTheConfigOverARealSocket(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.live) { client in
            #expect(client.port != nil)
            let config = try await client.get("/v1/config")
            #expect(config.status == .ok)
            #expect(try config.decode(RemoteConfig.self).version == ServedContent.bundled().config.version)
            let session = try await client.register("mina@example.com")
            let upload = try await client.post("/v1/results", json: quizBatch("q1", correct: 2, count: 3, at: Date()),
                                               token: session.accessToken)
            #expect(upload.status == .ok)
        }
    }
}
