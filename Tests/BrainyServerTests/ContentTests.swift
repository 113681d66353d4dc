import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

@Suite struct ContentTests {
    @Test func configIsTheBundledDefaultWithItsVersionAsETag() async throws {
        let bundled = try ServedContent.bundled().config
        try await TestServer.app().test(.router) { client in
            let response = try await client.get("/v1/config")
            #expect(response.status == .ok)
            #expect(response.headers[.eTag] == "\"\(bundled.version)\"")
            #expect(try response.decode(RemoteConfig.self) == bundled)
        }
    }

    @Test func anUnchangedConfigCostsA304WithoutBody() async throws {
        try await TestServer.app().test(.router) { client in
            let etag = try #require(try await client.get("/v1/config").headers[.eTag])
            let again = try await client.get("/v1/config", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let weakInAList = try await client.get("/v1/config", headers: [.ifNoneMatch: "\"old\", W/\(etag)"])
            #expect(weakInAList.status == .notModified)
            let stale = try await client.get("/v1/config", headers: [.ifNoneMatch: "\"2020.01.01.1\""])
            #expect(stale.status == .ok)
        }
    }

    @Test func packVersionNamesThePackServed() async throws {
        let pack = try ServedContent.bundled().pack
        try await TestServer.app().test(.router) { client in
            let response = try await client.get("/v1/pack/version")
            #expect(response.status == .ok)
            #expect(try response.decode(PackVersionResponse.self) == pack)
        }
    }

    @Test func thePackIsOneDocumentAndUnchangedCostsA304() async throws {
        try await TestServer.app().test(.router) { client in
            let response = try await client.get("/v1/pack")
            #expect(response.status == .ok)
            let pack = try response.decode(QuestionPack.self)
            #expect(!pack.questions.isEmpty)
            #expect(response.headers[.eTag] == "\"\(pack.version)\"")
            let again = try await client.get("/v1/pack", headers: [.ifNoneMatch: "\"\(pack.version)\""])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }
}
