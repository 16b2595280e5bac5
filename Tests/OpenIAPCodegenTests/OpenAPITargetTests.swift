import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen

/// The OpenAPI target: one operation per route, the schemas the routes
/// reach (and no others) under components, and no document without routes.
@Suite struct OpenAPITargetTests {
    func render(_ text: String) throws -> [String: Any] {
        let files = try RouteSpecs.render(OpenAPITarget(), folder: "openapi", text)
        try #require(files.map(\.path) == [OpenAPITarget.fileName])
        let object = try JSONSerialization.jsonObject(with: Data(files[0].contents.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func routesBecomeOperationsOverTheirReachableSchemas() throws {
        let document = try render(
            """
            routes:
              getThing:
                doc: Reads a thing.
                method: GET
                path: /v1/things/{key}
                auth: {pathParameter: key}
                params:
                  key: String
                query:
                  platform: Platform?
                responses:
                  200: Answer
                  304: {type: Void, doc: Unchanged.}
                headers:
                  ETag: {type: String, statuses: [200, 304]}
            \(RouteSpecs.putThing)
            """)
        #expect(document["openapi"] as? String == "3.1.0")
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        #expect(schemas.keys.sorted() == ["Answer", "Ask", "Platform", "Problem"])
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(paths.keys.sorted() == ["/v1/things", "/v1/things/{key}"])
        let get = try #require((paths["/v1/things/{key}"] as? [String: Any])?["get"] as? [String: Any])
        #expect(get["operationId"] as? String == "getThing")
        #expect(get["x-api-key-parameter"] as? String == "key")
        #expect((get["security"] as? [Any])?.isEmpty == true)
        let parameters = try #require(get["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["in"] as? String } == ["path", "query"])
        #expect(parameters.map { $0["required"] as? Bool } == [true, false])
        let responses = try #require(get["responses"] as? [String: Any])
        let unchanged = try #require(responses["304"] as? [String: Any])
        #expect(unchanged["content"] == nil)
        #expect((unchanged["headers"] as? [String: Any])?.keys.sorted() == ["ETag"])
        let post = try #require((paths["/v1/things"] as? [String: Any])?["post"] as? [String: Any])
        #expect((post["security"] as? [[String: Any]])?.first?.keys.sorted() == ["bearerApiKey"])
        let body = try #require(post["requestBody"] as? [String: Any])
        let ref = ((body["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
        #expect(ref?["$ref"] as? String == "#/components/schemas/Ask")
    }

    @Test func aSpecWithoutRoutesHasNoDocument() throws {
        #expect(try RouteSpecs.render(OpenAPITarget(), folder: "openapi", "").isEmpty)
    }
}
