import OpenIAPSpec
import OpenIAPTemplates

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
            // Each `$defs` entry is written when the document reaches it and
            // dropped after, so the schemas are never all held at once.
            let builder = JSONSchemaBuilder(spec: spec)
            // The API's entries (arguments, replies, calls, events) follow
            // the types.
            let operations = JSONSchemaOperations(spec: spec, builder: builder)
            let typeCount = spec.types.count
            // `definition.tmpl` puts each schema at this indentation, at
            // the start of an unindented line: the writer indents the
            // schema's lines itself, so the renderer copies each schema
            // whole instead of searching it for line breaks to indent.
            var json = JSONWriter(indent: Self.definitionIndent)
            let bytes = try templates.renderFile(
                "document", Self.frame(spec, header: header), streaming: "definitions", count: typeCount + operations.count
            ) { index in
                guard index < typeCount else {
                    let name = operations.writeDefinition(index - typeCount, to: &json)
                    let schema = json.take()
                    return Self.definition(key: Self.quoted(name, with: &json), schema: schema)
                }
                // The key first, quoted by the same writer (see `quoted`).
                let key = Self.quoted(spec.types[index].name, with: &json)
                builder.writeSchema(of: spec.types[index], to: &json)
                return Self.definition(key: key, schema: json.take())
            }
            return [GeneratedFile(path: Self.fileName, bytes: bytes)]
        }]
    }

    /// Where `definition.tmpl` puts a `$defs` entry: inside `$defs`, two
    /// levels deep.
    static let definitionIndent = 4

    public static func schemaID(version: String) -> String {
        "https://openiap.dev/schema/\(version)/\(fileName)"
    }

    /// The view model: every string already a JSON literal and every schema
    /// already printed, so the templates only place text. This is the
    /// document's context without its `definitions`, which the target
    /// streams one `definition(key:schema:)` at a time.
    static func frame(_ spec: Spec, header: GeneratedHeader) -> TemplateObject {
        let description = "Every type of the OpenIAP spec \(spec.version), one schema per entry of $defs. "
            + "Validate a payload of type X against #/$defs/X."
            + (spec.operations.isEmpty
                ? ""
                : " The API follows the types: <Operation>Args and <Operation>Reply per operation, OpenIAPCall for a call, and the listener messages.")
        return [
            "schema": .string(JSONEscaping.quoted(metaschema)),
            "id": .string(JSONEscaping.quoted(schemaID(version: spec.version))),
            "comment": .string(JSONEscaping.quoted(header.text)),
            "title": .string(JSONEscaping.quoted("OpenIAP \(spec.version)")),
            "description": .string(JSONEscaping.quoted(description)),
        ]
    }

    private enum Key {
        static let key = TemplateKey("key")
        static let schema = TemplateKey("schema")
    }

    /// The names of every `definition(key:schema:)`, shared by all of them
    /// (see `TemplateObject.init(keys:)`).
    private static let definitionKeys = [Key.key, Key.schema]

    /// One entry of `definitions`: the type name as a JSON string (`key`,
    /// from `quoted`) and its schema as JSON text.
    static func definition(key: String, schema: String) -> TemplateValue {
        var object = TemplateObject(keys: definitionKeys)
        object.append(Key.key, .string(key))
        object.append(Key.schema, .string(schema))
        return .object(object)
    }

    /// `name` as a JSON string, written by `json` (empty, and left empty):
    /// `JSONEscaping.quoted` checked the name and then grew a string twice
    /// around it, some 1,000 instructions a definition.
    static func quoted(_ name: String, with json: inout JSONWriter) -> String {
        json.string(quoting: name)
        return json.take()
    }
}
