import OpenIAPSpec
import OpenIAPTemplates

/// Renders the whole spec as one TypeScript module, `openiap.ts`, that an
/// SDK can use as its `types.ts`: every spec type exported under the name
/// and in the shape upstream's generated TypeScript gives it, in name order
/// (`TypeScriptShapes` says where that shape is not the JSON's).
///
/// - records and shared field sets become interfaces (`extends` for
///   includes); the discriminator of a union member is typed by the tags it
///   can be read under (`ProductIOS.platform: "ios"`), so a member is one of
///   its union;
/// - an input with a named choice takes it as one property (a union of
///   variants, tagged when the choice has a tag); other exactly-one and
///   at-least-one groups are documented and left to the bridge;
/// - a `oneOf` record is the union of its fields' types and `null`;
/// - enums and opaque strings become string literal unions; open ones end
///   with `(string & {})` so any string is accepted while editors still offer
///   the listed values. The error-code enum is also a value, an object of
///   its codes by name (`ErrorCode.UserCancelled`), as upstream's is;
/// - unions become a union of their members. Unknown tags kept at run time
///   (`unknown: keep`) get no member of their own: a catch-all object with
///   `disc: string` would stop the narrowing. The doc comment says so.
///
/// Then the JSON's own declarations where they differ (`<Name>Wire`), the
/// arguments records, the bridge's API and upstream's operation types
/// (`TypeScriptOperations`, `TypeScriptUpstreamAPI`). Beside the module
/// comes the client runtime, `openiap-client.ts`, which a spec without
/// queries and mutations does not get.
public struct TypeScriptTarget: GenerationTarget {
    public let name = "typescript"
    public let outputFolder = "TypeScript"
    public static let fileName = "openiap.ts"
    public static let clientFileName = "openiap-client.ts"

    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        [RenderJob(cost: spec.types.count + spec.operations.count) { () throws(DiagnosticError) in
            let shapes = TypeScriptShapes(spec: spec)
            let api = TypeScriptViewModel(spec: spec, shapes: shapes, view: .api)
            let wire = TypeScriptViewModel(spec: spec, shapes: shapes, view: .wire)
            let operations = TypeScriptOperations(spec: spec, shapes: shapes)
            let arguments = operations.argumentRecords
            let types = spec.types
            // The spec's spelling of the types upstream spells otherwise, and
            // the twins, each after all the types, in name order.
            let respelled = types.filter { shapes.apiName($0.name) != $0.name }
            let twins = types.filter { shapes.twins.contains($0.name) }
            // The old names of renamed types, after them, in name order.
            let renamed = types.filter { $0.annotations.renamedFrom != nil }
            // Each declaration is built when the file reaches it and dropped
            // after, so the whole file's values are never held at once.
            var frame = api.frame(header: header)
            operations.addMembers(to: &frame)
            let count = types.count + respelled.count + renamed.count + twins.count + arguments.count
            let bytes = try templates.renderFile("file", frame, streaming: "declarations", count: count) { position in
                var index = position
                if index < types.count { return api.declaration(types[index]) }
                index -= types.count
                if index < respelled.count { return api.spellingAlias(respelled[index]) }
                index -= respelled.count
                if index < renamed.count { return api.oldNameAlias(renamed[index]) }
                index -= renamed.count
                if index < twins.count { return wire.declaration(twins[index]) }
                index -= twins.count
                return wire.argumentsDeclaration(arguments[index])
            }
            var files = [GeneratedFile(path: Self.fileName, bytes: bytes)]
            if !operations.calls.isEmpty {
                let client = try templates.render("client", operations.clientContext(header: header))
                files.append(GeneratedFile(path: Self.clientFileName, contents: client))
            }
            if !spec.routes.isEmpty {
                let routes = TypeScriptRoutes(spec: spec, shapes: shapes)
                let client = try templates.render("iapkit", routes.context(header: header))
                files.append(GeneratedFile(path: TypeScriptRoutes.fileName, contents: client))
            }
            return files
        }]
    }
}
