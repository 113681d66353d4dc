import BrainyAPI
import BrainyKit
import Foundation
import Synchronization

/// The terms of use and the privacy policy this server asks every account to accept (their current versions), and
/// the check the bearer check makes for each signed-in request: an account that has not accepted every current
/// version is refused 403 `consent_required`, so that a client that never asks its user gains nothing.
///
/// Cheap per request: an acceptance is never withdrawn, so an account found to hold every current version is
/// remembered in memory and not looked up again (on any instance, what one remembers stays true); an account still
/// to accept is looked up each time, so that its acceptance through another instance counts at once.
final class ConsentGate: Sendable {
    let documents: [ConsentDocument]
    let store: any ConsentStore
    private let accepted = Mutex<Set<String>>([])
    /// Accounts remembered at most; past it the memory starts again (each account costs one lookup more).
    static let remembered = 100_000

    init(documents: [ConsentDocument], store: any ConsentStore) {
        self.documents = documents
        self.store = store
    }

    /// The current versions, one per document.
    var current: [ConsentVersion] { documents.versions }

    /// The current versions `accountId` has not accepted.
    func pending(accountId: String) async throws -> [ConsentVersion] {
        if accepted.withLock({ $0.contains(accountId) }) { return [] }
        let pending = documents.pending(accepted: try await store.acceptedConsents(accountId: accountId))
        if pending.isEmpty { remember(accountId) }
        return pending
    }

    /// A 403 `consent_required` while `accountId` has current versions to accept.
    func requireAccepted(accountId: String) async throws {
        let pending = try await pending(accountId: accountId)
        guard pending.isEmpty else { throw Self.refusal(pending) }
    }

    func remember(_ accountId: String) {
        accepted.withLock { ids in
            if ids.count >= Self.remembered { ids.removeAll(keepingCapacity: true) }
            ids.insert(accountId)
        }
    }

    /// The versions offered, each checked to be a current one: an outdated or invented version is a 400 naming the
    /// current ones.
    func checkCurrent(_ offered: [ConsentVersion]) throws(APIError) {
        let current = Set(current)
        if let stale = offered.first(where: { !current.contains($0) }) {
            var error = APIError(.badRequest, "consent_version_unknown",
                                 "'\(Self.shown(stale.version))' is not the current version of the \(stale.document.name.en.lowercased()): accept \(Self.list(self.current)) (GET /v1/auth/consent serves their texts).")
            error.consentRequired = self.current
            throw error
        }
    }

    /// The 403 of a signed-in request while some current versions are not accepted.
    static func refusal(_ pending: [ConsentVersion]) -> APIError {
        var error = APIError(.forbidden, "consent_required",
                             "This account has not accepted \(list(pending)). Read them (GET /v1/auth/consent) and accept them (POST /v1/auth/consent) before using it.")
        error.consentRequired = pending
        return error
    }

    /// `the terms of use 2026-11-27 and the privacy policy 2026-11-27`.
    static func list(_ versions: [ConsentVersion]) -> String {
        versions.map { "the \($0.document.name.en.lowercased()) \($0.version)" }.joined(separator: " and ")
    }

    /// A version as sent, cut and without control characters: it is echoed in a message.
    static func shown(_ text: String) -> String {
        String(text.unicodeScalars.filter { !EmailAddress.isForbidden($0) }.prefix(40).map(Character.init))
    }
}
