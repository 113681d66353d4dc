import Dispatch
import Foundation

/// A person's browser for the browser sign-in's tests: Debian's Chromium, headless, driven by Selenium through
/// chromedriver (`scripts/setup` installs `chromium`, `chromium-driver` and `python3-selenium`). It opens a sign-in's
/// link, presses the start page's button, approves or denies on the development IdP's page, and reads what the page
/// says at the end. The server's tests and the end-to-end tests (the link a real shell printed) share it.
public enum HeadlessBrowser {
    static let python = "/usr/bin/python3"

    /// Whether Chromium, chromedriver and Selenium are installed (a suite that needs them is skipped without them).
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
    }

    /// What the browser saw: the code on the start page, the last page's outcome (`done`, `refused`) and its text, and
    /// how the script ended (its status and everything it printed, for a failure's message).
    public struct Page: Sendable {
        public var code = ""
        public var outcome = ""
        public var text = ""
        /// Where the browser ended: the callback's URL (for Kakao, Naver and Google, with its code and state).
        public var url = ""
        public var status: Int32 = 0
        public var output = ""
    }

    /// Opens `link`, presses the start page's button, then `pressing` (`approve` or `deny`) on the provider's page,
    /// and waits (30 s at most per step) for the page that ends the sign-in.
    ///
    /// The script is waited for on a thread of Dispatch's own, not one of Swift's cooperative threads (two on two
    /// cores): a server under test in this process answers on those, and must answer the browser.
    public static func run(link: String, pressing button: String) async throws -> Page {
        let process = try start(link: link, pressing: button)
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: finish(process)) }
        }
    }

    /// The same, waited for on the calling thread (a test whose server and shell are processes of their own).
    public static func runBlocking(link: String, pressing button: String) throws -> Page {
        finish(try start(link: link, pressing: button))
    }

    /// Opens `link` and reads the page it shows, pressing nothing: for a link the server refuses at once (an expired
    /// or unknown code), whose page has an outcome and no button.
    public static func open(link: String) async throws -> Page {
        let process = try start(script: openScript, arguments: [link])
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: finish(process)) }
        }
    }

    /// A device flow's approval (Google's, or Apple's on the development IdP): opens `link`, types `code` into the page
    /// and approves; `text` is what the page says then.
    public static func approveDeviceCode(link: String, code: String) throws -> Page {
        finish(try start(script: deviceScript, arguments: [link, code]))
    }

    private struct Running: @unchecked Sendable {
        // @unchecked: handed once from the thread that starts the script to the one that waits for it.
        var process: Process
        var output: Pipe
    }

    private static func start(link: String, pressing button: String) throws -> Running {
        try start(script: script, arguments: [link, button])
    }

    private static func start(script: String, arguments: [String]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return Running(process: process, output: output)
    }

    /// Reads until the script (and the chromedriver it started) closes its output, then collects its exit status.
    private static func finish(_ running: Running) -> Page {
        let data = running.output.fileHandleForReading.readDataToEndOfFile()
        running.process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var page = Page(status: running.process.terminationStatus, output: text)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "code": page.code = parts[1]
            case "outcome": page.outcome = parts[1]
            case "text": page.text = parts[1]
            case "url": page.url = parts[1]
            default: break
            }
        }
        return page
    }

    /// What every script starts with: Selenium's imports and `browse(steps)`, which opens the link (the script's first
    /// argument) in headless Chromium through chromedriver, runs `steps(driver, wait)` there (30 s at most a wait),
    /// and quits the browser however the steps end.
    static let preamble = """
        import sys
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
        from selenium.webdriver.support import expected_conditions as EC

        link = sys.argv[1]

        def browse(steps):
            options = webdriver.ChromeOptions()
            options.binary_location = "/usr/bin/chromium"
            for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run"]:
                options.add_argument(flag)
            driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
            try:
                wait = WebDriverWait(driver, 30)
                driver.get(link)
                steps(driver, wait)
            finally:
                driver.quit()

        """

    static let script = preamble + """
        button = sys.argv[2]

        def steps(driver, wait):
            print("code", driver.find_element(By.ID, "user-code").text)
            driver.find_element(By.ID, "continue").click()
            wait.until(EC.presence_of_element_located((By.ID, button))).click()
            outcome = wait.until(EC.presence_of_element_located((By.ID, "outcome")))
            print("outcome", outcome.get_attribute("data-outcome"))
            print("text", outcome.text.replace("\\n", " "))
            print("url", driver.current_url)

        browse(steps)
        """

    static let openScript = preamble + """
        def steps(driver, wait):
            outcome = wait.until(EC.presence_of_element_located((By.ID, "outcome")))
            print("outcome", outcome.get_attribute("data-outcome"))
            print("text", outcome.text.replace("\\n", " "))
            print("url", driver.current_url)
            print("continue", len(driver.find_elements(By.ID, "continue")))

        browse(steps)
        """

    static let deviceScript = preamble + """
        code = sys.argv[2]

        def steps(driver, wait):
            field = driver.find_element(By.NAME, "user_code")
            field.clear()
            field.send_keys(code)
            driver.find_element(By.CSS_SELECTOR, "button[value=approve]").click()
            wait.until(lambda d: "Approved" in d.find_element(By.TAG_NAME, "body").text)
            print("text", driver.find_element(By.TAG_NAME, "body").text.replace("\\n", " "))

        browse(steps)
        """
}
