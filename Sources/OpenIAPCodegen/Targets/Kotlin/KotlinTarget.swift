import OpenIAPSpec
import OpenIAPTemplates

/// Renders `Generated/Kotlin`: one file per spec file, as in Swift, plus the
/// runtime (`OpenIAPRuntime.kt`), the strict JSON reader and writer
/// (`OpenIAPJson.kt`), the bridge from Android's `org.json`
/// (`OpenIAPOrgJson.kt`, the only file that needs it) and the registry of
/// records and unions by name (`OpenIAPTypeRegistry.kt`). Every file is in
/// one package: `dev.openiap.types` unless another is given
/// (`--kotlin-package`). A record that extends a union is written in the
/// union's file (`KotlinUnionShapes`).
///
/// Names Kotlin cannot hold are located errors, reported when the spec is
/// loaded (`check`, `KotlinNameCheck`), as Swift's are.
public struct KotlinTarget: GenerationTarget {
    public let name = "kotlin"
    public let outputFolder = "Kotlin"
    /// The package of every file.
    public let packageName: String

    /// `packageName` must have no `KotlinNames.packageNameProblem`.
    public init(packageName: String = KotlinNames.defaultPackageName) {
        self.packageName = packageName
    }

    /// The spec's files with their types, each record that extends a union
    /// moved to the union's file (Kotlin 1.3 wants a sealed class's
    /// subclasses beside it); a file left without types is still written.
    static func fileGroups(_ spec: Spec, shapes: KotlinUnionShapes) -> [SpecFileGroup] {
        var groups = SpecFileGroup.groups(spec)
        guard !shapes.superclass.isEmpty else { return groups }
        let indexOfFile = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($0.element.file, $0.offset) })
        var moved: [Int: [Int]] = [:]
        for index in groups.indices {
            groups[index].positions.removeAll { position in
                let type = spec.types[position]
                let home = shapes.homeFile(of: type, in: spec)
                guard home != type.location.file, let target = indexOfFile[home] else { return false }
                moved[target, default: []].append(position)
                return true
            }
        }
        for (index, positions) in moved {
            groups[index].positions += positions
            groups[index].positions.sort { spec.types[$0].name < spec.types[$1].name }
        }
        return groups
    }

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        // Made by the first Kotlin job to run, so that other targets' jobs
        // use the other cores meanwhile. The names have passed
        // `KotlinNameCheck` when the spec was loaded.
        let package = packageName
        let shapes = KotlinUnionShapes(spec)
        let shared = SharedPreparation {
            KotlinViewModel(spec: spec, packageName: package, shapes: shapes)
        }
        let headerLine = "// " + header.text
        let support = RenderJob(cost: 1) { () throws(DiagnosticError) in
            let model = shared.value
            let operations = KotlinOperations(spec: spec, types: model)
            var files: [GeneratedFile] = []
            for file in KotlinSourceFiles.names {
                let source = try templates.source(file)
                files.append(GeneratedFile(
                    path: file, contents: try KotlinSourceFiles.text(of: source, header: headerLine, package: package)))
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
        return [support] + Self.fileGroups(spec, shapes: shapes).map { group in
            RenderJob(cost: group.positions.count) { () throws(DiagnosticError) in
                let model = shared.value
                let context: TemplateObject = [
                    "header": .string(headerLine), "source": .string(group.source), "package": .string(package),
                ]
                // The members' names as the check worked them out (asked by a job, as a spec may come unchecked).
                let members = KotlinNameCheck.Outcome.of(spec).members
                let bytes = try templates.renderFile("file", context, streaming: "types", count: group.positions.count) {
                    model.context(at: group.positions[$0], names: members[group.positions[$0]])
                }
                return [GeneratedFile(path: KotlinNames.fileName(forSpecFile: group.file), bytes: bytes)]
            }
        }
    }
}
