/// Renders the spec's HTTP routes as one OpenAPI 3.1 document,
/// `iapkit.openapi.json`: one operation per route, and under
/// `components/schemas` the JSON Schema of every type the routes reach,
/// built by `JSONSchemaBuilder` exactly as in the JSON Schema target (OpenAPI
/// 3.1 schemas are JSON Schema 2020-12), only with references into
/// `#/components/schemas/`.
///
/// A spec without routes gets no document.

import OpenIAPSpec
import OpenIAPTemplates

public struct OpenAPITarget: GenerationTarget {
    public let name = "openapi"
    public let outputFolder = "OpenAPI"
    public static let fileName = "iapkit.openapi.json"
    /// The hosted IAPKit service, the document's server.
    public static let serverURL = "https://kit.openiap.dev"
    static let referencePrefix: StaticString = "#/components/schemas/"
    /// Where `document.tmpl` puts the values it places: paths two spaces
    /// deep, schemas six.
    static let pathsIndent = 2
    static let schemaIndent = 6

    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        guard !spec.routes.isEmpty else { return [] }
        return [RenderJob(cost: spec.routes.count * 8) { () throws(DiagnosticError) in
            let builder = JSONSchemaBuilder(spec: spec)
            let names = Self.reachableTypes(spec)
            var json = JSONWriter(indent: Self.schemaIndent, referencePrefix: Self.referencePrefix)
            let bytes = try templates.renderFile(
                "document", Self.frame(spec, header: header, builder: builder), streaming: "definitions", count: names.count
            ) { index in
                let key = JSONSchemaTarget.quoted(names[index], with: &json)
                builder.writeSchema(of: spec[names[index]]!, to: &json)
                return JSONSchemaTarget.definition(key: key, schema: json.take())
            }
            return [GeneratedFile(path: Self.fileName, bytes: bytes)]
        }]
    }

    /// Every type a route names, and every type those reach through fields,
    /// union members and aliases, in name order.
    static func reachableTypes(_ spec: Spec) -> [String] {
        var seen: Set<String> = []
        var queue: [String] = []
        func visit(_ name: String?) {
            guard let name, spec[name] != nil, seen.insert(name).inserted else { return }
            queue.append(name)
        }
        for route in spec.routes {
            visit(route.body?.typeName)
            for response in route.responses { visit(response.body?.typeName) }
            for field in route.parameters + route.query { visit(field.type.namedLeaf) }
        }
        while let name = queue.popLast() {
            switch spec[name] {
            case let .record(record)?: for field in record.fields { visit(field.type.namedLeaf) }
            case let .union(union)?: for member in union.members { visit(member.typeName) }
            case let .alias(alias)?: visit(alias.target)
            default: break
            }
        }
        return seen.sorted()
    }

    /// The document's context without its `definitions`, every value
    /// already JSON text.
    static func frame(_ spec: Spec, header: GeneratedHeader, builder: JSONSchemaBuilder) -> TemplateObject {
        var info = JSONWriter(indent: 2)
        info.object { json in
            json.member("title", "IAPKit")
            json.member("version", spec.version)
            json.member(
                "description",
                "The app-facing HTTP routes of IAPKit, OpenIAP's purchase-verification service, from the OpenIAP spec \(spec.version). "
                    + "Every error answer with a JSON body is an IapkitErrorResponse; other error bodies (a proxy's page, an unknown route's text) are not part of the contract.")
        }
        var servers = JSONWriter(indent: 2)
        servers.array { json in
            json.object { $0.member("url", serverURL) }
        }
        var schemes = JSONWriter(indent: 4)
        schemes.object { json in
            json.key("bearerApiKey")
            json.object { json in
                json.member("type", constant: "http")
                json.member("scheme", constant: "bearer")
                json.member("description", "The project's IAPKit API key as a bearer token: Authorization: Bearer <key>.")
            }
        }
        return [
            "comment": .string(JSONEscaping.quoted(header.text)),
            "info": .string(info.take()),
            "servers": .string(servers.take()),
            "paths": .string(paths(spec, builder: builder)),
            "securitySchemes": .string(schemes.take()),
        ]
    }

    /// `paths`: routes with the same path template share one path item.
    static func paths(_ spec: Spec, builder: JSONSchemaBuilder) -> String {
        var order: [String] = []
        var byPath: [String: [HTTPRoute]] = [:]
        for route in spec.routes {
            if byPath[route.path] == nil { order.append(route.path) }
            byPath[route.path, default: []].append(route)
        }
        var json = JSONWriter(indent: pathsIndent, referencePrefix: referencePrefix)
        json.object { json in
            for path in order {
                json.key(quoting: path)
                json.object { json in
                    for route in byPath[path]! {
                        json.key(quoting: route.method.rawValue.lowercased())
                        writeOperation(route, builder: builder, to: &json)
                    }
                }
            }
        }
        return json.take()
    }

    private static func writeOperation(_ route: HTTPRoute, builder: JSONSchemaBuilder, to json: inout JSONWriter) {
        json.object { json in
            json.member("operationId", route.name)
            if let doc = route.annotations.doc { json.member("summary", doc) }
            var notes: [String] = []
            if let upstream = route.annotations.upstream { notes.append("Source: \(upstream)") }
            if case let .pathParameter(name) = route.auth {
                notes.append("The API key travels in the path (\(name)): publishable keys only; a secret key there is refused and must be rotated.")
                // OpenAPI's security schemes cannot name a path parameter, so
                // an extension says which one holds the key.
                json.member("x-api-key-parameter", name)
            }
            if !notes.isEmpty { json.member("description", notes.joined(separator: " ")) }
            if route.annotations.deprecated != nil { json.member("deprecated", true) }
            json.key("security")
            json.array { json in
                if route.auth == .bearer { json.object { $0.key("bearerApiKey"); $0.array { _ in } } }
            }
            if !route.parameters.isEmpty || !route.query.isEmpty {
                json.key("parameters")
                json.array { json in
                    for field in route.parameters { writeParameter(field, in: "path", builder: builder, to: &json) }
                    for field in route.query { writeParameter(field, in: "query", builder: builder, to: &json) }
                }
            }
            if let body = route.body {
                json.key("requestBody")
                json.object { json in
                    json.member("required", true)
                    writeContent(body.typeName, to: &json)
                }
            }
            json.key("responses")
            json.object { json in
                for response in route.responses {
                    json.key(quoting: response.statusText)
                    writeResponse(response, headers: route.headers(for: response.status), builder: builder, to: &json)
                }
            }
        }
    }

    private static func writeParameter(_ field: Field, in place: StaticString, builder: JSONSchemaBuilder, to json: inout JSONWriter) {
        json.object { json in
            json.member("name", field.name)
            json.member("in", constant: place)
            json.member("required", field.isRequired)
            if let doc = field.annotations.doc { json.member("description", doc) }
            json.key("schema")
            // A parameter left out is absent, never null: its schema is the required form.
            var required = field
            required.isRequired = true
            required.annotations.doc = nil
            builder.writeFieldSchema(required, to: &json)
        }
    }

    private static func writeContent(_ typeName: String, to json: inout JSONWriter) {
        json.key("content")
        json.object { json in
            json.key("application/json")
            json.object { json in
                json.key("schema")
                json.object { $0.member("$ref", prefix: referencePrefix, quoting: typeName) }
            }
        }
    }

    private static func writeResponse(_ response: RouteResponse, headers: [ResponseHeader], builder: JSONSchemaBuilder, to json: inout JSONWriter) {
        json.object { json in
            json.member("description", response.doc ?? (response.body == nil ? "No body." : "A \(response.body!.typeName)."))
            if !headers.isEmpty {
                json.key("headers")
                json.object { json in
                    for header in headers {
                        json.key(quoting: header.name)
                        json.object { json in
                            if let doc = header.doc { json.member("description", doc) }
                            json.key("schema")
                            json.object { $0.member("type", constant: header.type == .int ? "integer" : "string") }
                        }
                    }
                }
            }
            if let body = response.body { writeContent(body.typeName, to: &json) }
        }
    }
}
