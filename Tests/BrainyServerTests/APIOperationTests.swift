import BrainyAPI
import Foundation
import Testing

/// Each typed operation (`API.all`) is what docs/openapi.yaml documents: its method and path, whether it takes a
/// request body, whether it asks for the bearer token, and the schema of its answer.
@Suite struct APIOperationTests {
    struct Documented {
        var takesBody = false
        var needsBearer = false
        /// The schema its success (200 or 201) answers with, when the document names one.
        var responseSchema: String?
    }

    /// The document's operations by "METHOD path", with what this test compares. The layout is the one
    /// `OpenAPITests.documented()` reads (paths at two spaces, methods at four, their keys at six).
    static func documented() throws -> [String: Documented] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var operations: [String: Documented] = [:]
        var inPaths = false
        var path: String?
        var current: String?
        var previous = ""
        var status: Int?
        for line in lines {
            defer { previous = String(line) }
            if !line.hasPrefix(" "), !line.isEmpty { inPaths = line == "paths:" }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
                current = nil
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"), let path {
                let method = String(line.dropFirst(4).dropLast())
                current = ["get", "post", "put", "patch", "delete"].contains(method) ? "\(method.uppercased()) \(path)" : nil
                if let current { operations[current] = Documented() }
                status = nil
            } else if let current {
                if line == "      requestBody:" { operations[current]?.takesBody = true }
                if line == "        - bearer: []", previous == "      security:" { operations[current]?.needsBearer = true }
                if line.hasPrefix("        '"), !line.hasPrefix("         ") { status = Int(line.dropFirst(9).prefix(3)) }
                if status == 200 || status == 201, line.hasPrefix("              schema: { $ref: '#/components/schemas/"),
                   operations[current]?.responseSchema == nil {
                    operations[current]?.responseSchema = String(line.split(separator: "/").last?.prefix { $0 != "'" } ?? "")
                }
            }
        }
        return operations
    }

    @Test func everyOperationIsDocumentedWithItsMethodAndPath() throws {
        let documented = try Self.documented()
        #expect(documented.count >= 10)
        for operation in API.all {
            #expect(documented[operation.route.description] != nil, "\(operation.route) is not in docs/openapi.yaml")
        }
    }

    @Test func everyOperationIsARoute() {
        let routes = Set(APIRoute.all)
        #expect(Set(API.all.map(\.route)).count == API.all.count, "an operation is declared twice")
        for operation in API.all {
            #expect(routes.contains(operation.route), "\(operation.route) is missing from APIRoute.all")
        }
    }

    @Test func bodiesTokensAndAnswersAreAsDocumented() throws {
        let documented = try Self.documented()
        for operation in API.all {
            guard let doc = documented[operation.route.description] else { continue }
            #expect(doc.takesBody == (operation.requestTypeName != "Empty"),
                    "\(operation.route): the document says body \(doc.takesBody), the operation sends \(operation.requestTypeName)")
            if let schema = doc.responseSchema {
                // The document drops the Swift type's "Response" (AdsResponse is `Ads`).
                let name = operation.responseTypeName
                #expect(schema == name || schema + "Response" == name,
                        "\(operation.route): the document answers \(schema), the operation \(name)")
            }
            #expect(doc.needsBearer == operation.needsAccessToken,
                    "\(operation.route): the document says bearer \(doc.needsBearer), the operation \(operation.needsAccessToken)")
        }
    }
}
