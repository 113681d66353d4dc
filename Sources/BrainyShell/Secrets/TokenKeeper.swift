import BrainyKit
import Foundation
import Synchronization

/// Keeps the signed-in account's tokens where they are safest on this machine: in the Secret Service when one answers
/// (as `gh` does), else in the shell's owner-only database file as before. The database always keeps the sign-in's
/// row (its server and account, which say that someone is signed in there); when the keyring holds the tokens, the
/// row's tokens are empty and the file holds no token at all.
///
/// Nothing runs until a token is kept or read, that is until a server is first called: starting the shell
/// (`brainy -c help`) never asks the keyring. Whether it answers is learned then, once a run; a keyring that refuses
/// is not asked again in this run, and the tokens go to the file without a word (`profile` says where they are).
///
/// A sign-in this computer is not to keep ("remember me" answered no) has its tokens in this object's memory only:
/// its row says `memory` and holds no token, the keyring is not asked, and `forgetKeptInMemory` (at `exit`) removes
/// the row. A sign-in's tokens wait in memory until it is decided (`keep` writes them where they are kept).
final class TokenKeeper: Sendable {
    private let repository: any SyncRepository
    /// The Secret Service, or nil where the shell must not use one.
    private let keyring: (any SecretStore)?
    /// Whether the keyring refused in this run (nil: not asked yet).
    private let keyringRefused = Mutex<Bool?>(nil)
    /// The tokens this run kept in or read from the keyring, by user and under the mark the file's row had then: a
    /// sync's many calls ask the keyring once, and tokens another shell renewed since (a new mark) are read again.
    private let known = Mutex<[String: (mark: String, tokens: RemoteTokens)]>([:])
    /// The tokens of the sign-ins this run keeps in memory only, by user: those answered no, and those still waiting
    /// for the answer (`hold`), which have no row yet.
    private let inMemory = Mutex<[String: RemoteTokens]>([:])
    /// The device cookie a server gave with a sign-in still waiting for the answer, by user: written (beside the sync
    /// state) only by `keep`, so that a sign-in answered no, or a shell killed while it asks, leaves none on disk.
    private let heldCookies = Mutex<[String: (key: String, value: String)]>([:])

    /// What the row of a sign-in kept in memory holds in place of its access token (its refresh token is empty).
    static let memoryMark = "memory"

    init(repository: any SyncRepository, keyring: (any SecretStore)?) {
        self.repository = repository
        self.keyring = keyring
    }

    /// Whether this keeper may ask a keyring at all (false: the tokens stay in the database file).
    var usesKeyring: Bool { keyring != nil }

    /// What the keyring holds for a sign-in: its two tokens.
    private struct KeptTokens: Codable {
        var accessToken: String
        var refreshToken: String
    }

    private static func key(_ tokens: RemoteTokens, slot: String) -> SecretKey {
        SecretKey(server: tokens.server, account: tokens.accountId, slot: slot)
    }

    /// The row of a sign-in whose tokens the keyring holds keeps, in place of its access token, `keyring <slot>
    /// <mark>`: the slot names this database's item in the keyring (made at its first keyring save, kept while the
    /// sign-in lasts), the mark changes at each save. Nil when the row holds the tokens themselves.
    private static func slot(of row: RemoteTokens) -> String? {
        guard row.refreshToken.isEmpty, !isInMemory(row) else { return nil }
        let words = row.accessToken.split(separator: " ")
        // `keyring <mark>`: a row kept before slots were; its item has no slot.
        return words.count == 3 ? String(words[1]) : ""
    }

    /// Whether the row is that of a sign-in whose tokens a shell keeps in memory only.
    private static func isInMemory(_ row: RemoteTokens) -> Bool {
        row.refreshToken.isEmpty && row.accessToken == memoryMark
    }

    /// The user's tokens, read from the keyring when the file says they are there. A keyring that no longer has them
    /// (`.nothingKept`) or does not answer (another session, a locked keyring) is a `SecretTool.Failure`: the sign-in
    /// cannot be used.
    func tokens(userId: String) throws -> RemoteTokens? {
        // This run's own: a sign-in answered no, or one waiting for the answer (its row, if any, is an earlier one's).
        if let held = inMemory.withLock({ $0[userId] }) { return held }
        return try keptTokens(userId: userId)
    }

    /// The tokens an earlier sign-in of the user left kept on this computer (in the file, or in the keyring), which
    /// the sign-in this run holds in memory is about to replace: their refresh token is to be ended on the server
    /// before its row goes. Nil when there are none (or only a row saying a shell keeps them in memory).
    func keptBeforeHeld(userId: String) throws -> RemoteTokens? {
        guard let row = try repository.remoteTokens(userId: userId), !Self.isInMemory(row) else { return nil }
        return try keptTokens(userId: userId)
    }

