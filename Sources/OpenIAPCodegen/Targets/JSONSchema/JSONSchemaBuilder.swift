/// Decides the JSON Schema (draft 2020-12) of every spec type. Each kind of
/// type maps to one construction, written once here; the templates only lay
/// out the members this returns.
///
/// Reading rules the schema mirrors:
/// - required means present and not null; optional fields also accept null;
/// - records of both directions accept properties they do not list (see
///   `inputPolicy`);
/// - open enums and opaque strings accept any string, closed enums only
///   their values and aliases;
/// - union members are chosen by the discriminator, with an extra branch for
///   unknown tags when the union keeps them;
/// - `degrade` does not loosen the shape: the schema describes what a correct
///   writer sends, and readers are merely lenient about the rest.
struct JSONSchemaBuilder {
    typealias Member = JSONValue.Member

    let spec: Spec

    /// Why output records leave `additionalProperties` open.
    static let outputPolicy =
        "Output record: properties not listed here are allowed, because answers gain fields over time and readers ignore the ones they do not know."
    /// Why input records leave `additionalProperties` open as well.
    static let inputPolicy =
        "Input record: properties not listed here are allowed, as the generated decoders allow them, so a reader still accepts requests from newer clients that send fields it does not know yet. Misspelled keys are caught where requests are built (TypeScript rejects unknown keys in object literals), not here."
    static let fieldSetPolicy =
        "Shared field set: every record that includes it repeats these properties in its own definition."

    /// The `$defs` key of every type, sorted by name.
    func definitions() -> [(name: String, members: [Member])] {
        spec.types.map { ($0.name, definition(of: $0)) }
    }

    func definition(of type: NamedType) -> [Member] {
        switch type {
        case let .record(record): recordSchema(record)
        case let .fieldSet(set): fieldSetSchema(set)
        case let .enumeration(enumeration): enumSchema(enumeration)
        case let .opaqueString(opaque): opaqueSchema(opaque)
        case let .union(union): unionSchema(union)
        }
    }

    static func reference(_ name: String) -> String { "#/$defs/\(name)" }

    // MARK: - Records

    private func recordSchema(_ record: RecordType) -> [Member] {
        var notes: [String] = []
        for group in record.exactlyOne {
            notes.append("Exactly one of \(Self.codeList(group.fields)) is set (present and not null).")
        }
        notes += lifecycleNotes(record.annotations)
        var members = header(record.name, doc: record.annotations.doc, notes: notes)
        if record.annotations.deprecated != nil { members.append(Member("deprecated", true)) }
        members.append(Member("$comment", .string(record.direction == .input ? Self.inputPolicy : Self.outputPolicy)))
        members += objectShape(record.fields)
        let groups = record.exactlyOne.map { exactlyOneSchema($0) }
        if groups.count == 1 {
            members.append(Member("oneOf", groups[0]))
        } else if groups.count > 1 {
            members.append(Member("allOf", .array(groups.map { .object([Member("oneOf", $0)]) })))
        }
        return members
    }

    private func fieldSetSchema(_ set: FieldSet) -> [Member] {
        var members = header(set.name, doc: set.annotations.doc, notes: lifecycleNotes(set.annotations))
        if set.annotations.deprecated != nil { members.append(Member("deprecated", true)) }
        members.append(Member("$comment", .string(Self.fieldSetPolicy)))
        members += objectShape(set.fields)
        return members
    }

