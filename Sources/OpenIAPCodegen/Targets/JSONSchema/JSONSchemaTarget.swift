/// Renders the whole spec as one JSON Schema (draft 2020-12) document,
/// `openiap.schema.json`, with one entry under `$defs` per spec type. To
/// validate a payload of type `X`, validate it against `#/$defs/X`.
///
/// JSON has no comments, so the generated-file notice is the document's
/// top-level `$comment`, within its first lines where the output writer
/// looks for the marker.
public struct JSONSchemaTarget: GenerationTarget {
    public let name = "jsonschema"
    public let outputFolder = "JSONSchema"
    public static let fileName = "openiap.schema.json"
    public static let metaschema = "https://json-schema.org/draft/2020-12/schema"

    public init() {}

    public func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        [RenderJob(cost: spec.types.count) { () throws(DiagnosticError) in
            [GeneratedFile(path: Self.fileName, contents: try templates.render("document", Self.context(spec, header: header)))]
        }]
    }

    public static func schemaID(version: String) -> String {
        "https://openiap.dev/schema/\(version)/\(fileName)"
    }

    /// The view model: every string already a JSON literal and every schema
    /// already printed, so the templates only place text.
    static func context(_ spec: Spec, header: GeneratedHeader) -> TemplateValue {
        // The document is one file, so its schemas are written in slices
        // side by side and joined in name order.
        let builder = JSONSchemaBuilder(spec: spec)
        let definitions: [TemplateValue] = spec.typeSlices().concurrentMap { range in
            builder.definitions(range).map { definition in
                ["key": .string(JSONEscaping.quoted(definition.name)), "schema": .string(definition.schema)]
            }
        }.flatMap { $0 }
        let description = "Every type of the OpenIAP spec \(spec.version), one schema per entry of $defs. "
            + "Validate a payload of type X against #/$defs/X."
        return [
            "schema": .string(JSONEscaping.quoted(metaschema)),
            "id": .string(JSONEscaping.quoted(schemaID(version: spec.version))),
            "comment": .string(JSONEscaping.quoted(header.text)),
            "title": .string(JSONEscaping.quoted("OpenIAP \(spec.version)")),
            "description": .string(JSONEscaping.quoted(description)),
            "definitions": .list(definitions),
        ]
    }
}
