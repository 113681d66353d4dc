import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// An instance serving a loopback port from a task of its own, which `kill()` cancels: its service group stops
/// without the graceful shutdown that lets requests in flight finish, and its connection pool goes with it, as when
/// a process is killed mid-request.
final class KillableInstance: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    /// Starts `app` and returns once it listens.
    static func start(_ app: some ApplicationProtocol) async throws -> KillableInstance {
        let (ports, reporter) = AsyncStream.makeStream(of: Int.self)
        let reporting = PortReportingApplication(base: app, reporter: reporter)
        let task = Task {
            let group = ServiceGroup(configuration: .init(services: [reporting], logger: reporting.logger))
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            task.cancel()
            throw CancellationError()
        }
        return KillableInstance(port: port, task: task)
    }

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Stops the instance hard: it answers nothing more, and stops as soon as what it awaits lets it.
    func kill() {
        task.cancel()
    }

    /// Whether it has stopped within `limit` (a handler awaiting a database that does not answer holds it up).
    func stopped(within limit: Duration) async -> Bool {
        await TaskDeadline.result(of: task, within: limit) != nil
    }

    deinit { task.cancel() }
}

/// `base`, reporting the port it listens on once it does.
private struct PortReportingApplication<Base: ApplicationProtocol>: ApplicationProtocol, Service {
    typealias Responder = Base.Responder

    let base: Base
    let reporter: AsyncStream<Int>.Continuation

    var responder: Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        reporter.yield(channel.localAddress?.port ?? 0)
        reporter.finish()
    }
}
