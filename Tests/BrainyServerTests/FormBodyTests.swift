import BrainyAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// Form bodies, read by Hummingbird's `URLEncodedFormDecoder`, through the development identity provider's endpoints.
@Suite struct FormBodyTests {
    func post(_ client: some TestClientProtocol, _ uri: String, _ body: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                 body: ByteBuffer(string: body))
    }

    @Test func percentAndPlusEncodedValuesAreRead() async throws {
        try await TestServer.devIdPApp().test(.router) { client in
            let codes = try await post(client, "/dev-idp/google/device/code", "client_id=brainy%2Ddev-google&scope=openid+email")
            #expect(codes.status == .ok)
        }
    }

    @Test func anOAuthFormGivingAFieldTwiceOrNestedIsAnInvalidRequest() async throws {
        try await TestServer.devIdPApp().test(.router) { client in
            for body in ["client_id=brainy-dev-google&client_id=someone-else", "client_id[a]=brainy-dev-google",
                         "client_id=%zz"] {
                let response = try await post(client, "/dev-idp/google/device/code", body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(try response.decode(DeviceTokenResponse.self).error == "invalid_request", "\(body)")
            }
            let token = try await post(client, "/dev-idp/google/token", "device_code=a&device_code=b")
            #expect(try token.decode(DeviceTokenResponse.self).error == "invalid_request")
        }
    }

    @Test func theApprovalFormGivingAFieldTwiceIsA400() async throws {
        try await TestServer.devIdPApp().test(.router) { client in
            let response = try await post(client, "/dev-idp/device", "user_code=BCDF-GHJK&user_code=BCDF-GHJK&action=deny")
            #expect(response.status == .badRequest)
            #expect(response.error?.code == "invalid_form")
        }
    }
}
