import BrainyAPI
import BrainyKit
import Foundation
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The browser sign-in in a real browser: Debian's Chromium, headless, driven by Selenium through chromedriver
/// (`scripts/setup` installs all three). It opens the link the shell is given, presses the provider's button,
/// approves or denies on the development IdP's page, and reads what the page says at the end; the shell's poll then
/// says done or denied. Apple's answer comes back through the page's self-posting form (`form_post`), as Apple's does.
@Suite(.serialized, .enabled(if: HeadlessBrowser.available, "needs chromium, chromium-driver and python3-selenium (scripts/setup)"))
struct HeadlessBrowserSignInTests {
    @Test(arguments: BrowserSignInProvider.allCases)
    func approvingInTheBrowserSignsTheShellIn(_ provider: BrowserSignInProvider) async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(clock: clock).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(provider)
                let page = try await HeadlessBrowser.run(link: started.link, pressing: "approve")
                #expect(page.code == started.userCode)
                #expect(page.outcome == "done", "\(page.text)")
                #expect(page.text.contains("로그인을 마쳤습니다") && page.text.contains("sign-in is done"))
                let poll = try await client.poll(started)
                #expect(poll.status == .done)
                #expect(poll.session?.accessToken.isEmpty == false)
            }
        }
    }

    @Test func denyingInTheBrowserIsSaidOnThePageAndInThePoll() async throws {
        try await TestServer.devIdPApp().test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.naver)
                let page = try await HeadlessBrowser.run(link: started.link, pressing: "deny")
                #expect(page.outcome == "refused")
                #expect(page.text.contains("네이버에서 로그인을 허용하지 않았습니다") && page.text.contains("not allowed at Naver"))
                #expect(try await client.poll(started).status == .denied)
            }
        }
    }
}

/// Runs the Selenium script with the system's Python (where Debian installs python3-selenium).
enum HeadlessBrowser {
    static let python = "/usr/bin/python3"

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
    }

    struct Page {
        var code = ""
        var outcome = ""
        var text = ""
    }

    /// Opens `link`, presses the start page's button, then `pressing` (`approve` or `deny`) on the provider's page,
    /// and waits (30 s at most per step) for the page that ends the sign-in.
    static func run(link: String, pressing button: String) async throws -> Page {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, link, button]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Read until the script (and the chromedriver it started) closes its output, then collect its exit status,
        // on a thread of Dispatch's own: blocking one of Swift's cooperative threads (two on two cores) would leave
        // the server under test, which answers on them, unable to answer the browser.
        let reader = output.fileHandleForReading
        let data: Data = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let data = reader.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: data)
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        var page = Page()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "code": page.code = parts[1]
            case "outcome": page.outcome = parts[1]
            case "text": page.text = parts[1]
            default: break
            }
        }
        return page
    }

    static let script = """
        import sys
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        from selenium.webdriver.support import expected_conditions as EC

        link, button = sys.argv[1], sys.argv[2]
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            wait = WebDriverWait(driver, 30)
            driver.get(link)
            print("code", driver.find_element(By.ID, "user-code").text)
            driver.find_element(By.ID, "continue").click()
            wait.until(EC.presence_of_element_located((By.ID, button))).click()
            outcome = wait.until(EC.presence_of_element_located((By.ID, "outcome")))
            print("outcome", outcome.get_attribute("data-outcome"))
            print("text", outcome.text.replace("\\n", " "))
        finally:
            driver.quit()
        """
}
