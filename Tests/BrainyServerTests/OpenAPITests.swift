import BrainyAPI
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import BrainyServer

/// The router and docs/openapi.yaml describe the same API.
@Suite struct OpenAPITests {
    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var description: String { "\(method.uppercased()) \(path)" }
    }

    /// Reads the operations and their documented statuses. Enough of YAML for this document's layout (paths at
    /// two spaces, methods at four, status codes quoted at eight); a new layout fails loudly in `documented()`.
    static func documented() throws -> [Operation: Set<Int>] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var operations: [Operation: Set<Int>] = [:]
        var inPaths = false
        var path: String?
        var current: Operation?
        for line in lines {
            if !line.hasPrefix(" "), !line.isEmpty { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
                current = nil
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"), let path {
                let method = String(line.dropFirst(4).dropLast())
                if ["get", "post", "put", "patch", "delete"].contains(method) {
                    current = Operation(method: method, path: path)
                    operations[current!] = []
                }
            } else if line.hasPrefix("        '"), !line.hasPrefix("         "), let op = current,
                      let code = Int(line.dropFirst(9).prefix(3)) {
                operations[op, default: []].insert(code)
            }
        }
        return operations
    }

    @Test func theDocumentListsOperationsWithStatuses() throws {
        let operations = try Self.documented()
        #expect(operations.count >= 10)
        for (operation, statuses) in operations {
            #expect(!statuses.isEmpty, "\(operation) documents no status")
        }
    }

    /// The client and the server read their paths from `APIRoute`; the document must say the same.
    @Test func everyAPIRouteIsDocumentedAndEveryDocumentedOperationHasOne() throws {
        let documented = Set(try Self.documented().keys)
        let declared = Set(APIRoute.all.map { Operation(method: $0.method.rawValue.lowercased(), path: $0.path) })
        #expect(declared.count == APIRoute.all.count)
        #expect(declared.subtracting(documented).isEmpty, "declared but not documented: \(declared.subtracting(documented))")
        #expect(documented.subtracting(declared).isEmpty, "documented but not declared: \(documented.subtracting(declared))")
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsRouted() async throws {
        let documented = Set(try Self.documented().keys)
        let routed = Set(try await TestServer.router().routes.map {
            Operation(method: $0.method.rawValue.lowercased(), path: $0.path.description)
        })
        #expect(routed.subtracting(documented).isEmpty, "routed but not documented: \(routed.subtracting(documented))")
        #expect(documented.subtracting(routed).isEmpty, "documented but not routed: \(documented.subtracting(routed))")
    }

    @Test func everyDocumentedOperationAnswersADocumentedStatus() async throws {
        let operations = try Self.documented()
        try await TestServer.devIdPApp().test(.router) { client in
            for (operation, statuses) in operations {
                // No body and no credentials: each operation must answer, with a status it documents.
                let response = try await client.execute(
                    uri: Self.sampleURI(operation.path), method: HTTPRequest.Method(operation.method.uppercased())!)
                #expect(response.status != .notFound, "\(operation)")
                #expect(statuses.contains(response.status.code), "\(operation) answered \(response.status.code)")
            }
        }
    }

    /// A path with its parameters filled in with values the server knows (an unknown one would only ever get 404).
    static func sampleURI(_ path: String) -> String {
        let samples = ["{provider}": "google", "{id}": "streak-en"]
        return samples.reduce(path) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }
}
