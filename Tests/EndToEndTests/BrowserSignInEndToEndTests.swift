import BrainyTestSupport
import Foundation
import Glibc
import Testing

/// The browser sign-in on the person's path: the built `brainy` on a pseudo-terminal (TERM=xterm-256color, 24 rows,
/// the shipped config, colours on) against the built `brainy-server --dev-idp` on 127.0.0.1. The test reads the link
/// the shell printed, Debian's Chromium (headless, through Selenium) opens it, presses the provider's button and
/// approves or denies on the development IdP's page; the shell, polling meanwhile, says it signed in or why not.
/// Google, whose device flow the server offers with --dev-idp, is approved in the same browser on the IdP's code page.
@Suite(.serialized, .enabled(if: HeadlessBrowser.available, "needs chromium, chromium-driver and python3-selenium (scripts/setup)"))
struct BrowserSignInEndToEndTests: ServerHomeSuite {
    let serverHome: ServerHome

    init() throws {
        serverHome = try ServerHome(prefix: "brainy-browser-e2e")
    }

    /// The shell on a pseudo-terminal with the defaults, ready for keys.
    func launch() throws -> PseudoTerminal {
        let shell = try PseudoTerminal(
            executable: PseudoTerminal.builtProduct(named: "brainy"),
            arguments: ["--db", database.path, "--lang", "en", "--server", server.url],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": home.path, "XDG_DATA_HOME": home.path,
                          "PATH": "/usr/bin:/bin"],
            rows: 24)
        _ = try shell.expect("Brainy 0.1.0")
        try shell.waitForRawMode()
        return shell
    }

    /// The link the shell printed, once it waits for the browser: on a line of its own when the terminal is too narrow
    /// for the sentence and the link (never cut in two).
    func link(after shown: String) throws -> String {
        let found = try #require(shown.firstMatch(of: /open this link in a browser \(any device will do\):\s+(\S+)/)?.1,
                                 "\(shown)")
        return String(found)
    }

    /// After the browser approved: answers the sign-in's questions (the terms, where the server asks for them;
    /// keeping the sign-in on this computer) until the shell says it signed in.
    func finishSignIn(_ shell: PseudoTerminal, as expected: String) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if (try? shell.expect(expected, timeout: .milliseconds(300))) != nil { return }
            if (try? shell.expect("[y/N]", timeout: .milliseconds(300))) != nil { shell.sendLine("y") }
            if (try? shell.expect("Stay signed in on this computer? [Y/n]", timeout: .milliseconds(300))) != nil {
                shell.sendLine("y")
            }
        }
        _ = try shell.expect(expected, timeout: .seconds(1))
    }

    @Test(arguments: [("kakao", "Kakao"), ("naver", "Naver"), ("apple", "Apple")])
    func approvingInTheBrowserSignsTheShellIn(_ provider: String, _ name: String) throws {
        let shell = try launch()
        shell.sendLine("login \(provider)")
        let shown = try shell.expect("Waiting for the browser")
        let link = try link(after: shown)
        #expect(link.hasPrefix(server.url + "/v1/auth/browser?code="))
        let code = try #require(shown.firstMatch(of: /shows the code ([A-Z]{4}-[A-Z]{4})/)?.1)
        #expect(link.hasSuffix(String(code)))

        let page = try HeadlessBrowser.runBlocking(link: link, pressing: "approve")
        #expect(page.status == 0, "\(page.output)")
        #expect(page.code == String(code), "the page shows the code the shell showed")
        #expect(page.outcome == "done", "\(page.text)")

        try finishSignIn(shell, as: "Signed in as")
        // Naver vouches for no email: its account has an address of its own (under .invalid), never shown; the
        // sign-in, the prompt and profile name it by the nickname Naver gave (the development IdP's: "demo").
        _ = try shell.expect(provider == "naver" ? "demo (\(name))" : "demo@example.com (\(name))")
        if provider == "naver" {
            _ = try shell.expect("brainy demo>")
            shell.sendLine("profile")
            _ = try shell.expect("account")
            let account = try shell.expect("signed in with")
            #expect(account.contains("demo"), "\(account)")
            #expect(!shell.output.contains(".invalid"), "\(shell.output)")
        }
        shell.sendLine("state")
        _ = try shell.expect("State: home")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    /// Google: with --dev-idp the server offers its device flow, which `login google` keeps; the code is typed into
    /// the development IdP's page in the same browser.
    @Test func googleSignsInThroughItsDeviceFlowApprovedInTheBrowser() throws {
        let shell = try launch()
        shell.sendLine("login google")
        let shown = try shell.expect("Waiting for approval")
        let link = try #require(shown.firstMatch(of: /open\s+(http\S+)\s+and enter/)?.1, "\(shown)")
        let code = try #require(shown.firstMatch(of: /enter the code ([A-Z0-9-]+)/)?.1, "\(shown)")
        let page = try HeadlessBrowser.approveDeviceCode(link: String(link), code: String(code))
        #expect(page.status == 0, "\(page.output)")
        #expect(page.text.contains("Approved: the terminal signs in as demo@example.com."), "\(page.text)")
        try finishSignIn(shell, as: "Signed in as")
        _ = try shell.expect("demo@example.com (Google)")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func aDenialInTheBrowserIsSaidInTheShell() throws {
        let shell = try launch()
        shell.sendLine("login naver")
        let shown = try shell.expect("Waiting for the browser")
        let page = try HeadlessBrowser.runBlocking(link: try link(after: shown), pressing: "deny")
        #expect(page.status == 0, "\(page.output)")
        #expect(page.outcome == "refused", "\(page.text)")
        _ = try shell.expect("Naver sign-in was refused")
        _ = try shell.expect("not allowed at Naver")
        shell.sendLine("state")
        _ = try shell.expect("State: signed_out")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func aForgedStateAndAReplayedCallbackAreRefusedAndLeaveTheShellsSignInAlone() throws {
        let shell = try launch()
        shell.sendLine("login kakao")
        let shown = try shell.expect("Waiting for the browser")
        // A callback with a state this server never handed out: refused on the page; the shell's wait goes on.
        let forged = try PlainHTTP.get(server.url + "/v1/auth/browser/callback/kakao?code=made-up&state=forged-state")
        #expect(forged.body.contains("data-outcome=\"refused\""), "\(forged.body)")
        #expect(forged.body.contains("does not belong to a sign-in this server started"))

        let page = try HeadlessBrowser.runBlocking(link: try link(after: shown), pressing: "approve")
        #expect(page.status == 0, "\(page.output)")
        #expect(page.outcome == "done", "\(page.text)")
        try finishSignIn(shell, as: "Signed in as")
        _ = try shell.expect("demo@example.com (Kakao)")

        // The same callback again (a replay, or a reload): refused, and the shell's sign-in is untouched.
        #expect(page.url.contains("/v1/auth/browser/callback/kakao?"), "\(page.url)")
        let replayed = try PlainHTTP.get(page.url)
        #expect(replayed.body.contains("data-outcome=\"refused\""), "\(replayed.body)")
        shell.sendLine("state")
        _ = try shell.expect("State: home")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }

    @Test func ctrlCStopsWaitingForTheBrowser() throws {
        let shell = try launch()
        shell.sendLine("login kakao")
        _ = try shell.expect("Waiting for the browser… (within 10 min; Ctrl-C to stop)")
        try shell.waitUntilCatchingInterrupts()
        shell.send("\u{3}")
        _ = try shell.expect("Cancelled.", timeout: .seconds(10))
        shell.sendLine("state")
        _ = try shell.expect("State: signed_out")
        shell.sendLine("exit")
        #expect(try shell.waitForExit() == 0)
    }
}

/// One HTTP/1.1 GET to 127.0.0.1 over a plain socket, as a browser's address bar would send it: the status line and the
/// body.
enum PlainHTTP {
    struct Failed: Error { var reason: String }

    static func get(_ url: String) throws -> (status: String, body: String) {
        guard let parts = URLComponents(string: url), let port = parts.port else { throw Failed(reason: "not a URL: \(url)") }
        let target = parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw Failed(reason: "no connection to \(url)") }
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        let status = text.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }
}
