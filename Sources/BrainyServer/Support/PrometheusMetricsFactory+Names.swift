import Prometheus

extension PrometheusMetricsFactory {
    /// A factory onto `registry` that makes the names swift-metrics' users give (Hummingbird's `hb.requests`,
    /// `http.server.request.duration`, labels such as `http.route`) names Prometheus accepts: dots become
    /// underscores. The executable bootstraps `MetricsSystem` with it; library code never does.
    public static func brainyServer(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { name, labels in
            (prometheusName(name), labels.map { (prometheusName($0.0), $0.1) })
        }
        return factory
    }

    /// `name` with every character Prometheus does not allow in a name (`[a-zA-Z0-9_:]`) made an underscore.
    static func prometheusName(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == ":"
                || scalar == "_") ? Character(scalar) : "_"
        })
    }
}
