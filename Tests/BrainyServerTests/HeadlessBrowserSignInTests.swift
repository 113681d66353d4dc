import BrainyAPI
import BrainyKit
import BrainyTestSupport
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
                #expect(page.status == 0, "\(page.output)")
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
                #expect(page.status == 0, "\(page.output)")
                #expect(page.outcome == "refused")
                #expect(page.text.contains("네이버에서 로그인을 허용하지 않았습니다") && page.text.contains("not allowed at Naver"))
                #expect(try await client.poll(started).status == .denied)
            }
        }
    }

    /// Issue 29: a link opened after the sign-in's time ran out. The clock the server was given moves past the
    /// session's expiry (nothing sleeps); the browser is shown that the code expired, with no button to go on, and
    /// the shell's poll says `expired`.
    @Test func anExpiredCodeIsRefusedOnThePageAndInThePoll() async throws {
        let clock = ManualClock(TestServer.start)
        try await TestServer.devIdPApp(clock: clock).test(.live) { live in
            try await BrowserSignInClient.with(port: live.port) { client in
                let started = try await client.start(.kakao)
                clock.advance(by: 601)
                let page = try await HeadlessBrowser.open(link: started.link)
                #expect(page.status == 0, "\(page.output)")
                #expect(page.outcome == "refused", "\(page.output)")
                #expect(page.text.contains("로그인 시간이 지났습니다") && page.text.contains("This sign-in has expired"),
                        "\(page.text)")
                #expect(page.output.contains("continue 0"), "\(page.output)")
                #expect(try await client.poll(started).status == .expired)
            }
        }
    }
}