    private func keptTokens(userId: String) throws -> RemoteTokens? {
        guard var row = try repository.remoteTokens(userId: userId) else { return nil }
        // Kept in memory by another shell, or by one that was killed: nothing here can use them.
        if Self.isInMemory(row) { throw SecretTool.Failure.nothingKept }
        guard let slot = Self.slot(of: row) else { return row }
        if let cached = known.withLock({ $0[userId] }), cached.mark == row.accessToken { return cached.tokens }
        let mark = row.accessToken
        guard let keyring else { throw SecretTool.Failure.notInstalled }
        guard let text = try keyring.lookup(Self.key(row, slot: slot)),
              let kept = try? JSONDecoder().decode(KeptTokens.self, from: Data(text.utf8)) else {
            throw SecretTool.Failure.nothingKept
        }
        row.accessToken = kept.accessToken
        row.refreshToken = kept.refreshToken
        known.withLock { $0[userId] = (mark, row) }
        return row
    }

    /// The user's tokens when they can be had without asking the keyring: from the file, or as this run last read or
    /// kept them while the row still has the same mark. Nil otherwise. Nothing runs: what must not wait on a keyring
    /// (a quiz-end ad, whose fetch is bounded) reads them here.
    func peek(userId: String) -> RemoteTokens? {
        if let held = inMemory.withLock({ $0[userId] }) { return held }
        guard let row = (try? repository.remoteTokens(userId: userId)) ?? nil else { return nil }
        if Self.isInMemory(row) { return nil }
        guard Self.slot(of: row) != nil else { return row }
        guard let cached = known.withLock({ $0[userId] }), cached.mark == row.accessToken else { return nil }
        return cached.tokens
    }

    /// Keeps `tokens` for the user (nil forgets them, in the keyring too): in the keyring when it takes them, else in
    /// the file; in memory only when `inMemory` says so, or (nil) when the sign-in's tokens are in memory already (a
    /// refresh of a sign-in this computer does not keep).
    func save(_ tokens: RemoteTokens?, userId: String, inMemory memoryOnly: Bool? = nil) throws {
        heldCookies.withLock { $0[userId] = nil }
        try write(tokens, userId: userId, inMemory: memoryOnly)
    }

    /// Keeps the tokens a refresh gave for `old`, where `old` was: in this shell's memory when `old` is the sign-in
    /// this shell holds there (decided from what this shell holds, not from the file's row as it is now, which another
    /// shell signing in to the same account may have replaced meanwhile: that row is then left alone), else where
    /// tokens are kept.
    func save(_ renewed: RemoteTokens, userId: String, replacing old: RemoteTokens) throws {
        let heldOld = inMemory.withLock { held -> Bool in
            guard held[userId]?.refreshToken == old.refreshToken else { return false }
            held[userId] = renewed
            return true
        }
        if heldOld { return }
        try write(renewed, userId: userId, inMemory: false)
    }

    /// Whether the keyring's item of the row replaced could not be cleared.
    @discardableResult
    private func write(_ tokens: RemoteTokens?, userId: String, inMemory memoryOnly: Bool?) throws -> Bool {
        let before = (try? repository.remoteTokens(userId: userId)) ?? nil
        let beforeSlot = before.flatMap(Self.slot)
        // This database's item keeps its slot while the sign-in lasts; a first keyring save makes one.
        let slot = beforeSlot.flatMap { $0.isEmpty ? nil : $0 } ?? UUID().uuidString
        let toMemory = memoryOnly ?? (before.map(Self.isInMemory) == true && inMemory.withLock { $0[userId] } != nil)
        var kept = tokens
        if let tokens, toMemory {
            // The row says who is signed in where, and that the tokens are in a shell's memory: never a token.
            kept?.accessToken = Self.memoryMark
            kept?.refreshToken = ""
        } else if let tokens, storeInKeyring(tokens, slot: slot) {
            // The row's tokens are empty but for the slot and a mark that changes with each save: no secret, it
            // tells a shell that the keyring's tokens are no longer the ones it read.
            kept?.accessToken = "keyring \(slot) \(UUID().uuidString)"
            kept?.refreshToken = ""
        }
        try repository.saveRemoteTokens(kept, userId: userId)
        inMemory.withLock { $0[userId] = toMemory ? tokens : nil }
        known.withLock { known in
            if let kept, let tokens, kept.refreshToken.isEmpty, !toMemory { known[userId] = (kept.accessToken, tokens) }
            else { known[userId] = nil }
        }
        // The keyring's item for a sign-in that ended, moved to another server or to the file goes with it.
        if let before, let beforeSlot {
            let replaced = !toMemory && kept?.refreshToken.isEmpty == true
                && kept.map { Self.key($0, slot: slot) } == Self.key(before, slot: beforeSlot)
            if !replaced, let keyring {
                do { try keyring.clear(Self.key(before, slot: beforeSlot)) } catch { return true }
            }
        }
        return false
    }

