import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen

private typealias Location = OpenIAPSpec.SourceLocation

/// The `routes:` section: what the reader makes of a route (every part
/// located), and the exact, located errors for bad routes. Specs are
/// written inline after a header and a few types.
@Suite struct RouteTests {
    static let prefix = RouteSpecs.prefix

    func spec(_ text: String) throws(DiagnosticError) -> Spec {
        try RouteSpecs.spec(text)
    }

    func errors(_ text: String) -> String {
        do {
            _ = try spec(text)
            return ""
        } catch {
            return error.description
        }
    }

    /// Line `n` of the text after the prefix.
    fileprivate func at(_ line: Int, _ column: Int) -> Location {
        Location(file: "a.yaml", line: Self.prefix.count { $0 == "\n" } + line, column: column)
    }

    func line(_ n: Int) -> String { "a.yaml:\(Self.prefix.count { $0 == "\n" } + n)" }

    @Test func everyPartIsReadWithItsLocation() throws {
        let text = """
            routes:
              getThing:
                doc: Reads a thing.
                method: GET
                path: /v1/things/{key}/{id}
                auth: {pathParameter: key}
                params:
                  key: String
                  id:
                    type: String
                    maxLength: 9
                query:
                  platform: Platform?
                responses:
                  200: Answer
                  304: {type: Void, doc: Unchanged.}
                  default: Problem
                headers:
                  ETag: {type: String, statuses: [200, 304]}
                  Retry-After: Int
            \(RouteSpecs.putThing)
            """
        let spec = try spec(text)
        #expect(spec.routes.map(\.name) == ["getThing", "putThing"])
        let route = try #require(spec.route("getThing"))
        #expect(route.location == at(2, 3))
        #expect(route.annotations.doc == "Reads a thing.")
        #expect(route.method == .get)
        #expect(route.path == "/v1/things/{key}/{id}")
        #expect(route.pathLocation == at(5, 11))
        #expect(route.segments == [.literal("v1"), .literal("things"), .parameter("key"), .parameter("id")])
        #expect(route.pathShape == "/v1/things/{}/{}")
        #expect(route.auth == .pathParameter("key"))
        #expect(route.parameters.map(\.name) == ["key", "id"])
        #expect(route.parameters[1].constraints.maxLength == 9)
        #expect(route.query.map(\.name) == ["platform"])
        #expect(route.query[0].type == .named("Platform") && !route.query[0].isRequired)
        #expect(route.responses.map(\.status) == [200, 304, nil])
        #expect(route.responses.map(\.body?.typeName) == ["Answer", nil, "Problem"])
        #expect(route.responses[1].doc == "Unchanged.")
        #expect(route.responses[0].body?.location == at(15, 12))
        #expect(route.successResponse?.status == 200)
        #expect(route.headers.map(\.name) == ["ETag", "Retry-After"])
        #expect(route.headers.map(\.type) == [.string, .int])
        #expect(route.headers(for: 304).map(\.name) == ["ETag", "Retry-After"])
        #expect(route.headers(for: 500).map(\.name) == ["Retry-After"])
        let put = try #require(spec.route("putThing"))
        #expect(put.auth == .bearer && put.body?.typeName == "Ask" && put.method == .post)
    }

