import BrainyAPI
import BrainyKit
import Foundation

/// The upload half of `sync`: the pending results go up in batches, two requests in flight (while the server stores
/// one batch, the shell reads and sends the next), and a batch is marked synced only once the server has answered
/// for it. An access token that expires under way is refreshed once. A stop (Ctrl-C, the server gone) keeps what was
/// acknowledged; the rest stays pending for the next sync.
struct SyncUpload {
    let remote: RemoteSession
    let repository: any BrainyRepository
    let now: () -> Date
    /// Results per request (`--sync-batch`).
    let batchSize: Int
    let progress: (SyncProgress) -> Void

    /// The upload stopped: what went until then, and why.
    struct Stopped: Error {
        var upload: SyncReport.Upload
        var error: any Error
    }

    /// Uploads every pending result and returns what went; a stop under way throws `Stopped`.
    func run(_ api: any RemoteAPI, _ watch: InterruptibleWait, userId: String) throws -> SyncReport.Upload {
        let total = try repository.pendingSyncCount(userId: userId)
        var sent = 0
        var refused = 0
        var reasons: Set<ResultRefusalReason> = []
        var cursor = SyncCursor()
        let started = ContinuousClock.now
        func rate() -> Int {
            let seconds = max((ContinuousClock.now - started) / .seconds(1), 0.001)
            return Int(Double(sent) / seconds)
        }
        progress(.uploading(sent: sent, total: total, perSecond: rate()))
        // Two requests in flight: while the server stores one batch, the shell reads and sends the next. A batch is
        // marked synced only once the server has answered for it.
        struct InFlight {
            var request: ResultUploadRequest
            var readAt: Date
            var call: InterruptibleWait.Pending<ResultUploadResponse>
        }
        var inFlight: InFlight?
        var exhausted = false
        var token = try remote.tokens(api).accessToken
        do throws {
            while true {
                var next: InFlight?
                if !exhausted {
                    let batch = try repository.pendingBatch(userId: userId, limit: max(1, batchSize), after: cursor)
                    cursor = batch.next
                    if batch.isEmpty {
                        exhausted = true
                    } else {
                        let request = ResultUploadRequest(results: batch.results, quizzes: batch.quizzes)
                        next = InFlight(request: request, readAt: now(),
                                        call: watch.start { [token] in try await api.call(API.uploadResults, request, accessToken: token) })
                    }
                }
                guard let current = inFlight ?? next else { break }
                if inFlight == nil {
                    inFlight = next
                    continue
                }
                let response: ResultUploadResponse
                do throws(RemoteError) {
                    response = try watch.wait(for: current.call)
                } catch where error.status == 401 {
                    // The access token expired under way: refreshed once, this batch sent again.
                    let request = current.request
                    response = try remote.authorized(api, watch) { api, token in try await api.call(API.uploadResults, request, accessToken: token) }
                    token = try remote.tokens(api).accessToken
                } catch {
                    next?.call.cancel()
                    throw remote.translate(error, server: api.baseURL)
                }
                try repository.markSynced(resultIds: response.accepted, quizIds: response.acceptedQuizzes,
                                          uploadedAt: current.readAt, now: now())
                sent += response.accepted.count
                let sentIds = Set(current.request.results.map(\.id))
                refused += response.rejected.filter(sentIds.contains).count
                for refusal in response.refusals where sentIds.contains(refusal.id) {
                    reasons.insert(refusal.reason)
                }
                inFlight = next
                progress(.uploading(sent: sent, total: total, perSecond: rate()))
            }
        } catch {
            progress(.ended)
            throw Stopped(upload: SyncReport.Upload(total: total, sent: sent, refused: refused,
                                                    reasons: Self.inOrder(reasons), perSecond: rate()),
                          error: error)
        }
        progress(.ended)
        return SyncReport.Upload(total: total, sent: sent, refused: refused, reasons: Self.inOrder(reasons), perSecond: rate())
    }

    /// The reasons in the order of their codes, so that a report says them the same way each time.
    private static func inOrder(_ reasons: Set<ResultRefusalReason>) -> [ResultRefusalReason] {
        reasons.sorted { $0.rawValue < $1.rawValue }
    }
}
