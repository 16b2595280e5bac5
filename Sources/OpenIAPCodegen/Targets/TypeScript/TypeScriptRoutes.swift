/// The view model of `iapkit-client.ts`, the HTTP client of the spec's
/// routes: one method per route, each described to the client's runtime
/// by data (its path pieces, where its key goes, the checks of its
/// parameters), and the mapping from SDK props to a body (`PropsToWire`).
/// The runtime itself (requests, limits, errors, the ETag cache) is
/// template text, the same for every route.

import OpenIAPSpec
import OpenIAPTemplates

struct TypeScriptRoutes {
    static let fileName = "iapkit-client.ts"

    let spec: Spec
    let shapes: TypeScriptShapes

    func context(header: GeneratedHeader) -> TemplateValue {
        var imports: Set<String> = ["IapkitErrorResponse"]
        var routes: [TemplateValue] = []
        for route in spec.routes {
            routes.append(routeContext(route, imports: &imports))
        }
        var mappings: [TemplateValue] = []
        for route in spec.routes {
            guard let plan = PropsToWire(route: route, spec: spec) else { continue }
            imports.insert(shapes.apiName(plan.propsType))
            imports.insert(shapes.apiName(plan.wireType))
            mappings.append(mappingContext(plan, route: route))
        }
        return [
            "header": .string(header.text),
            "imports": .list(imports.sorted().map { .string($0) }),
            "baseUrl": .string(JSONEscaping.quoted(OpenAPITarget.serverURL)),
            "routes": .list(routes),
            "mappings": .list(mappings),
        ]
    }

    private func routeContext(_ route: HTTPRoute, imports: inout Set<String>) -> TemplateValue {
        // What the caller passes: every parameter but the key, then the query.
        let inputs = RouteParameterCheck.inputs(of: route)
        var fields: [TemplateValue] = []
        var checks: [JSONValue] = []
        for field in inputs {
            let isPath = route.parameters.contains { $0.name == field.name }
            if let name = field.type.namedLeaf { imports.insert(shapes.apiName(name)) }
            fields.append([
                "name": .string(field.name),
                "optional": .bool(!field.isRequired),
                "type": .string(TypeScriptTypeMapping.type(field.type, naming: shapes.apiName)),
                "doc": .string(Self.docText(field.annotations.doc ?? field.name)),
            ])
            checks.append(Self.check(field, in: isPath ? "path" : "query", spec: spec))
        }
        let segments: [JSONValue] = route.segments.map { segment in
            switch segment {
            case let .literal(text): .string(text)
            case let .parameter(name): .object([.init("param", .string(name))])
            }
        }
        let success = route.successResponse?.body?.typeName
        if let success { imports.insert(shapes.apiName(success)) }
        if let body = route.body { imports.insert(shapes.apiName(body.typeName)) }
        let revalidates = route.revalidates
        let auth: JSONValue =
            switch route.auth {
            case .none: "none"
            case .bearer: "bearer"
            case let .pathParameter(name): .object([.init("path", .string(name))])
            }
        let descriptor = JSONValue.object([
            .init("name", .string(route.name)),
            .init("method", .string(route.method.rawValue)),
            .init("segments", .array(segments)),
            .init("auth", auth),
            .init("checks", .array(checks)),
            .init("revalidates", .bool(revalidates)),
        ])
        let result = success.map(shapes.apiName) ?? "void"
        return [
            "name": .string(route.name),
            "doc": .string(Self.docText(route.annotations.doc ?? route.name)),
            "descriptor": .string(descriptor.printed().replacingOccurrences(of: "\n", with: "\n  ")),
            "hasInput": .bool(!inputs.isEmpty),
            "inputOptional": .bool(inputs.allSatisfy { !$0.isRequired }),
            "fields": .list(fields),
            "hasBody": .bool(route.body != nil),
            "bodyType": .string(route.body.map { shapes.apiName($0.typeName) } ?? ""),
            "result": .string(revalidates ? "IapkitCached<\(result)>" : result),
            "revalidates": .bool(revalidates),
            "resultType": .string(result),
        ]
    }

    /// What the runtime checks of one parameter before sending anything.
    static func check(_ field: Field, in place: String, spec: Spec) -> JSONValue {
        let check = RouteParameterCheck(field, inPath: place == "path", spec: spec)
        var members: [JSONValue.Member] = [
            .init("name", .string(check.name)), .init("in", .string(place)), .init("required", .bool(check.isRequired)),
            .init("kind", .string(check.kind.rawValue)),
        ]
        if let values = check.values { members.append(.init("values", .array(values.map { .string($0) }))) }
        if let value = check.minLength { members.append(.init("minLength", .integer(Int64(value)))) }
        if let value = check.maxLength { members.append(.init("maxLength", .integer(Int64(value)))) }
        if let value = check.minimum { members.append(.init("minimum", JSONSchemaBuilder.number(value))) }
        if let value = check.maximum { members.append(.init("maximum", JSONSchemaBuilder.number(value))) }
        return .object(members)
    }

    private func mappingContext(_ plan: PropsToWire, route: HTTPRoute) -> TemplateValue {
        let members: [TemplateValue] = plan.members.map { member in
            let copies: [TemplateValue] = member.fields.map { copy in
                [
                    "name": .string(copy.name),
                    "key": .string(JSONEscaping.quoted(copy.name)),
                    "source": .string(copy.fromStoreProps ? "store" : "props"),
                    "mayBeMissing": .bool(copy.mayBeMissing),
                    "path": .string(JSONEscaping.quoted("\(member.tag).\(copy.name)")),
                ]
            }
            return [
                "tag": .string(member.tag),
                "tagLiteral": .string(JSONEscaping.quoted(member.tag)),
                "discriminator": .string(member.discriminator),
                "copies": .list(copies),
            ]
        }
        return [
            "function": .string("\(route.name)Body"),
            "route": .string(route.name),
            "propsType": .string(shapes.apiName(plan.propsType)),
            "wireType": .string(shapes.apiName(plan.wireType)),
            "members": .list(members),
            "memberCount": .string(String(plan.members.count)),
        ]
    }

    /// One line of a doc comment: no comment end, no line breaks.
    static func docText(_ text: String) -> String {
        text.replacingOccurrences(of: "*/", with: "*\\/").split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
