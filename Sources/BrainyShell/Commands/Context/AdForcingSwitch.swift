/// What QA's `ads` switches: which case every ad takes (`ok`, `none`, `fail`, `slow`; nil: as the config says) and
/// how long the made-up rewarded ad runs. `AdSession` holds them.
protocol AdForcingSwitch: AnyObject {
    /// Ads show on a terminal, and elsewhere only with `--ads on`.
    var isEnabled: Bool { get }
    var forcing: AdForcing? { get set }
    var forcedSeconds: Int { get set }
}

extension AdSession: AdForcingSwitch {}
