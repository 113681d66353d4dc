/// QA's `ads ok|none|fail|slow`: every ad the shell asks for in this run comes out as said, cache and caps aside.
enum AdForcing: String, CaseIterable, Sendable {
    /// A made-up house ad, every time.
    case ok
    /// The server has none to serve.
    case noAd = "none"
    /// The fetch fails at once (a server error).
    case fail
    /// The fetch takes longer than the config's bound (`fetchTimeoutMs`): the shell goes on without it.
    case slow
    /// Back to the cache and the server.
    case off

    init?(parsing word: String) { self.init(rawValue: word.lowercased()) }
}
