import BrainyAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Prometheus
import Testing
@testable import BrainyServer

/// `/health` and `/metrics`, what a load balancer and a Prometheus read.
@Suite struct OperationsTests {
    @Test(arguments: StorageBackend.allCases)
    func healthIsOkWhileTheDatabaseAnswers(_ backend: StorageBackend) async throws {
        try await TestServer.app(backend: backend).test(.router) { client in
            let health = try await client.get("/health")
            #expect(health.status == .ok)
            #expect(health.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(try health.decode(HealthController.Health.self) == .init(status: "ok", database: "ok"))
        }
    }

    @Test func healthIs503OnceThePostgreSQLDatabaseIsGone() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        let app = try await TestServer.app { arguments, environment in
            arguments.postgres = url
            // Generous: the first probe opens the pool's first connection, which a busy machine (the whole suite at
            // once) has been seen to take more than 2 s over. A dropped database fails its probe at once.
            environment.healthTimeout = .seconds(30)
        }
        try await app.test(.router) { client in
            #expect(try await client.get("/health").status == .ok)
            var server = url
            server.database = "postgres"
            try await TestPostgres.withConnection(to: server) { connection in
                try await connection.run("DROP DATABASE \(unescaped: url.database) WITH (FORCE)",
                                         logger: TestPostgres.logger)
            }
            let health = try await client.get("/health")
            #expect(health.status == .serviceUnavailable)
            #expect(try health.decode(HealthController.Health.self)
                    == .init(status: "unavailable", database: "unreachable"))
        }
    }

    @Test func metricsCountAndTimeRequestsPerRouteAndStatus() async throws {
        let app = try await TestServer.app { _, environment in environment.metrics = TestMetrics.registry }
        try await app.test(.router) { client in
            #expect(try await client.get("/v1/config").status == .ok)
            #expect(try await client.get("/v1/results/summary").status == .unauthorized)
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let lines = metrics.text.split(separator: "\n")
            func counted(_ route: String, _ status: Int) -> Bool {
                lines.contains { line in
                    line.hasPrefix("hb_requests{") && line.contains(#"http_route="\#(route)""#)
                        && line.contains(#"http_request_method="GET""#)
                        && line.contains(#"http_response_status_code="\#(status)""#)
                }
            }
            #expect(counted("/v1/config", 200))
            #expect(counted("/v1/results/summary", 401))
            #expect(lines.contains { $0.hasPrefix("http_server_request_duration_bucket{")
                && $0.contains(#"http_route="/v1/config""#) })
        }
    }

    @Test func prometheusNamesHaveNoDots() {
        #expect(PrometheusMetricsFactory.prometheusName("http.server.request.duration")
                == "http_server_request_duration")
        #expect(PrometheusMetricsFactory.prometheusName("hb_requests:total2") == "hb_requests:total2")
        #expect(PrometheusMetricsFactory.prometheusName("é-x") == "__x")
    }
}
