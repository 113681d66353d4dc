import BrainyAPI
import BrainyKit
import Foundation

/// The hint credits' part of `sync`: the device's new credit events go up (each with its id: sent again, it counts
/// once), a grant the server could not verify stops counting here (and never reached another device), and the
/// events the account's other devices sent come down from the cursor kept at the last page. The balance is then the
/// sum of the same events on every device.
struct CreditSync {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let now: () -> Date
    /// Events downloaded per page at most (`--sync-batch`).
    let batchSize: Int
    /// The flow is told the balance after.
    let creditsChanged: (Int) -> Void

    /// Events per upload.
    static let batchSize = 200

    /// Where the ledger's download from `server` for `userId` stands.
    static func cursorKey(server: String, userId: String) -> String { "creditCursor:\(server)|\(userId)" }

    struct Outcome: Sendable {
        var sent = 0
        var refused: [(event: CreditEvent, reason: CreditRefusalReason)] = []
        var received = 0
        /// Events of kinds this client does not know yet: not counted here, asked for again at every sync.
        var notUnderstood = 0
        var balance = 0
    }

    /// Uploads, downloads and returns what moved; nil when the server keeps no ledger (an older one).
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> Outcome? {
        var outcome = Outcome()
        guard try upload(api, watch, userId: userId, outcome: &outcome),
              try download(api, watch, userId: userId, outcome: &outcome)
        else { return nil }
        outcome.balance = try repository.hintCredits(userId: userId)
        creditsChanged(outcome.balance)
        return outcome
    }

    /// False when the server keeps no ledger.
    private func upload(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String, outcome: inout Outcome) throws -> Bool {
        while true {
            let pending = try repository.pendingCreditEvents(userId: userId, limit: Self.batchSize)
            guard !pending.isEmpty else { return true }
            let request = CreditEventsRequest(events: pending)
            let answer: CreditEventsResponse? = try remote.authorized(api, watch) { api, token in
                do {
                    return try await api.call(API.uploadCredits, request, accessToken: token)
                } catch let error as RemoteError where error.status == 404 {
                    return nil
                }
            }
            guard let response = answer else { return false }
            let byId = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var accepted: [String] = []
            var refused: [(id: String, reason: String)] = []
            for verdict in response.results {
                guard let event = byId[verdict.id] else { continue }
                if verdict.accepted {
                    accepted.append(event.id)
                } else {
                    // The store keeps the wire's code ("refused" from a server that gives none).
                    refused.append((event.id, verdict.reason?.rawValue ?? "refused"))
                    outcome.refused.append((event, verdict.reason ?? .other))
                }
            }
            try repository.settleCreditEvents(accepted: accepted, refused: refused, userId: userId, at: now())
            outcome.sent += accepted.count
            // A server that answered for none of them would be asked again for ever: the rest waits for the next sync.
            if accepted.isEmpty && refused.isEmpty || pending.count < Self.batchSize { return true }
        }
    }

    /// False when the server keeps no ledger.
    ///
    /// An event of a kind this client does not know (a newer server's) cannot be kept, and the cursor must not pass
    /// it, or the client, once upgraded, would never ask for it again. So from the first page that held one, the
    /// cursor kept is where that page began, while the download goes on to the end with the pages' own cursors (one
    /// sync still ends: each page is asked once). Every later sync asks from there again, and the events after it
    /// come down again and merge by id (each is kept once, counted as received once), until a client that knows the
    /// kind keeps it and moves the cursor on. Keeping the unknown events as they came instead would need the store
    /// to guess how a kind it does not know counts, and would lose whatever else a newer event carries; asking the
    /// server again gets the event whole, read by code that understands it. The cost is re-reading the ledger's tail
    /// on each sync while this client is older than the server, which is bounded by the ledger's length.
    private func download(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String, outcome: inout Outcome) throws
        -> Bool {
        let key = Self.cursorKey(server: api.baseURL, userId: userId)
        var cursor = try repository.downloadCursor(key: key)
        // Where the first page with an event of an unknown kind began: the cursor kept from then on.
        var heldAt: Int64?
        let limit = min(max(1, batchSize), CreditLedgerResponse.maxLimit)
        while true {
            let since = cursor
            let answer: CreditLedgerResponse? = try remote.authorized(api, watch) { api, token in
                do {
                    return try await api.call(API.creditLedger, query: API.pageQuery(since: since, limit: limit), accessToken: token)
                } catch let error as RemoteError where error.status == 404 {
                    return nil
                }
            }
            guard let page = answer else { return false }
            if page.eventsOfUnknownKinds > 0 && heldAt == nil { heldAt = since }
            outcome.notUnderstood += page.eventsOfUnknownKinds
            outcome.received += try repository.keepDownloadedCredits(page.events, userId: userId,
                                                                     cursor: heldAt ?? page.cursor, cursorKey: key)
            cursor = page.cursor
            if !page.more || page.cursor <= since { return true }
        }
    }
}
