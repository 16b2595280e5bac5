/// Renders `Generated/Swift`: one file per spec file (types keep the grouping
/// of `Schema/`), plus `OpenIAPRuntime.swift` with the support types every
/// generated file uses.
public struct SwiftTarget: GenerationTarget {
    public let name = "swift"
    public let outputFolder = "Swift"

    public init() {}

    public func render(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [GeneratedFile] {
        let model = SwiftViewModel(spec: spec)
        var files: [GeneratedFile] = []
        let headerLine = "// " + header.text
        files.append(GeneratedFile(
            path: "OpenIAPRuntime.swift",
            contents: try templates.render("runtime", ["header": .string(headerLine)])))
        files.append(GeneratedFile(
            path: "OpenIAPTypeRegistry.swift",
            contents: try templates.render("registry", [
                "header": .string(headerLine),
                "specVersion": .string(SwiftEscaping.stringLiteral(spec.version)),
                "entries": .list(model.registryEntries()),
            ])))
        // One file per spec file, each built and rendered on its own, several
        // at a time. A type's context is built when the file reaches it and
        // dropped after, so only one is held at a time.
        let rendered = model.fileGroups().concurrentMap { group -> Result<GeneratedFile, DiagnosticError> in
            let context: TemplateObject = ["header": .string(headerLine), "source": .string(group.source)]
            do throws(DiagnosticError) {
                let contents = try templates.render("file", context, streaming: "types", count: group.types.count) {
                    model.context(for: group.types[$0])
                }
                return .success(GeneratedFile(path: group.path, contents: contents))
            } catch {
                return .failure(error)
            }
        }
        // As when rendering one after the other, the first file that fails
        // (a template error fails them all alike) is the one reported.
        for result in rendered {
            switch result {
            case let .success(file): files.append(file)
            case let .failure(error): throw error
            }
        }
        return files
    }
}
