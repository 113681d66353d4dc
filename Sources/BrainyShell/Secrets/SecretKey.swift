/// Which sign-in a secret belongs to: a server, the account on it, and the database file that signed in (its slot).
/// In the Secret Service these are the item's attributes (`service=brainy-slot server=… account=… slot=…`), as `gh`
/// keeps its token under its host and user. The slot is what keeps two database files of one person apart (`--db`
/// profiles, another HOME): each has its own item, and a sign-out in one leaves the other's.
struct SecretKey: Equatable, Hashable, Sendable {
    let server: String
    let account: String
    /// A random id the database's row keeps from its first keyring save; empty for a row kept before slots were.
    var slot = ""

    /// The `service` of an item kept before slots were (`service=brainy server=… account=…`).
    static let legacyService = "brainy"
    /// The `service` of an item with a slot. It differs from the legacy one because the Secret Service matches every
    /// item holding all the attributes asked, more or not: a legacy item's lookup or clear under `service=brainy`
    /// would otherwise reach every database file's item for the account, and the clear that follows a legacy row's
    /// first new save would delete the item just stored and the other profiles' with it.
    static let slottedService = "brainy-slot"

    var attributes: [String] {
        slot.isEmpty
            ? ["service", Self.legacyService, "server", server, "account", account]
            : ["service", Self.slottedService, "server", server, "account", account, "slot", slot]
    }
}
