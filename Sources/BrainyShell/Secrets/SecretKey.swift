/// Which sign-in a secret belongs to: a server, the account on it, and the database file that signed in (its slot).
/// In the Secret Service these are the item's attributes (`service=brainy server=… account=… slot=…`), as `gh` keeps
/// its token under its host and user. The slot is what keeps two database files of one person apart (`--db`
/// profiles, another HOME): each has its own item, and a sign-out in one leaves the other's.
struct SecretKey: Equatable, Hashable, Sendable {
    let server: String
    let account: String
    /// A random id the database's row keeps from its first keyring save; empty for a row kept before slots were.
    var slot = ""

    var attributes: [String] {
        ["service", "brainy", "server", server, "account", account] + (slot.isEmpty ? [] : ["slot", slot])
    }
}
