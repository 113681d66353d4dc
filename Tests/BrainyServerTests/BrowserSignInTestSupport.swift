import AsyncHTTPClient
import BrainyAPI
import BrainyKit
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import BrainyServer

/// A browser's and a shell's side of the browser sign-in against a live server on loopback, through AsyncHTTPClient
/// (which sends the Host a browser sends, so the links and redirect URIs the server makes point back at it). It
/// follows no redirect by itself: each step is looked at.
struct BrowserSignInClient {
    let http: HTTPClient
    let origin: String

    struct Answer {
        var status: Int
        var location: String?
        var body: String

        func decode<T: Decodable>(_: T.Type) throws -> T {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(T.self, from: Data(body.utf8))
        }
    }

    /// Runs `body` with a client of the live server `port`, shut down after.
    static func with<T>(port: Int?, _ body: (BrowserSignInClient) async throws -> T) async throws -> T {
        let http = HTTPClient(eventLoopGroupProvider: .singleton,
                              configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        do {
            let port = try #require(port)
            let result = try await body(BrowserSignInClient(http: http, origin: "http://127.0.0.1:\(port)"))
            try await http.shutdown()
            return result
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    func get(_ url: String, bearer: String? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: url.hasPrefix("http") ? url : origin + url)
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        return try await send(request)
    }

    func post(_ url: String, json: some Encodable) async throws -> Answer {
        var request = HTTPClientRequest(url: url.hasPrefix("http") ? url : origin + url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(json)))
        return try await send(request)
    }

    func postForm(_ url: String, _ fields: [String: String]) async throws -> Answer {
        var request = HTTPClientRequest(url: url.hasPrefix("http") ? url : origin + url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormBody.encode(fields)))
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> Answer {
        let response = try await http.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), location: response.headers.first(name: "Location"),
                      body: String(buffer: body))
    }

    // The shell's side.

    func start(_ provider: BrowserSignInProvider) async throws -> BrowserSignInStartResponse {
        let answer = try await post(API.browserSignInStart.route.path, json: BrowserSignInStartRequest(provider: provider))
        #expect(answer.status == 200, "\(answer.body)")
        return try answer.decode(BrowserSignInStartResponse.self)
    }

    func poll(_ started: BrowserSignInStartResponse) async throws -> BrowserSignInPollResponse {
        let answer = try await post(API.browserSignInPoll.route.path, json: BrowserSignInPollRequest(sessionId: started.sessionId))
        #expect(answer.status == 200, "\(answer.body)")
        return try answer.decode(BrowserSignInPollResponse.self)
    }

    // The browser's side.

    /// The start page's button: the redirect to the provider's authorize page, with its query.
    func authorize(_ started: BrowserSignInStartResponse) async throws -> URLComponents {
        let page = try await get(started.link)
        #expect(page.status == 200)
        #expect(page.body.contains(started.userCode))
        let redirect = try await get(APIRoute.browserSignInAuthorize.path + "?code=" + started.userCode)
        #expect(redirect.status == 303)
        let location = try #require(redirect.location)
        return try #require(URLComponents(string: location))
    }

    /// The development IdP's approval form, approved as `email` or denied: what it sends the browser back with,
    /// as the callback request (its URL, and for `form_post` its fields).
    func decide(_ authorize: URLComponents, approve: Bool, email: String = "mina@example.com") async throws
        -> (url: String, form: [String: String]?) {
        let authorizeURL = try #require(authorize.string)
        let page = try await get(authorizeURL)
        #expect(page.status == 200, "\(page.body)")
        var fields = Dictionary(uniqueKeysWithValues: (authorize.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        fields["action"] = approve ? "approve" : "deny"
        fields["email"] = email
        var url = authorize
        url.query = nil
        let formURL = try #require(url.string)
        let decided = try await postForm(formURL, fields)
        if decided.status == 303, let location = decided.location { return (location, nil) }
        // Apple's form_post: a form of hidden fields that posts itself to the redirect URI.
        #expect(decided.status == 200, "\(decided.body)")
        let action = try #require(decided.body.firstMatch(of: /<form method="post" action="([^"]+)"/)?.1)
        var form: [String: String] = [:]
        for match in decided.body.matches(of: /<input type="hidden" name="([^"]+)" value="([^"]*)">/) {
            form[String(match.1)] = String(match.2).replacingOccurrences(of: "&amp;", with: "&")
        }
        return (String(action), form)
    }

    /// The browser arriving at the callback.
    func callBack(_ callback: (url: String, form: [String: String]?)) async throws -> Answer {
        if let form = callback.form { return try await postForm(callback.url, form) }
        return try await get(callback.url)
    }
}
