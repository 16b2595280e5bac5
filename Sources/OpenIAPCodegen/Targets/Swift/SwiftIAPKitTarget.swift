import OpenIAPSpec
import OpenIAPTemplates

/// Renders `Generated/SwiftIAPKit`, the library `OpenIAPKitClient`: the
/// HTTP client of the spec's routes (`IapkitClient.swift`) over
/// `URLSession`, with the mapping from SDK props to the verify body
/// (`PropsToWire`). A library of its own, so that `OpenIAPTypes` stays
/// free of networking and an app that never calls IAPKit directly links
/// none of it. It renders the `swift` templates (`iapkit.tmpl`).
///
/// A spec without routes still gets `IapkitClient.swift`, with nothing
/// but a comment (`iapkitEmpty.tmpl`): the package manifest declares the
/// library whatever the spec holds, and SwiftPM refuses a target whose
/// folder has no source file. The other targets of the routes (TypeScript,
/// Kotlin, OpenAPI) write nothing then, as no manifest names their files.
public struct SwiftIAPKitTarget: GenerationTarget {
    public let name = "swift-iapkit"
    public let templateFolder = "swift"
    public let outputFolder = "SwiftIAPKit"

    public init() {}

    public static let fileName = "IapkitClient.swift"

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        [
            RenderJob(cost: 1) { () throws(DiagnosticError) in
                guard !spec.routes.isEmpty else {
                    return [GeneratedFile(path: Self.fileName, contents: try templates.render("iapkitEmpty", ["header": .string("// " + header.text)]))]
                }
                let model = SwiftIAPKitModel(spec: spec)
                return [GeneratedFile(path: Self.fileName, contents: try templates.render("iapkit", model.context(header: "// " + header.text)))]
            }
        ]
    }
}

/// The view model of `IapkitClient.swift`: per route, its facts
/// (`RouteModel`) named in Swift, from which the template writes the
/// method and the route's description (path pieces, where the key goes,
/// the parameter checks); per `bodyFrom`, the props-to-body function. The
/// runtime is template text.
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

    /// The route's shared facts (`RouteModel`) in Swift, with the method's
    /// parameters: the body, then each input's name, type and how the
    /// runtime carries it.
    private func routeContext(_ route: HTTPRoute) -> TemplateValue {
        let facts = RouteModel(route, spec: spec)
        var members = facts.sharedMembers(
            literal: SwiftEscaping.stringLiteral, number: RouteParameterCheck.numberText, kind: \.rawValue)
        members["bodyType"] = .string(route.body?.typeName ?? "")
        members["inputs"] = .list(
            facts.inputs.map { input in
                [
                    "name": .string(SwiftNames.name(input.field.name, in: .property)),
                    "type": .string(SwiftTypeMapping.swiftType(of: input.field)),
                    "literal": .string(SwiftEscaping.stringLiteral(input.field.name)),
                    "required": .bool(input.field.isRequired),
                    "carrier": .string(input.carrier.rawValue),
                    "isEnumeration": .bool(input.isEnumeration),
                ]
            })
        let resultType = facts.resultTypeName ?? "Void"
        members["resultType"] = .string(resultType)
        members["result"] = .string(facts.isCached ? "IapkitCached<\(resultType)>" : resultType)
        return .object(TemplateObject(members))
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
                // One argument a line, so that no line outgrows the lint's limit.
                "arguments": .string(arguments.isEmpty ? "" : "\n                " + arguments.joined(separator: ",\n                ")),
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
