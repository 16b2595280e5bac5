/// Renders `Generated/Swift`: one file per spec file (types keep the grouping
/// of `Schema/`), plus `OpenIAPRuntime.swift` with the support types every
/// generated file uses, `OpenIAPTypeRegistry.swift`, and for a spec with
/// operations `OpenIAPOperations.swift` (protocols, arguments, replies). The
/// JSON bridge over them is `SwiftBridgeTarget`'s.
public struct SwiftTarget: GenerationTarget {
    public let name = "swift"
    public let outputFolder = "Swift"
    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        // Built by the first Swift job to run, so that other targets' jobs use
        // the other cores meanwhile.
        let shared = SharedPreparation { SwiftViewModel(spec: spec) }
        let headerLine = "// " + header.text
        let support = RenderJob(cost: 1) { () throws(DiagnosticError) in
            let model = shared.value
            let operations = SwiftOperations(spec: spec, types: model)
            var files = [
                GeneratedFile(
                    path: "OpenIAPRuntime.swift",
                    contents: try templates.render("runtime", ["header": .string(headerLine)])),
                GeneratedFile(
                    path: "OpenIAPTypeRegistry.swift",
                    contents: try templates.render("registry", [
                        "header": .string(headerLine),
                        "specVersion": .string(SwiftEscaping.stringLiteral(spec.version)),
                        "entries": .list(model.registryEntries() + operations.registryEntries()),
                    ])),
            ]
            // The API, for a spec that has one.
            if !spec.operations.isEmpty {
                files.append(GeneratedFile(
                    path: SwiftNames.operationsFileName,
                    contents: try templates.render("operations", operations.operationsContext(header: headerLine))))
            }
            return files
        }
        // One file per spec file, each built and rendered on its own. A type's
        // context is built when the file reaches it and dropped after, so
        // only one is held at a time.
        return [support] + SpecFileGroup.groups(spec).map { group in
            RenderJob(cost: group.positions.count) { () throws(DiagnosticError) in
                let model = shared.value
                let context: TemplateObject = ["header": .string(headerLine), "source": .string(group.source)]
                let bytes = try templates.renderFile("file", context, streaming: "types", count: group.positions.count) {
                    model.context(at: group.positions[$0])
                }
                return [GeneratedFile(path: SwiftNames.fileName(forSpecFile: group.file), bytes: bytes)]
            }
        }
    }
}
