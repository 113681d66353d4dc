import BrainyAPI
import BrainyKit
import Foundation

/// The question pack's version asked at start, with a server configured, without delaying the first prompt: the
/// request runs in the background with a short deadline, and what it found is said at the next prompt (a newer pack
/// waiting for 'sync', or imported at once when the config says so). When the server cannot be reached, what the last
/// sync or check learned is said instead; with nothing learned, nothing is said.
final class StartupPackCheck {
    /// How long the server is given to answer before the check gives up, quietly (timed by the services'
    /// `deadlineClock`).
    static let deadline: Duration = .seconds(2)

    private let remote: RemoteSession
    private let repository: any BrainyRepository
    private let console: Console
    private let now: () -> Date
    private let timeZone: TimeZone
    /// Whether the config in force says a newer pack is imported at once.
    private let autoImportPack: () -> Bool
    private let deadlineClock: any Clock<Duration>
    private let server: String
    private var version: InterruptibleWait.Pending<PackVersionResponse>?
    private var download: InterruptibleWait.Pending<QuestionPack>?

    /// Starts the check when a server is configured; nil (and no work at all) otherwise.
    static func start(remote: RemoteSession, repository: any BrainyRepository, console: Console,
                      now: @escaping () -> Date, timeZone: TimeZone, autoImportPack: @escaping () -> Bool,
                      deadlineClock: any Clock<Duration>) -> StartupPackCheck? {
        guard let api = remote.api() else { return nil }
        return StartupPackCheck(remote: remote, repository: repository, console: console, now: now, timeZone: timeZone,
                                autoImportPack: autoImportPack, deadlineClock: deadlineClock, api: api)
    }

    private init(remote: RemoteSession, repository: any BrainyRepository, console: Console, now: @escaping () -> Date,
                 timeZone: TimeZone, autoImportPack: @escaping () -> Bool, deadlineClock: any Clock<Duration>,
                 api: any RemoteAPI) {
        self.remote = remote
        self.repository = repository
        self.console = console
        self.now = now
        self.timeZone = timeZone
        self.autoImportPack = autoImportPack
        self.deadlineClock = deadlineClock
        server = api.baseURL
        let clock = deadlineClock
        version = InterruptibleWait.background { try await Self.within(Self.deadline, by: clock) { try await api.call(API.packVersion) } }
    }

    /// Whether nothing is left under way.
    var isSettled: Bool { version == nil && download == nil }

    /// Called before each prompt: says what the check found if it has ended; never waits for it.
    func announceIfReady() {
        if let pending = version, let outcome = pending.poll() {
            version = nil
            switch outcome {
            case let .success(served): found(served)
            case .failure: offline()
            }
        }
        if let pending = download, let outcome = pending.poll() {
            download = nil
            if case let .success(pack) = outcome { imported(pack) }
        }
    }

    /// Waits until the call under way, if any, has ended (at most `limit`), without saying what it found: that is
    /// still said at the next prompt. Whether nothing is under way any more. For tests, which wait for the check
    /// rather than for the clock.
    func waitForCallUnderWay(upTo limit: DispatchTimeInterval) -> Bool {
        (version?.waitUntilEnded(upTo: limit) ?? true) && (download?.waitUntilEnded(upTo: limit) ?? true)
    }

    /// Stops what is under way (the shell is leaving); its answer is dropped.
    func cancel() {
        version?.cancel()
        download?.cancel()
    }

    private func found(_ served: PackVersionResponse) {
        ServedPack.remember(served, server: server, at: now(), in: repository)
        guard Self.isNew(served.version, over: (try? repository.importedVersion(ofPack: served.id)) ?? nil) else { return }
        if autoImportPack(), let api = remote.api(), api.baseURL == server {
            let clock = deadlineClock
            download = InterruptibleWait.background { try await Self.within(Self.deadline, by: clock) { try await api.call(API.pack) } }
            return
        }
        waiting(served, seenAt: nil)
    }

    /// Whether the server's pack differs from the one imported here and is not an older one ('sync' imports any
    /// other version; only a newer one is worth a word at start).
    static func isNew(_ served: String, over current: String?) -> Bool {
        guard let current, served != current else { return current == nil }
        if let old = AppVersion(current), let new = AppVersion(served) { return old < new }
        return true
    }

    private func offline() {
        guard let last = ServedPack.last(server: server, in: repository),
              Self.isNew(last.version, over: (try? repository.importedVersion(ofPack: last.id)) ?? nil) else { return }
        waiting(PackVersionResponse(id: last.id, version: last.version), seenAt: last.seenAt)
    }

    private func waiting(_ served: PackVersionResponse, seenAt: Date?) {
        let id = OutsideText.clean(served.id)
        let version = OutsideText.clean(served.version)
        let message: Localized
        if let seenAt {
            let seen = BrainyDateFormat.minute(seenAt, timeZone: timeZone)
            message = Localized(
                ko: "서버에 닿지 않았습니다. 마지막으로 확인한 \(seen)에 새 문제 팩 \(id) \(version)이 기다리고 있었습니다. 서버에 닿으면 'sync'로 받으세요.",
                en: "The server could not be reached; at the last check (\(seen)) a new question pack \(id) \(version) was waiting. 'sync' fetches it once the server answers.")
        } else {
            message = Localized(ko: "서버에 새 문제 팩 \(id) \(version)이 기다리고 있습니다. 'sync'로 받으세요.",
                                en: "A new question pack \(id) \(version) is waiting on the server. 'sync' fetches it.")
        }
        console.notice(console.paint("• ", \.accent) + console.text(message))
    }

    private func imported(_ pack: QuestionPack) {
        do {
            let count = try repository.importPack(pack, now: now())
            let version = OutsideText.clean(pack.version)
            console.notice(console.paint("• ", \.accent) + console.text(Localized(
                ko: "새 문제 팩 \(version)을 받았습니다 (\(count.grouped)문제).",
                en: "Imported the new question pack \(version) (\(count.counted("question"))).")))
        } catch {
            console.notice(console.paint(console.text(Localized(
                ko: "새 문제 팩을 들이지 못했습니다: ", en: "Could not import the new question pack: "))
                + console.text(ErrorMessage.of(error)), \.warning))
        }
    }

    /// Runs `body`, giving up with `.timedOut` once `deadline` has passed by `clock`.
    private static func within<T: Sendable>(_ deadline: Duration, by clock: any Clock<Duration>,
                                            _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await clock.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw RemoteError.timedOut(seconds: Int(deadline.components.seconds))
            }
            return value
        }
    }
}

/// The pack version a server last said it serves (at a sync or at start), kept for when it cannot be reached.
struct ServedPack: Codable {
    var id: String
    var version: String
    var seenAt: Date

    static func remember(_ served: PackVersionResponse, server: String, at now: Date, in repository: any BrainyRepository) {
        let value = ServedPack(id: served.id, version: served.version, seenAt: now)
        guard let data = try? JSONEncoder().encode(value) else { return }
        try? repository.setSyncValue(String(decoding: data, as: UTF8.self), for: SyncKeys.servedPack(server))
    }

    static func last(server: String, in repository: any BrainyRepository) -> ServedPack? {
        guard let text = (try? repository.syncValue(SyncKeys.servedPack(server))) ?? nil else { return nil }
        return try? JSONDecoder().decode(ServedPack.self, from: Data(text.utf8))
    }
}
