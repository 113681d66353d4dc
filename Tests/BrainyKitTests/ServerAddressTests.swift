import Testing
@testable import BrainyKit

/// Issue 13, item 3: `--server http://127.0.0.1:99999` crashed the shell at `register`. An address is checked
/// wherever it comes in, and the client checks it again.
@Suite struct ServerAddressTests {
    @Test(arguments: ["http://127.0.0.1:8080", "https://brainy.example.com", "http://localhost:1/api",
                      "HTTP://host:65535/", "http://[::1]:8080", "https://host/path?x=1"])
    func aServerAddressIsTaken(_ text: String) {
        #expect(ServerAddress.isValid(text))
    }

    @Test(arguments: ["http://127.0.0.1:99999", "http://127.0.0.1:0", "http://127.0.0.1:", "http://host:80a",
                      "ftp://host", "http://", "http://:8080", "127.0.0.1:8080", "http://us er@host",
                      "http://a@host", "http://[::1", "http://host:-1", "http://host:0065536"])
    func anAddressThatIsNotOneIsRefused(_ text: String) {
        #expect(!ServerAddress.isValid(text))
    }
}
