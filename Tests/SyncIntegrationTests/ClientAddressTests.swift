import BrainyKit
import BrainyAPI
import BrainyClient
import Testing

/// Issue 13, item 3: a port past 65535 made `register` and `login email` die with SIGILL inside the network code.
/// The client refuses such an address with an error the shell can put into words.
@Suite struct ClientAddressTests {
    @Test(arguments: ["http://127.0.0.1:99999", "http://127.0.0.1:0", "http://:8080"])
    func anAddressThatIsNoAddressIsRefusedWithoutCrashing(_ address: String) async {
        let api = HTTPRemoteAPI(baseURL: address, timeout: 2)
        await #expect(throws: RemoteError.self) {
            _ = try await api.call(API.register, RegisterRequest(email: "mina@example.com", password: "correct horse", consents: ConsentDocument.bundled.versions))
        }
        await #expect(throws: RemoteError.self) { _ = try await api.fetch(API.config, ifNoneMatch: nil) }
    }
}
