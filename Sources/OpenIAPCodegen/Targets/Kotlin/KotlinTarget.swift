/// Renders `Generated/Kotlin`: one file per spec file, as in Swift, plus the
/// runtime (`OpenIAPRuntime.kt`), the strict JSON reader and writer
/// (`OpenIAPJson.kt`), the bridge from Android's `org.json`
/// (`OpenIAPOrgJson.kt`, the only file that needs it) and the registry of
/// records and unions by name (`OpenIAPTypeRegistry.kt`). Every file is in
/// the package `dev.openiap.types`.
///
/// Names Kotlin cannot hold are located errors of the spec itself
/// (`KotlinNameCheck`, run by `SpecValidator`), as Swift's are.
public struct KotlinTarget: GenerationTarget {
    public let name = "kotlin"
    public let outputFolder = "Kotlin"

    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        // Made by the first Kotlin job to run, so that other targets' jobs
        // use the other cores meanwhile. The names have passed
        // `KotlinNameCheck` when the spec was validated.
        let shared = SharedPreparation { KotlinViewModel(spec: spec, names: KotlinMemberNames.all(spec)) }
        let headerLine = "// " + header.text
        let package = KotlinNames.packageName
        let support = RenderJob(cost: 1) { () throws(DiagnosticError) in
            let model = shared.value
            let operations = KotlinOperations(spec: spec, types: model)
            let frame: TemplateValue = ["header": .string(headerLine), "package": .string(package)]
            var files: [GeneratedFile] = []
            for (file, template) in [("OpenIAPRuntime.kt", "runtime"), ("OpenIAPJson.kt", "json"), ("OpenIAPOrgJson.kt", "orgjson")] {
                files.append(GeneratedFile(path: file, contents: try templates.render(template, frame)))
            }
            files.append(GeneratedFile(
                path: "OpenIAPTypeRegistry.kt",
                contents: try templates.render("registry", [
                    "header": .string(headerLine), "package": .string(package),
                    "specVersion": .string(KotlinNames.stringLiteral(spec.version)),
                    "entries": .list(model.registryEntries(operationTypes: operations.registryNames())),
                ])))
            // The API, for a spec that has one.
            if !spec.operations.isEmpty {
                files.append(GeneratedFile(
                    path: KotlinNames.operationsFileName,
                    contents: try templates.render("operations", operations.operationsContext(header: headerLine))))
            }
            if let context = operations.dispatcherContext(header: headerLine) {
                files.append(GeneratedFile(path: KotlinNames.dispatcherFileName, contents: try templates.render("dispatcher", context)))
            }
            return files
        }
        return [support] + SpecFileGroup.groups(spec).map { group in
            RenderJob(cost: group.positions.count) { () throws(DiagnosticError) in
                let model = shared.value
                let context: TemplateObject = [
                    "header": .string(headerLine), "source": .string(group.source), "package": .string(package),
                ]
                let bytes = try templates.renderFile("file", context, streaming: "types", count: group.positions.count) {
                    model.context(at: group.positions[$0])
                }
                return [GeneratedFile(path: KotlinNames.fileName(forSpecFile: group.file), bytes: bytes)]
            }
        }
    }
}
