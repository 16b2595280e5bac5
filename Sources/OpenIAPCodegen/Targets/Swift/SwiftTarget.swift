/// Renders `Generated/Swift`: one file per spec file (types keep the grouping
/// of `Schema/`), plus `OpenIAPRuntime.swift` with the support types every
/// generated file uses.
public struct SwiftTarget: GenerationTarget {
    public let name = "swift"
    public let outputFolder = "Swift"

    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        let model = SwiftViewModel(spec: spec)
        let headerLine = "// " + header.text
        let support = RenderJob(cost: 1) { () throws(DiagnosticError) in
            [
                GeneratedFile(
                    path: "OpenIAPRuntime.swift",
                    contents: try templates.render("runtime", ["header": .string(headerLine)])),
                GeneratedFile(
                    path: "OpenIAPTypeRegistry.swift",
                    contents: try templates.render("registry", [
                        "header": .string(headerLine),
                        "specVersion": .string(SwiftEscaping.stringLiteral(spec.version)),
                        "entries": .list(model.registryEntries()),
                    ])),
            ]
        }
        // One file per spec file, each built and rendered on its own.
        return [support] + model.fileGroups().map { group in
            RenderJob(cost: group.types.count) { () throws(DiagnosticError) in
                let context: TemplateValue = [
                    "header": .string(headerLine),
                    "source": .string(group.source),
                    "types": .list(group.contexts(model)),
                ]
                return [GeneratedFile(path: group.path, contents: try templates.render("file", context))]
            }
        }
    }
}
