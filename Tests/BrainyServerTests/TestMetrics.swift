import CoreMetrics
import Prometheus
@testable import BrainyServer

/// The test process's one swift-metrics backend, bootstrapped as the executable does, on first use: a registry that
/// a test server given it shows at /metrics. Every test server counts into it.
enum TestMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory.brainyServer(registry: registry))
        return registry
    }()
}
