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

/// The view model of `IapkitClient.kt`: per route, its facts
/// (`RouteModel`) named in Kotlin, from which the template writes the
/// suspend function and the route's description; per `bodyFrom`, the
/// props-to-body function. The runtime is template text.
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

    /// The route's shared facts (`RouteModel`) in Kotlin, with the
    /// function's parameters: the body, then each input's name and type.
    private func routeContext(_ route: HTTPRoute) -> TemplateValue {
        let facts = RouteModel(route, spec: spec)
        var members = facts.sharedMembers(
            literal: KotlinNames.stringLiteral, number: { "\($0)" }, kind: { Self.kindName[$0] ?? "Text" })
        members["bodyType"] = .string(route.body.map { KotlinNames.typeName($0.typeName) } ?? "")
        members["inputs"] = .list(
            facts.inputs.map { input in
                [
                    "name": .string(property(input.field.name)),
                    "type": .string(KotlinTypeMapping.kotlinType(input.field.type, isRequired: input.field.isRequired)),
                    "literal": .string(KotlinNames.stringLiteral(input.field.name)),
                    "required": .bool(input.field.isRequired),
                    "isEnumeration": .bool(input.isEnumeration),
                ]
            })
        let resultType = facts.resultTypeName.map(KotlinNames.typeName) ?? "Unit"
        members["resultType"] = .string(resultType)
        members["result"] = .string(facts.isCached ? "IapkitCached<\(resultType)>" : resultType)
        return .object(TemplateObject(members))
    }

    /// The names of `IapkitCheck.Kind`'s cases.
    private static let kindName: [RouteParameterCheck.Kind: String] = [.string: "Text", .number: "Number", .boolean: "Flag"]

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
