import BrainyAPI
import BrainyKit

/// The pages of the browser sign-in, in Korean and English: the start page (the code, to compare with the terminal,
/// and a button to the provider), the end page, and the refusals. Plain HTML, no script, every value escaped.
enum BrowserSignInPages {
    static func start(userCode: String, provider: BrowserSignInProvider) -> String {
        page(title: Localized(ko: "\(provider.name.ko)(으)로 Brainy 로그인", en: "Sign in to Brainy with \(provider.name.en)"),
             body: """
            <p>터미널에 보이는 코드가 이것과 같은지 확인하세요.<br>Check that the terminal shows this same code.</p>
            <p class="code" id="user-code">\(escape(userCode))</p>
            <form method="get" action="\(APIRoute.browserSignInAuthorize.path)">
              <input type="hidden" name="code" value="\(escape(userCode))">
              <button id="continue">\(escape(provider.name.ko))(으)로 계속 · Continue with \(escape(provider.name.en))</button>
            </form>
            <p>코드가 다르면 이 페이지를 닫으세요.<br>If the codes differ, close this page.</p>
            """)
    }

    static func signedIn(provider: BrowserSignInProvider) -> String {
        page(title: Localized(ko: "로그인했습니다", en: "Signed in"), body: """
            <p id="outcome" data-outcome="done">\(escape(provider.name.ko)) 로그인을 마쳤습니다. 이 페이지를 닫고 터미널로 돌아가세요.<br>
            The \(escape(provider.name.en)) sign-in is done. Close this page and go back to the terminal.</p>
            """)
    }

    static func refused(_ error: BrowserSignInError) -> String {
        page(title: Localized(ko: "로그인하지 않았습니다", en: "Not signed in"), body: """
            <p id="outcome" data-outcome="refused" class="notice">\(escape(error.message.ko))<br>\(escape(error.message.en))</p>
            """)
    }

    private static func page(title: Localized, body: String) -> String {
        """
        <!doctype html>
        <html lang="ko">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title.ko)) · \(escape(title.en))</title>
        <style>
          body { font-family: system-ui, sans-serif; max-width: 34rem; margin: 3rem auto; padding: 0 1rem; }
          .code { font: bold 2rem monospace; letter-spacing: .2rem; }
          button { padding: .6rem 1.5rem; font-size: 1rem; }
          .notice { color: #a00; }
        </style>
        </head>
        <body>
        <h1>\(escape(title.ko))<br>\(escape(title.en))</h1>
        \(body)
        </body>
        </html>
        """
    }

    static func escape(_ text: String) -> String { DevIdPPages.escape(text) }
}
