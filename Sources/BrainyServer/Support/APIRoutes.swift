import BrainyAPI
import Hummingbird

extension RouterMethods {
    /// Registers `handler` for one of brainy-server's operations, at the path and method `APIRoute` gives it (under
    /// the group the controller is added at).
    @discardableResult
    func on(_ route: APIRoute,
            use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(route.subpath), method: route.method == .get ? .get : .post, use: handler)
    }
}

extension Router {
    /// Adds a controller's routes under an `APIRoute` group.
    func addRoutes(_ routes: RouteCollection<Context>, at group: APIRoute.Group) {
        addRoutes(routes, atPath: RouterPath(group.rawValue))
    }
}
