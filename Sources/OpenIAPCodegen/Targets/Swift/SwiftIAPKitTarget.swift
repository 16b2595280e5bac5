import OpenIAPSpec
import OpenIAPTemplates

/// Renders `Generated/SwiftIAPKit`, the library `OpenIAPKitClient`: the
/// HTTP client of the spec's routes (`IapkitClient.swift`) over
/// `URLSession`, with the mapping from SDK props to the verify body
/// (`PropsToWire`). A library of its own, so that `OpenIAPTypes` stays
/// free of networking and an app that never calls IAPKit directly links
/// none of it. A spec without routes gets no file. It renders the `swift`
/// templates (`iapkit.tmpl`).
public struct SwiftIAPKitTarget: GenerationTarget {
    public let name = "swift-iapkit"
    public let templateFolder = "swift"
    public let outputFolder = "SwiftIAPKit"

    public init() {}

    public static let fileName = "IapkitClient.swift"

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        [
            RenderJob(cost: 1) { () throws(DiagnosticError) in
                guard !spec.routes.isEmpty else { return [] }
                let model = SwiftIAPKitModel(spec: spec)
                return [GeneratedFile(path: Self.fileName, contents: try templates.render("iapkit", model.context(header: "// " + header.text)))]
            }
        ]
    }
}

/// The view model of `IapkitClient.swift`: per route, the method's
/// signature, the parameters it hands to the runtime and the route's
/// description (path pieces, where the key goes, the parameter checks);
/// per `bodyFrom`, the props-to-body function. The runtime is template text.
struct SwiftIAPKitModel {
    let spec: Spec

    func context(header: String) -> TemplateValue {
        [
            "header": .string(header),
            "baseUrl": .string(SwiftEscaping.stringLiteral(OpenAPITarget.serverURL)),
            "routes": .list(spec.routes.map(routeContext)),
            "mappings": .list(spec.routes.compactMap { route in PropsToWire(route: route, spec: spec).map { mappingContext($0, route: route) } }),
        ]
    }

    private func routeContext(_ route: HTTPRoute) -> TemplateValue {
        let inputs = RouteParameterCheck.inputs(of: route)
        var parameters: [String] = []
        if let body = route.body { parameters.append("_ body: \(body.typeName)") }
        var arguments: [String] = []
        for field in inputs {
            let name = SwiftNames.name(field.name, in: .property)
            let type = SwiftTypeMapping.swiftType(of: field)
            parameters.append("\(name): \(type)" + (field.isRequired ? "" : " = nil"))
            let value = field.isRequired ? parameterValue(field, of: name) : "\(name).map { \(parameterValue(field, of: "$0")) }"
            arguments.append("\(SwiftEscaping.stringLiteral(field.name)): \(value)")
        }
        let checks = inputs.map { field in
            checkLiteral(RouteParameterCheck(field, inPath: route.parameters.contains { $0.name == field.name }, spec: spec))
        }
        let segments = route.segments.map { segment in
            switch segment {
            case let .literal(text): ".literal(\(SwiftEscaping.stringLiteral(text)))"
            case let .parameter(name): ".parameter(\(SwiftEscaping.stringLiteral(name)))"
            }
        }
        let auth =
            switch route.auth {
            case .none: ".none"
            case .bearer: ".bearer"
            case let .pathParameter(name): ".pathParameter(\(SwiftEscaping.stringLiteral(name)))"
            }
        // A route whose success has no body answers nothing.
        let resultType = route.successResponse?.body?.typeName ?? "Void"
        let hasResult = route.successResponse?.body != nil
        return [
            "name": .string(route.name),
            "nameLiteral": .string(SwiftEscaping.stringLiteral(route.name)),
            "method": .string(SwiftEscaping.stringLiteral(route.method.rawValue)),
            "doc": .string(TypeScriptRoutes.docText(route.annotations.doc ?? route.name)),
            "signature": .string(parameters.joined(separator: ", ")),
            "arguments": .string(arguments.isEmpty ? "[:]" : "[" + arguments.joined(separator: ", ") + "]"),
            "hasBody": .bool(route.body != nil),
            "segments": .string("[" + segments.joined(separator: ", ") + "]"),
            "auth": .string(auth),
            "checks": .list(checks.map { .string($0) }),
            "revalidates": .bool(route.revalidates),
            "resultType": .string(resultType),
            "result": .string(route.revalidates && hasResult ? "IapkitCached<\(resultType)>" : resultType),
            "hasResult": .bool(hasResult),
            "cached": .bool(route.revalidates && hasResult),
        ]
    }

    /// The runtime's value of a parameter `name` of `field`'s type.
    private func parameterValue(_ field: Field, of name: String) -> String {
        switch RouteParameterCheck(field, inPath: false, spec: spec).kind {
        case .boolean: return ".flag(\(name))"
        case .number:
            if case .scalar(.int) = field.type { return ".integer(\(name))" }
            return ".decimal(\(name))"
        case .string:
            if case let .named(typeName) = field.type, case .enumeration? = spec[typeName] { return ".text(\(name).rawValue)" }
            return ".text(\(name))"
        }
    }

    private func checkLiteral(_ check: RouteParameterCheck) -> String {
        var parts = [
            "name: \(SwiftEscaping.stringLiteral(check.name))", "place: \(check.inPath ? ".path" : ".query")",
            "required: \(check.isRequired)", "kind: .\(check.kind.rawValue)",
        ]
        if let values = check.values { parts.append("values: [" + values.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "]") }
        if let value = check.minLength { parts.append("minLength: \(value)") }
        if let value = check.maxLength { parts.append("maxLength: \(value)") }
        if let value = check.minimum { parts.append("minimum: \(RouteParameterCheck.numberText(value))") }
        if let value = check.maximum { parts.append("maximum: \(RouteParameterCheck.numberText(value))") }
        return "IapkitCheck(" + parts.joined(separator: ", ") + ")"
    }

    private func mappingContext(_ plan: PropsToWire, route: HTTPRoute) -> TemplateValue {
        let members: [TemplateValue] = plan.members.map { member in
            // The member's initializer takes its fields in name order, the
            // discriminator left to its default.
            let copies = member.fields.sorted { $0.name < $1.name }
            let guards: [TemplateValue] = copies.filter(\.mayBeMissing).map { copy in
                let name = SwiftNames.name(copy.name, in: .property)
                return [
                    "name": .string(name),
                    "source": .string((copy.fromStoreProps ? "store." : "props.") + name),
                    "path": .string(SwiftEscaping.stringLiteral("\(member.tag).\(copy.name)")),
                ]
            }
            let arguments = copies.map { copy in
                let name = SwiftNames.name(copy.name, in: .property)
                let value = copy.mayBeMissing ? name : (copy.fromStoreProps ? "store." : "props.") + name
                return "\(name): \(value)"
            }
            return [
                "tag": .string(SwiftNames.name(member.tag, in: .property)),
                "case": .string(SwiftNames.unionCaseName(memberType: member.wireType)),
                "wireType": .string(member.wireType),
                "guards": .list(guards),
                "arguments": .string(arguments.joined(separator: ", ")),
            ]
        }
        return [
            "function": .string("\(route.name)Body"),
            "route": .string(route.name),
            "propsType": .string(plan.propsType),
            "wireType": .string(plan.wireType),
            "members": .list(members),
        ]
    }
}