    /// Holds a new sign-in's tokens, and the device cookie its server gave (if any, under its sync-state key), in
    /// memory only while the person is asked whether this computer keeps it: nothing of it is written yet, so a shell
    /// killed while it asks leaves nothing on disk. `keep` writes them; `keepInMemoryOnly` writes the row that says
    /// they are in this shell's memory.
    func hold(_ tokens: RemoteTokens, userId: String) {
        inMemory.withLock { $0[userId] = tokens }
        known.withLock { $0[userId] = nil }
        heldCookies.withLock { $0[userId] = nil }
    }

    /// The device cookie a server gave with the sign-in `hold` holds, under its sync-state key: written by `keep`.
    func holdDeviceCookie(_ value: String, key: String, userId: String) {
        heldCookies.withLock { $0[userId] = (key, value) }
    }

    /// Writes the user's tokens this run holds in memory where they are kept (the keyring, else the file), and the
    /// device cookie held with them: the sign-in is to be remembered. Nothing when none are held.
    func keep(userId: String) throws {
        let cookie = heldCookies.withLock { $0.removeValue(forKey: userId) }
        guard let tokens = inMemory.withLock({ $0[userId] }) else { return }
        try save(tokens, userId: userId, inMemory: false)
        if let cookie { try? repository.setSyncValue(cookie.value, for: cookie.key) }
    }

    /// The sign-in held in memory is not to be kept: its row says so (who is signed in where, no token), and the
    /// device cookie held with it is dropped, never written. Nothing when none are held.
    /// Whether the keyring's item of an earlier, remembered sign-in could not be cleared (the keyring is locked, or
    /// does not answer here): it is left behind, and the person is to be told.
    @discardableResult
    func keepInMemoryOnly(userId: String) throws -> Bool {
        heldCookies.withLock { $0[userId] = nil }
        guard let tokens = inMemory.withLock({ $0[userId] }) else { return false }
        return try write(tokens, userId: userId, inMemory: true)
    }

    /// Forgets every sign-in this run kept in memory only: their rows go from the file (unless another sign-in has
    /// replaced them since), and their tokens are handed back with their users, for the server to be told they are
    /// finished.
    func forgetKeptInMemory() -> [(userId: String, tokens: RemoteTokens)] {
        heldCookies.withLock { $0 = [:] }
        let held = inMemory.withLock { held in
            defer { held = [:] }
            return held
        }
        for userId in held.keys { forgetLeftInMemory(userId: userId) }
        return held.map { (userId: $0.key, tokens: $0.value) }
    }

    /// Removes the user's row when it is that of a sign-in kept in a shell's memory (one left behind by a shell that
    /// was killed): it holds no token, but says that someone is signed in, and where. The server it named, if any.
    @discardableResult
    func forgetLeftInMemory(userId: String) -> String? {
        guard let row = (try? repository.remoteTokens(userId: userId)) ?? nil, Self.isInMemory(row) else { return nil }
        try? repository.saveRemoteTokens(nil, userId: userId)
        return row.server
    }

    /// Where the user's tokens are kept now; nil when they are signed in on no server.
    func holder(userId: String) -> TokenHolder? {
        guard let row = (try? repository.remoteTokens(userId: userId)) ?? nil else { return nil }
        if Self.isInMemory(row) { return .memory }
        return row.refreshToken.isEmpty ? .keyring : .databaseFile
    }

    private func storeInKeyring(_ tokens: RemoteTokens, slot: String) -> Bool {
        guard let keyring, keyringRefused.withLock({ $0 }) != true else { return false }
        let kept = KeptTokens(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken)
        guard let data = try? JSONEncoder().encode(kept) else { return false }
        do {
            try keyring.store(String(decoding: data, as: UTF8.self), for: Self.key(tokens, slot: slot))
            keyringRefused.withLock { $0 = false }
            return true
        } catch {
            keyringRefused.withLock { $0 = true }
            return false
        }
    }
}
