import OpenIAPSpec
import OpenIAPTemplates

/// Renders `Generated/KotlinIAPKit`: the HTTP client of the spec's routes
/// (`IapkitClient.kt`) over `java.net.HttpURLConnection` behind `suspend`
/// functions, with the mapping from SDK props to the verify body
/// (`PropsToWire`). It needs the Kotlin standard library and the types of
/// `Generated/Kotlin` (their JSON reader and writer), in the same package,
/// and no other library. A folder of its own, so that an app that never
/// calls IAPKit directly leaves it out. A spec without routes gets no file.
/// It renders the `kotlin` templates (`iapkit.tmpl`).
public struct KotlinIAPKitTarget: GenerationTarget {
    public let name = "kotlin-iapkit"
    public let templateFolder = "kotlin"
    public let outputFolder = "KotlinIAPKit"
    /// The package of the file: the Kotlin types' package.
    public let packageName: String

    public init(packageName: String = KotlinNames.defaultPackageName) {
        self.packageName = packageName
    }

    public static let fileName = "IapkitClient.kt"

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        let package = packageName
        return [
            RenderJob(cost: 1) { () throws(DiagnosticError) in
                guard !spec.routes.isEmpty else { return [] }
                let model = KotlinIAPKitModel(spec: spec)
                let context = model.context(header: "// " + header.text, packageName: package)
                return [GeneratedFile(path: Self.fileName, contents: try templates.render("iapkit", context))]
            }
        ]
    }
}

/// The view model of `IapkitClient.kt`: per route, the suspend function's
/// parameters, the values it hands to the runtime and the route's
/// description; per `bodyFrom`, the props-to-body function. The runtime is
/// template text.
struct KotlinIAPKitModel {
    let spec: Spec

    func context(header: String, packageName: String) -> TemplateValue {
        [
            "header": .string(header),
            "package": .string(packageName),
            "baseUrl": .string(KotlinNames.stringLiteral(OpenAPITarget.serverURL)),
            "routes": .list(spec.routes.map(routeContext)),
            "mappings": .list(spec.routes.compactMap { route in PropsToWire(route: route, spec: spec).map { mappingContext($0, route: route) } }),
        ]
    }

    private func property(_ wire: String) -> String {
        KotlinNames.escaped(KotlinNames.name(wire, in: .property))
    }

    private func routeContext(_ route: HTTPRoute) -> TemplateValue {
        let inputs = RouteParameterCheck.inputs(of: route)
        var parameters: [String] = []
        if let body = route.body { parameters.append("body: \(KotlinNames.typeName(body.typeName))") }
        var arguments: [String] = []
        for field in inputs {
            let name = property(field.name)
            let type = KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)
            parameters.append("\(name): \(type)" + (field.isRequired ? "" : " = null"))
            var value = name
            if case let .named(typeName) = field.type, case .enumeration? = spec[typeName] {
                value += field.isRequired ? ".rawValue" : "?.rawValue"
            }
            arguments.append("\(KotlinNames.stringLiteral(field.name)) to \(value)")
        }
        let checks = inputs.map { field in
            checkLiteral(RouteParameterCheck(field, inPath: route.parameters.contains { $0.name == field.name }, spec: spec))
        }
        let segments = route.segments.map { segment in
            switch segment {
            case let .literal(text): "IapkitRoute.Segment.Literal(\(KotlinNames.stringLiteral(text)))"
            case let .parameter(name): "IapkitRoute.Segment.Parameter(\(KotlinNames.stringLiteral(name)))"
            }
        }
        let auth =
            switch route.auth {
            case .none: "IapkitRoute.Auth.None"
            case .bearer: "IapkitRoute.Auth.Bearer"
            case let .pathParameter(name): "IapkitRoute.Auth.PathParameter(\(KotlinNames.stringLiteral(name)))"
            }
        // A route whose success has no body answers nothing.
        let hasResult = route.successResponse?.body != nil
        let resultType = route.successResponse?.body.map { KotlinNames.typeName($0.typeName) } ?? "Unit"
        return [
            "name": .string(route.name),
            "nameLiteral": .string(KotlinNames.stringLiteral(route.name)),
            "method": .string(KotlinNames.stringLiteral(route.method.rawValue)),
            "doc": .string(TypeScriptRoutes.docText(route.annotations.doc ?? route.name)),
            "signature": .string(parameters.joined(separator: ", ")),
            "arguments": .string(arguments.isEmpty ? "emptyMap()" : "mapOf(" + arguments.joined(separator: ", ") + ")"),
            "hasBody": .bool(route.body != nil),
            "segments": .string("listOf(" + segments.joined(separator: ", ") + ")"),
            "auth": .string(auth),
            // Kotlin 1.3 takes no trailing comma.
            "checks": .string(
                checks.isEmpty ? "emptyList()" : "listOf(\n" + checks.map { "            " + $0 }.joined(separator: ",\n") + "\n        )"),
            "revalidates": .bool(route.revalidates),
            "resultType": .string(resultType),
            "result": .string(route.revalidates && hasResult ? "IapkitCached<\(resultType)>" : resultType),
            "hasResult": .bool(hasResult),
            "cached": .bool(route.revalidates && hasResult),
        ]
    }

    private static let kindName: [RouteParameterCheck.Kind: String] = [.string: "Text", .number: "Number", .boolean: "Flag"]

    private func checkLiteral(_ check: RouteParameterCheck) -> String {
        var parts = [
            "name = \(KotlinNames.stringLiteral(check.name))", "inPath = \(check.inPath)", "required = \(check.isRequired)",
            "kind = IapkitCheck.Kind.\(Self.kindName[check.kind] ?? "Text")",
        ]
        if let values = check.values { parts.append("values = listOf(" + values.map(KotlinNames.stringLiteral).joined(separator: ", ") + ")") }
        if let value = check.minLength { parts.append("minLength = \(value)") }
        if let value = check.maxLength { parts.append("maxLength = \(value)") }
        if let value = check.minimum { parts.append("minimum = \(value)") }
        if let value = check.maximum { parts.append("maximum = \(value)") }
        return "IapkitCheck(" + parts.joined(separator: ", ") + ")"
    }

    private func mappingContext(_ plan: PropsToWire, route: HTTPRoute) -> TemplateValue {
        let members: [TemplateValue] = plan.members.map { member in
            let guards: [TemplateValue] = member.fields.filter(\.mayBeMissing).map { copy in
                let name = property(copy.name)
                return [
                    "name": .string(name),
                    "source": .string((copy.fromStoreProps ? "store." : "props.") + name),
                    "path": .string(KotlinNames.stringLiteral("\(member.tag).\(copy.name)")),
                ]
            }
            let arguments = member.fields.map { copy in
                let name = property(copy.name)
                let value = copy.mayBeMissing ? name : (copy.fromStoreProps ? "store." : "props.") + name
                return "\(name) = \(value)"
            }
            return [
                "tag": .string(property(member.tag)),
                "wireType": .string(KotlinNames.typeName(member.wireType)),
                "guards": .list(guards),
                "arguments": .string(arguments.joined(separator: ", ")),
            ]
        }
        return [
            "function": .string("\(route.name)Body"),
            "route": .string(route.name),
            "propsType": .string(KotlinNames.typeName(plan.propsType)),
            "wireType": .string(KotlinNames.typeName(plan.wireType)),
            "members": .list(members),
        ]
    }
}
