import BrainyAPI
import BrainyKit

// The terms of use and the privacy policy on the server's side of a session: asked before `register` (see
// `register`), settled after any sign-in that lists documents not yet accepted, asked again at `sync` for a sign-in
// kept from before a new version, and a first social sign-in declined.
extension RemoteSession {
    /// The server's current terms and privacy policy; a server older than them asks for none, and gets the bundled
    /// versions (which it ignores).
    func consentDocuments(_ api: any RemoteAPI) throws -> [ConsentDocument] {
        do {
            return try call(api) { try await $0.call(API.consentDocuments) }.documents
        } catch ShellError.serverRefused(let code, _) where code == "not_found" {
            return ConsentDocument.bundled
        }
    }

    /// A sign-in kept from before the server published a new version of its terms or privacy policy, refused its data
    /// (403 `consent_required`): the current documents are shown and asked, at a terminal only. Accepted, the server
    /// records it (a version accepted before is recorded once); a typed no ends the sign-in on the server and here.
    /// Anything else keeps the sign-in and refuses the sync: not at a terminal (a script, `-c`, cron) nothing is
    /// asked, and an input that ends, Ctrl-C or a line that is neither a yes nor a no is no answer.
    func acceptCurrentConsent() throws {
        guard let api = api() else { throw ShellError.noServer }
        guard consent?.isInteractive ?? true else { throw ConsentRefusal.needsTerminal }
        let documents = try consentDocuments(api)
        guard !documents.isEmpty else { throw ConsentRefusal.versionsDisagree }
        switch consent?.ask(documents, registering: false, explicitNo: true) ?? .accepted {
        case .accepted:
            break
        case .declined:
            try logout()
            try signOut()
            throw ConsentRefusal.declinedAtSignIn
        case .unanswered:
            throw ConsentRefusal.unansweredAtSync
        }
        let watch = InterruptibleWait()
        defer { watch.finish() }
        let left = try authorized(api, watch) { api, token in
            try await api.call(API.acceptConsent, ConsentRequest(consents: documents.versions), accessToken: token)
        }
        if !left.consentRequired.isEmpty { throw ConsentRefusal.versionsDisagree }
    }

    /// After a sign-in that lists documents the account has not accepted: shows them and asks. Accepted, the server
    /// records it; otherwise (declined, no answer, the server's versions disagreeing, a failure while asking or
    /// recording) the sign-in just made ends, on the server too with its tokens forgotten, and nothing is signed in
    /// here: never a sign-in half made.
    func settleConsent(_ response: AuthResponse, api: any RemoteAPI, userId: String) throws {
        guard !response.consentRequired.isEmpty else { return }
        do {
            let pending = Set(response.consentRequired)
            let documents = try consentDocuments(api).filter { pending.contains($0.acceptance) }
            // Pending versions the server does not serve: the person never saw them, so did not decline them.
            guard !documents.isEmpty else { throw ConsentRefusal.versionsDisagree }
            switch consent?.ask(documents, registering: false) ?? .accepted {
            case .accepted: break
            case .declined:
                // Nothing accepted ever (every current document pending): most likely the account this sign-in
                // just made (a first social sign-in), which the server deletes if it is unused.
                let everyDocument = Set(documents.map(\.kind)) == Set(ConsentDocument.Kind.allCases)
                guard everyDocument else { throw ConsentRefusal.declinedAtSignIn }
                throw declineAccount(api, accessToken: response.accessToken)
            case let .unanswered(line): throw ConsentRefusal.unansweredAtSignIn(line: line)
            }
            let access = response.accessToken
            let left = try call(api) { try await $0.call(API.acceptConsent, ConsentRequest(consents: documents.versions),
                                                         accessToken: access) }
            if !left.consentRequired.isEmpty { throw ConsentRefusal.versionsDisagree }
        } catch {
            try? tokenKeeper.save(nil, userId: userId)
            let refreshToken = response.refreshToken
            _ = try? call(api) { try await $0.call(API.logout, RefreshRequest(refreshToken: refreshToken)) }
            throw error
        }
    }

    /// The terms declined after a sign-in that listed every document: asks the server to delete the account, which
    /// it does only for one that never accepted anything and holds no data (a first social sign-in's), bounded as
    /// every call is. What became of the account is what the person is told; the sign-in ends either way.
    func declineAccount(_ api: any RemoteAPI, accessToken: String) -> ConsentRefusal {
        do {
            _ = try call(api) { try await $0.call(API.declineConsent, accessToken: accessToken) }
            return .declinedAccountRemoved
        } catch ShellError.serverRefused(let code, _) where code == "account_in_use" {
            return .declinedAccountKept
        } catch {
            // Unreachable, timed out, interrupted, a server without the operation: nothing is known of the account.
            return .declinedPerhapsNewAccount
        }
    }
}