    /// `type`, `properties` and `required` of a record or field set.
    /// `additionalProperties` is never written: unknown properties pass.
    private func objectShape(_ fields: [Field]) -> [Member] {
        var members: [Member] = [Member("type", "object")]
        if !fields.isEmpty {
            members.append(Member("properties", .object(fields.map { Member($0.name, .object(fieldSchema($0))) })))
        }
        let required = fields.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(Member("required", .array(required))) }
        return members
    }

    /// One branch per field: that field present and not null. `oneOf` then
    /// fails when none matches and when two or more do.
    private func exactlyOneSchema(_ group: ExactlyOneGroup) -> JSONValue {
        .array(group.fields.map { name in
            .object([
                Member("required", [.string(name)]),
                Member("properties", .object([Member(name, .object([Member("not", .object([Member("type", "null")]))]))])),
            ])
        })
    }

    func fieldSchema(_ field: Field) -> [Member] {
        var notes: [String] = []
        if case .scalar(.timestamp) = field.type { notes.append(Self.timestampNote) }
        if let bytes = field.constraints.maxBytes {
            notes.append(
                "At most \(bytes) bytes once encoded as UTF-8. maxLength counts characters, so it only rejects strings that are certainly too long; a string within it may still exceed the byte limit.")
        }
        if field.degrades {
            notes.append(
                "Readers drop a value here that they cannot read (the wrong JSON type, or a nested value that fails) and treat the field as absent; this schema still rejects such a value.")
        }
        notes += lifecycleNotes(field.annotations)

        var members: [Member] = []
        if let description = Self.description(field.annotations.doc, notes) {
            members.append(Member("description", .string(description)))
        }
        members += field.isRequired ? typeSchema(field.type) : nullableTypeSchema(field.type)
        if let bytes = field.constraints.maxBytes { members.append(Member("maxLength", .integer(Int64(bytes)))) }
        if let minimum = field.constraints.minimum { members.append(Member("minimum", Self.number(minimum))) }
        if let maximum = field.constraints.maximum { members.append(Member("maximum", Self.number(maximum))) }
        if let value = field.defaultValue { members.append(Member("default", Self.json(value))) }
        if field.annotations.deprecated != nil { members.append(Member("deprecated", true)) }
        return members
    }

    // MARK: - Type expressions

    static let timestampNote = "Epoch milliseconds: a JSON number counting milliseconds since 1970-01-01T00:00:00Z."

    /// The keywords that accept exactly the values of a type expression.
    /// A timestamp inside a list or map carries its note itself, since no
    /// field description speaks for it there.
    func typeSchema(_ type: TypeRef, nested: Bool = false) -> [Member] {
        switch type {
        case let .scalar(scalar):
            switch scalar {
            case .string: return [Member("type", "string")]
            case .bool: return [Member("type", "boolean")]
            case .int: return [Member("type", "integer")]
            case .double: return [Member("type", "number")]
            case .timestamp:
                return nested
                    ? [Member("description", .string(Self.timestampNote)), Member("type", "number")]
                    : [Member("type", "number")]
            }
        case let .named(name):
            return [Member("$ref", .string(Self.reference(name)))]
        case let .list(element):
            return [Member("type", "array"), Member("items", .object(typeSchema(element, nested: true)))]
        case let .map(value):
            return [Member("type", "object"), Member("additionalProperties", .object(typeSchema(value, nested: true)))]
        }
    }

    /// Like `typeSchema`, also accepting `null`: a second entry in `type`
    /// where there is one, otherwise an `anyOf` with a null branch.
    func nullableTypeSchema(_ type: TypeRef) -> [Member] {
        var members = typeSchema(type)
        if let index = members.firstIndex(where: { $0.key == "type" }), case let .string(name) = members[index].value {
            members[index].value = [.string(name), "null"]
            return members
        }
        return [Member("anyOf", [.object(members), .object([Member("type", "null")])])]
    }

    // MARK: - Enums and opaque strings

    private func enumSchema(_ type: EnumType) -> [Member] {
        var notes: [String] = []
        if type.isClosed {
            notes.append("Closed enum: no other value is accepted.")
            notes.append(Self.valueList(type.values))
        } else {
            notes.append("Open enum: any other string is accepted too, so that values added later do not break readers.")
        }
        let aliases = type.values.flatMap { value in type.decodeAliases(of: value).map { "\($0) (\(value.wire))" } }
        if !aliases.isEmpty {
            let covered = type.isClosed ? "" : " They fall under the any-string branch."
            notes.append(
                "Readers also accept these spellings and read them as the value in parentheses: \(aliases.joined(separator: ", ")).\(covered)")
        }
        notes += lifecycleNotes(type.annotations)

        var members = header(type.name, doc: type.annotations.doc, notes: notes)
        if type.annotations.deprecated != nil { members.append(Member("deprecated", true)) }
        members.append(Member("type", "string"))
        if type.isClosed {
            var accepted: [JSONValue] = []
            for value in type.values {
                accepted.append(.string(value.wire))
                accepted += type.decodeAliases(of: value).map { .string($0) }
            }
            members.append(Member("enum", .array(accepted)))
        } else {
            var branches: [JSONValue] = type.values.map { value in
                var branch = [Member("const", .string(value.wire))]
                if let text = Self.description(value.annotations.doc, lifecycleNotes(value.annotations)) {
                    branch.append(Member("description", .string(text)))
                }
                if value.annotations.deprecated != nil { branch.append(Member("deprecated", true)) }
                return .object(branch)
            }
            branches.append(.object([
                Member("description", "Any other string: a value this version of the spec does not list, kept as is."),
                Member("type", "string"),
            ]))
            members.append(Member("anyOf", .array(branches)))
        }
        return members
    }

    private func opaqueSchema(_ type: OpaqueStringType) -> [Member] {
        var notes = ["Any string is valid."]
        if !type.knownValues.isEmpty { notes.append("Known values:\n" + Self.valueList(type.knownValues)) }
        if type.emptyIsAbsent { notes.append("Readers treat an empty string as an absent value.") }
        notes += lifecycleNotes(type.annotations)
        var members = header(type.name, doc: type.annotations.doc, notes: notes)
        if type.annotations.deprecated != nil { members.append(Member("deprecated", true)) }
        members.append(Member("type", "string"))
        if !type.knownValues.isEmpty {
            members.append(Member("examples", .array(type.knownValues.map { .string($0.wire) })))
        }
        return members
    }

    // MARK: - Unions

    private func unionSchema(_ union: UnionType) -> [Member] {
        let discriminator = union.discriminator
        var notes = [
            "The \(Self.code(discriminator)) property picks the member: "
                + union.members.map { "\(Self.code($0.tag)) for \($0.typeName)" }.joined(separator: ", ") + ".",
        ]
        switch union.unknownTag {
        case .keep:
            notes.append(
                "Any other string in \(Self.code(discriminator)) is accepted too: readers keep such an object unchanged as an unknown member.")
        case .fail:
            notes.append("Any other value of \(Self.code(discriminator)) is rejected.")
        }
        notes += lifecycleNotes(union.annotations)

        var members = header(union.name, doc: union.annotations.doc, notes: notes)
        if union.annotations.deprecated != nil { members.append(Member("deprecated", true)) }
        members.append(Member("type", "object"))
        members.append(Member("required", [.string(discriminator)]))
        var branches: [JSONValue] = union.members.map { member in
            .object([
                Member("$ref", .string(Self.reference(member.typeName))),
                Member("properties", .object([Member(discriminator, .object([Member("const", .string(member.tag))]))])),
            ])
        }
        if union.unknownTag == .keep {
            let known = JSONValue.array(union.members.map { .string($0.tag) })
            branches.append(.object([
                Member("type", "object"),
                Member("required", [.string(discriminator)]),
                Member("properties", .object([
                    Member(discriminator, .object([
                        Member("type", "string"),
                        Member("not", .object([Member("enum", known)])),
                    ])),
                ])),
            ]))
        }
        members.append(Member("oneOf", .array(branches)))
        return members
    }

    // MARK: - Text

    /// `title` and, when there is anything to say, `description`.
    private func header(_ name: String, doc: String?, notes: [String]) -> [Member] {
        var members = [Member("title", .string(name))]
        if let text = Self.description(doc, notes) { members.append(Member("description", .string(text))) }
        return members
    }

    private func lifecycleNotes(_ annotations: Annotations) -> [String] {
        var notes: [String] = []
        if let message = annotations.deprecated {
            notes.append(message.isEmpty ? "Deprecated." : "Deprecated: \(message)")
        }
        if let since = annotations.since { notes.append("Since spec \(since).") }
        return notes
    }

    /// The doc and the notes as paragraphs, or nil when both are empty.
    static func description(_ doc: String?, _ notes: [String]) -> String? {
        let parts = ([doc ?? ""] + notes).map { trimmed($0) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// One line per value: `- value: doc`, deprecation noted.
    static func valueList(_ values: [EnumValue]) -> String {
        values.map { value in
            var line = "- \(value.wire)"
            if let doc = value.annotations.doc.map(trimmed), !doc.isEmpty { line += ": \(doc)" }
            if let message = value.annotations.deprecated {
                line += message.isEmpty ? " (deprecated)" : " (deprecated: \(message))"
            }
            return line
        }.joined(separator: "\n")
    }

    /// Without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(text[start...end])
    }

    static func code(_ text: String) -> String { "`\(text)`" }

    static func codeList(_ names: [String]) -> String { names.map(code).joined(separator: ", ") }

    static func number(_ value: Double) -> JSONValue {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int64(value)) }
        return .number(value)
    }

    static func json(_ value: DefaultValue) -> JSONValue {
        switch value {
        case let .bool(flag): .bool(flag)
        case let .int(number): .integer(number)
        case let .double(number): Self.number(number)
        case let .string(text), let .enumValue(text): .string(text)
        case let .list(items): .array(items.map(json))
        }
    }
}