    @Test func unknownTypesAreLocatedWithASuggestion() {
        let text = """
            routes:
              a:
                method: POST
                path: /v1/a
                body: Asc
                responses:
                  200: Answr
                  default: Platform
            """
        #expect(
            errors(text) == """
                \(line(5)):11: error: unknown type 'Asc'; did you mean 'Ask'?
                \(line(7)):12: error: unknown type 'Answr'; did you mean 'Answer'?
                \(line(8)):16: error: response default of route 'a' is 'Platform', which is not a record or a union; a JSON body is an object
                """)
    }

    @Test func pathParametersAndTheirFieldsMustMatch() {
        let text = """
            routes:
              a:
                method: GET
                path: /v1/a/{id}/{key}
                auth: {pathParameter: apiKey}
                params:
                  id: String
                  extra: String
                  key: String?
                responses:
                  200: Answer
            """
        let messages = errors(text)
        #expect(messages.contains("\(line(2)):3: error: the API key of route 'a' is path parameter 'apiKey', which its path does not have"))
        #expect(messages.contains("\(line(8)):7: error: parameter 'extra' of route 'a' is not in its path (its parameters: {id}, {key})"))
        #expect(messages.contains("\(line(9)):7: error: path parameter 'key' of route 'a' cannot be optional: a path always has every segment"))
        #expect(messages.split(separator: "\n").count == 3, "\(messages)")
        // `key` has a field (an optional one), so only the missing field of a parameter is reported as missing.
        let missing = errors("routes:\n  a:\n    method: GET\n    path: /v1/a/{id}\n    responses:\n      200: Answer\n")
        #expect(missing == "\(line(4)):11: error: path parameter '{id}' of route 'a' has no field under 'params'; declare its type and doc there")
    }

    @Test func duplicateRoutesAreReportedWithTheFirst() {
        let one = "    method: GET\n    path: /v1/a/{id}\n    params:\n      id: String\n    responses:\n      200: Answer\n"
        let two = "    method: GET\n    path: /v1/a/{other}\n    params:\n      other: String\n    responses:\n      200: Answer\n"
        let first = "spec:\n  version: 1.0.0\nrecords:\n  Answer:\n    fields:\n      id: String\nroutes:\n  a:\n" + one
        let second = "routes:\n  a:\n" + one + "  b:\n" + two
        do {
            _ = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: first), SpecLoader.Source(path: "b.yaml", text: second)])
            Issue.record("expected errors")
        } catch {
            #expect(
                error.description == """
                    b.yaml:2:3: error: route 'a' is declared twice
                    a.yaml:8:3: note: first declared here
                    b.yaml:11:11: error: route 'b' answers the same requests as route 'a' (GET /v1/a/{other})
                    a.yaml:8:3: note: route 'a' is declared here
                    """)
        }
    }

    @Test func shapeErrorsAreLocated() {
        let text = """
            routes:
              Bad:
                method: GET
              a:
                method: FETCH
                path: v1/a
                auth: cookie
                responses:
                  600: Answer
              b:
                method: GET
                path: /v1/../b
                body: Ask
                responses:
                  200: Answer
              c:
                method: GET
                path: /v1/c
                body: Ask
                query:
                  filter: Answer
                responses:
                  404: Problem
                headers:
                  Retry-After: {type: Bool, statuses: [503]}
            """
        let messages = errors(text).split(separator: "\n").map(String.init)
        let expected = [
            "\(line(2)):3: error: route name 'Bad' must be lowerCamelCase: an ASCII lower-case letter, then letters and digits (it names a client method)",
            "\(line(5)):13: error: unknown method 'FETCH' of route 'a'; expected one of: GET, POST, PUT, PATCH, DELETE",
            "\(line(6)):11: error: the path of route 'a' must start with '/' and name at least one segment, found 'v1/a'",
            "\(line(7)):11: error: unknown auth 'cookie' of route 'a'; expected bearer, none, or a mapping with pathParameter",
            "\(line(9)):7: error: '600' of route 'a' is not an HTTP status (100 to 599) or 'default'",
            "\(line(12)):11: error: the path of route 'b' has an empty, '.' or '..' segment: '/v1/../b'",
            "\(line(19)):11: error: route 'c' is a GET and cannot take a body",
            "\(line(21)):7: error: query parameter 'filter' of route 'c' is 'Answer'; a URL carries only a scalar, an enum or a string type",
            "\(line(25)):27: error: header 'Retry-After' of route 'c' is a String or an Int, found 'Bool'",
            "\(line(16)):3: error: route 'c' has no success answer (a 2xx status) among its responses",
        ]
        for message in expected { #expect(messages.contains(message), "\(message)\n--- got:\n\(messages.joined(separator: "\n"))") }
        #expect(messages.count == expected.count, "\(messages.joined(separator: "\n"))")
    }

    @Test func theIAPKitRoutesOfTheRepositorySpecAreComplete() throws {
        let spec = try SpecLoader.load(path: "Schema")
        #expect(
            spec.routes.map { "\($0.method.rawValue) \($0.path)" } == [
                "POST /v1/purchase/verify",
                "GET /v1/subscriptions/status/{apiKey}",
                "GET /v1/subscriptions/entitlements/{apiKey}",
                "POST /v1/subscriptions/bind-user/{apiKey}",
                "GET /v1/products/{apiKey}",
                "GET /v1/products/{apiKey}/{productId}/client-payload",
            ])
        let payload = try #require(spec.route("productClientPayload"))
        #expect(payload.responses.contains { $0.status == 304 && $0.body == nil })
        #expect(payload.headers(for: 304).map(\.name).contains("ETag"))
        #expect(spec.route("verifyPurchase")?.auth == .bearer)
        #expect(spec.route("verifyPurchase")?.body?.typeName == "IapkitVerifyPurchaseRequest")
    }
}

extension RouteTests {
    /// `bodyFrom` needs props with a record field per member it maps; a
    /// member without one (a store the wire knows before the props do) is
    /// left out of the mapping, not an error.
    @Test func bodyFromMapsTheMembersThePropsHave() throws {
        let base = """
            spec:
              version: 1.0.0
            records:
              Answer:
                fields:
                  id: String
            unions:
              Body:
                discriminator: kind
                unknown: fail
                members:
                  one: One
                  two: Two
            inputs:
              One:
                fields:
                  kind: String
                  id: String
              Two:
                fields:
                  kind: String
                  id: String
              OneProps:
                fields:
                  id: String

            """
        let route = "routes:\n  send:\n    method: POST\n    path: /v1/send\n    body: Body\n    bodyFrom: Props\n    responses:\n      200: Answer\n"
        func load(_ text: String) throws(DiagnosticError) -> Spec {
            try SpecLoader.build(from: [SpecLoader.Source(path: "b.yaml", text: text)])
        }
        let partial = try load(base.replacingOccurrences(of: "  OneProps:", with: "  Props:\n    fields:\n      one: OneProps\n  OneProps:") + route)
        let send = try #require(partial.route("send"))
        let plan = try #require(PropsToWire(route: send, spec: partial))
        #expect(plan.members.map(\.tag) == ["one"])
        #expect(plan.members[0].fields.map(\.name) == ["id"])
        var none = ""
        do {
            _ = try load(base.replacingOccurrences(of: "  OneProps:", with: "  Props:\n    fields:\n      other: OneProps\n  OneProps:") + route)
        } catch {
            none = error.description
        }
        #expect(none.hasSuffix("error: 'bodyFrom' of route 'send': 'Props' has no record field named as a member of 'Body' (one, two)"), "\(none)")
    }
}
