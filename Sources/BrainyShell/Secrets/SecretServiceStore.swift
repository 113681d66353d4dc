import Foundation

/// The Secret Service through `secret-tool`: `store` reads the secret from its standard input, `lookup` prints it,
/// `clear` removes it. Any refusal (no session bus, no keyring, a locked one) is a `SecretTool.Failure`.
struct SecretServiceStore: SecretStore {
    let tool: SecretTool

    /// The label a keyring manager (Seahorse, KWalletManager) shows for the item.
    static func label(_ key: SecretKey) -> String { "Brainy sign-in (\(key.account) on \(key.server))" }

    func store(_ secret: String, for key: SecretKey) throws(SecretTool.Failure) {
        let run = try tool.run(["store", "--label=\(Self.label(key))"] + key.attributes, input: secret)
        guard run.status == 0 else { throw .refused(status: run.status, complaint: run.complaint) }
    }

    func lookup(_ key: SecretKey) throws(SecretTool.Failure) -> String? {
        let run = try tool.run(["lookup"] + key.attributes)
        if run.status == 0 { return run.output }
        // Nothing kept for the key: status 1 and not a word, unless the item is there behind a lock. Anything said
        // is the service failing.
        if run.status == 1, run.complaint.isEmpty {
            if try isLockedAway(key) { throw .locked }
            return nil
        }
        throw .refused(status: run.status, complaint: run.complaint)
    }

    func clear(_ key: SecretKey) throws(SecretTool.Failure) {
        let run = try tool.run(["clear"] + key.attributes)
        if run.status == 0 { return }
        if run.status == 1, run.complaint.isEmpty {
            if try isLockedAway(key) { throw .locked }
            return
        }
        throw .refused(status: run.status, complaint: run.complaint)
    }

    /// Whether an item for `key` is still there after `lookup` or `clear` ended as if there were none: a locked
    /// collection whose unlock prompt was dismissed (or could not be shown) makes both end with status 1 and not a
    /// word, as nothing kept does. `search` without `--unlock` asks for no unlocking and lists a locked item's
    /// attributes, so it tells the two apart; it runs only on that rare path.
    private func isLockedAway(_ key: SecretKey) throws(SecretTool.Failure) -> Bool {
        let run = try tool.run(["search", "--all"] + key.attributes)
        return run.status == 0 && !run.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
