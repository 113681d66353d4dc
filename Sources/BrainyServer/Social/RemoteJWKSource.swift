import AsyncHTTPClient
import BrainyKit
import Foundation
import JWTKit
import NIOCore

/// A provider's keys fetched from its JWKS URL with AsyncHTTPClient and kept for as long as its `Cache-Control`
/// allows (an hour when it says nothing). A token naming a kid the cache does not hold triggers one refetch, so a key
/// rotation is picked up at once, but at most one a minute, so tokens with made-up kids cannot hammer the provider.
actor RemoteJWKSource: JWKSource {
    /// One download: the key set and how many seconds it may be kept.
    typealias Fetch = @Sendable () async throws -> (keys: JWKS, maxAge: TimeInterval?)

    static let defaultMaxAge: TimeInterval = 3600
    static let minimumRefetchInterval: TimeInterval = 60

    private let fetch: Fetch
    private let clock: any BrainyClock
    private var published = ProviderKeys(JWKS(keys: []))
    private var fetchedAt: Date?
    private var freshUntil: Date?
    /// The download under way, shared by every request that waits for it.
    private var download: Task<(keys: JWKS, maxAge: TimeInterval?), any Error>?

    init(fetch: @escaping Fetch, clock: any BrainyClock) {
        self.fetch = fetch
        self.clock = clock
    }

    init(url: String, client: HTTPClient, clock: any BrainyClock) {
        self.init(fetch: { try await Self.download(url, client: client) }, clock: clock)
    }

    func keys(for kid: String?) async throws(IDTokenError) -> JWTKeyCollection {
        let now = clock.now()
        if let freshUntil, now < freshUntil, published.lookUp(kid) != nil {
            return try await published.collection(for: kid)
        }
        let mayRefetch = fetchedAt.map { now.timeIntervalSince($0) >= Self.minimumRefetchInterval } ?? true
        let stale = freshUntil.map { now >= $0 } ?? true
        if stale || mayRefetch {
            do {
                try await refresh(now: now)
            } catch {
                // The provider is unreachable: keys fetched before still verify what they signed.
                guard published.lookUp(kid) != nil else { throw error }
            }
        }
        return try await published.collection(for: kid)
    }

    private func refresh(now: Date) async throws(IDTokenError) {
        let task = download ?? Task { [fetch] in try await fetch() }
        download = task
        defer { if download == task { download = nil } }
        let result: (keys: JWKS, maxAge: TimeInterval?)
        do {
            result = try await task.value
        } catch let error as IDTokenError {
            throw error
        } catch {
            throw .keysUnavailable(String(describing: error).prefix(120).description)
        }
        published = ProviderKeys(result.keys)
        fetchedAt = now
        freshUntil = now.addingTimeInterval(result.maxAge ?? Self.defaultMaxAge)
    }

    /// GETs the JWKS document at `url` (10 s timeout, 1 MB cap).
    static func download(_ url: String, client: HTTPClient) async throws -> (keys: JWKS, maxAge: TimeInterval?) {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(10))
        guard response.status == .ok else { throw IDTokenError.keysUnavailable("HTTP \(response.status.code) from \(url)") }
        let body = try await response.body.collect(upTo: 1 << 20)
        let keySet = try ProviderKeys.decodeSet(from: Data(body.readableBytesView))
        return (keySet, maxAge(cacheControl: response.headers["Cache-Control"].joined(separator: ",")))
    }

    /// `max-age` of a Cache-Control header, held between a minute and a day.
    static func maxAge(cacheControl: String) -> TimeInterval? {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int(parts[1]) else { continue }
            return TimeInterval(min(max(seconds, 60), 86_400))
        }
        return nil
    }
}
