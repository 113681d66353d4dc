import BrainyAPI
import BrainyKit

/// The development identity provider's approval pages: plain HTML forms, no script, every interpolated value escaped.
enum DevIdPPages {
    static func approval(userCode: String, provider: AuthProvider?, notice: String? = nil) -> String {
        let heading = provider.map { "Sign in to Brainy with \($0.name.en)" } ?? "Sign in to Brainy"
        return page(title: heading, body: """
            <p>Development identity provider: no real \(provider?.name.en ?? "Google or Apple") account is involved.
            Enter the code your terminal shows and the email of the demo account to sign in as.</p>
            \(notice.map { "<p class=\"notice\">\(escape($0))</p>" } ?? "")
            <form method="post" action="\(APIRoute.devApproval.path)">
              <label>Code <input name="user_code" value="\(escape(userCode))" placeholder="ABCD-EFGH" required
                autocomplete="off"></label>
              <label>Email <input name="email" type="email" value="demo@example.com" required></label>
              <button name="action" value="approve">Approve</button>
              <button name="action" value="deny" formnovalidate>Deny</button>
            </form>
            """)
    }

    static func decided(approved: Bool, provider: AuthProvider, email: String?) -> String {
        let what = approved ? "Approved: the terminal signs in as \(email ?? "")." : "Denied: the terminal will not sign in."
        return page(title: "\(provider.name.en) sign-in \(approved ? "approved" : "denied")", body: """
            <p>\(escape(what))</p>
            <p>You can close this page and go back to the terminal.</p>
            """)
    }

    /// The browser sign-in's approval page: the request's fields ride along hidden, and the person approves (as the
    /// demo account's email) or denies.
    static func authorize(_ request: DevBrowserIdP.Request, notice: String? = nil) -> String {
        let hidden = authorizeFields(request).map { name, value in
            "<input type=\"hidden\" name=\"\(escape(name))\" value=\"\(escape(value))\">"
        }.joined(separator: "\n  ")
        return page(title: "Sign in to Brainy with \(request.provider.name.en)", body: """
            <p>Development identity provider: no real \(escape(request.provider.name.en)) account is involved. Enter the
            email of the demo account to sign in as. \(escape(request.provider.name.ko)) 개발용 로그인입니다.</p>
            \(notice.map { "<p class=\"notice\">\(escape($0))</p>" } ?? "")
            <form method="post" action="\(APIRoute.devAuthorize.path(filling: ["provider": request.provider.rawValue]))">
              \(hidden)
              <label>Email <input name="email" type="email" value="demo@example.com" required></label>
              <button id="approve" name="action" value="approve">Approve</button>
              <button id="deny" name="action" value="deny" formnovalidate>Deny</button>
            </form>
            """)
    }

    /// The request's fields as the form carries them.
    static func authorizeFields(_ request: DevBrowserIdP.Request) -> [(String, String)] {
        var fields = [("response_type", "code"), ("client_id", request.clientId), ("redirect_uri", request.redirectURI),
                      ("state", request.state), ("code_challenge", request.codeChallenge),
                      ("code_challenge_method", "S256")]
        if let nonce = request.nonce { fields.append(("nonce", nonce)) }
        if let mode = request.responseMode { fields.append(("response_mode", mode)) }
        return fields
    }

    /// Apple's `form_post`: a form to the redirect URI that posts itself (a button where scripts do not run).
    static func formPost(to redirectURI: String, fields: [String: String]) -> String {
        let hidden = fields.sorted { $0.key < $1.key }.map { name, value in
            "<input type=\"hidden\" name=\"\(escape(name))\" value=\"\(escape(value))\">"
        }.joined(separator: "\n  ")
        return page(title: "Returning to Brainy", body: """
            <form method="post" action="\(escape(redirectURI))">
              \(hidden)
              <button id="continue">Continue</button>
            </form>
            <script>document.forms[0].submit()</script>
            """)
    }

    private static func page(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
          body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
          label { display: block; margin: 1rem 0; }
          input { display: block; width: 100%; padding: .5rem; font-size: 1.1rem; }
          button { padding: .5rem 1.5rem; margin-right: .5rem; font-size: 1rem; }
          .notice { color: #a00; }
        </style>
        </head>
        <body>
        <h1>\(escape(title))</h1>
        \(body)
        </body>
        </html>
        """
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
