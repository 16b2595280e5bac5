import OpenIAPSpec

/// Decides the JSON Schema (draft 2020-12) of every spec type. Each kind of
/// type maps to one construction, written once here, member by member
/// through a `JSONWriter` (which decides the layout); the templates only
/// place the printed schemas.
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
    let spec: Spec

    /// Why output records leave `additionalProperties` open.
    static let outputPolicy: StaticString =
        "Output record: properties not listed here are allowed, because answers gain fields over time and readers ignore the ones they do not know."
    /// What a `oneOf` output record means on the wire, which the schema does
    /// not enforce: a reader from this version keeps an object with none of
    /// the listed keys as a value it does not know.
    static let oneOfPolicy: StaticString =
        "Output record whose properties are alternatives (oneOf in the spec): a writer sets exactly one of them; a reader takes the first listed property that is present, and keeps an object with none of them as a value of a newer version. Properties not listed here are allowed, because answers gain fields over time."
    /// Why input records leave `additionalProperties` open as well.
    static let inputPolicy: StaticString =
        "Input record: properties not listed here are allowed, as the generated decoders allow them, so a reader still accepts requests from newer clients that send fields it does not know yet. Misspelled keys are caught where requests are built (TypeScript rejects unknown keys in object literals), not here."
    static let fieldSetPolicy: StaticString =
        "Shared field set: every record that includes it repeats these properties in its own definition."

    /// Writes the schema of one type: a JSON object.
    func writeSchema(of type: NamedType, to json: inout JSONWriter) {
        switch type {
        case let .record(record): writeRecord(record, to: &json)
        case let .fieldSet(set): writeFieldSet(set, to: &json)
        case let .enumeration(enumeration): writeEnum(enumeration, to: &json)
        case let .opaqueString(opaque): writeOpaque(opaque, to: &json)
        case let .union(union): writeUnion(union, to: &json)
        case let .alias(alias): writeAlias(alias, to: &json)
        }
    }

    /// An alias is its target: a reference to it, with its own title and
    /// description.
    private func writeAlias(_ alias: TypeAlias, to json: inout JSONWriter) {
        var notes = ["The same type as \(alias.target), under another name: a value of it is valid here."]
        Self.addLifecycleNotes(alias.annotations, to: &notes)
        json.object { json in
            Self.writeHeader(alias.name, doc: alias.annotations.doc, notes: notes, to: &json)
            if alias.annotations.deprecated != nil { json.member("deprecated", true) }
            Self.writeReference(to: alias.target, in: &json)
        }
    }

    /// `"$ref": "#/$defs/Name"` (the writer's `referencePrefix`, then the
    /// name), written without making the reference as a string first.
    private static func writeReference(to name: String, in json: inout JSONWriter) {
        json.member("$ref", prefix: json.referencePrefix, quoting: name)
    }

    // MARK: - Records

    /// A rule on a record beyond its properties, written as one or more
    /// members of a schema object: alone at the top of the record, or as one
    /// entry of an `allOf` when there are several.
    private enum RecordRule {
        /// `oneOf`: exactly one of the fields is present and not null.
        case exactlyOne(FieldGroup)
        /// `anyOf`: at least one of them is.
        case atLeastOne(FieldGroup)
        /// A required field with aliases: one of its names is present (the
        /// value is checked under the name readers take).
        case requiredUnderSomeName(Field)
        /// An alias is read, and so checked, only when the field's name and
        /// the aliases before it are all absent (the first key present wins).
        case alias(Field, index: Int)
    }

    private func writeRecord(_ record: RecordType, to json: inout JSONWriter) {
        var notes: [String] = []
        var rules: [RecordRule] = []
        for group in record.exactlyOne {
            notes.append("Exactly one of \(Self.codeList(group.fields)) is set (present and not null).")
            rules.append(.exactlyOne(group))
        }
        for group in record.atLeastOne {
            notes.append("At least one of \(Self.codeList(group.fields)) is set (present and not null).")
            rules.append(.atLeastOne(group))
        }
        record.fields.forEachAddress { field in
            guard !field.pointee.aliases.isEmpty else { return }
            if field.pointee.isRequired { rules.append(.requiredUnderSomeName(field.pointee)) }
            for index in field.pointee.aliases.indices { rules.append(.alias(field.pointee, index: index)) }
        }
        Self.addLifecycleNotes(record.annotations, to: &notes)
        json.object { json in
            Self.writeHeader(record.name, doc: record.annotations.doc, notes: notes, to: &json)
            if record.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member(
                "$comment",
                constant: record.direction == .input ? Self.inputPolicy : record.isOneOf ? Self.oneOfPolicy : Self.outputPolicy)
            writeObjectShape(record.fields, to: &json)
            if rules.count == 1 {
                writeRule(rules[0], of: record, to: &json)
            } else if rules.count > 1 {
                json.key("allOf")
                json.array { json in
                    for rule in rules {
                        json.object { writeRule(rule, of: record, to: &$0) }
                    }
                }
            }
        }
    }

    /// The members of one `RecordRule`, inside the object being written.
    private func writeRule(_ rule: RecordRule, of record: RecordType, to json: inout JSONWriter) {
        switch rule {
        case let .exactlyOne(group):
            json.key("oneOf")
            writeGroupBranches(group, of: record, to: &json)
        case let .atLeastOne(group):
            json.key("anyOf")
            writeGroupBranches(group, of: record, to: &json)
        case let .requiredUnderSomeName(field):
            json.key("anyOf")
            json.array { json in
                for name in [field.name] + field.aliases {
                    json.object { json in
                        json.key("required")
                        json.array { $0.string(quoting: name) }
                    }
                }
            }
        case let .alias(field, index):
            json.key("if")
            json.object { Self.writeAnyPresent([field.name] + field.aliases[..<index], to: &$0) }
            json.key("else")
            json.object { json in
                json.key("properties")
                json.object { json in
                    json.key(quoting: field.aliases[index])
                    withUnsafePointer(to: field) { writeField($0, alias: field.aliases[index], to: &json) }
                }
            }
        }
    }

    private func writeFieldSet(_ set: FieldSet, to json: inout JSONWriter) {
        var notes: [String] = []
        Self.addLifecycleNotes(set.annotations, to: &notes)
        json.object { json in
            Self.writeHeader(set.name, doc: set.annotations.doc, notes: notes, to: &json)
            if set.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("$comment", constant: Self.fieldSetPolicy)
            writeObjectShape(set.fields, to: &json)
        }
    }

    /// `type`, `properties` and `required` of a record or field set.
    /// `additionalProperties` is never written: unknown properties pass.
    private func writeObjectShape(_ fields: [Field], to json: inout JSONWriter) {
        json.member("type", constant: "object")
        if !fields.isEmpty {
            json.key("properties")
            json.object { json in
                fields.forEachAddress { field in
                    json.key(quoting: field.pointee.name)
                    writeField(field, to: &json)
                }
            }
        }
        // A required field with aliases may arrive under any of its names;
        // its own rule says so (see `RecordRule.requiredUnderSomeName`).
        if fields.indices.contains(where: { fields[$0].isRequired && fields[$0].aliases.isEmpty }) {
            json.key("required")
            json.array { json in
                fields.forEachAddress { field in
                    if field.pointee.isRequired && field.pointee.aliases.isEmpty { json.string(quoting: field.pointee.name) }
                }
            }
        }
    }

    /// One branch per field: that field set, present and not null. `oneOf`
    /// then fails when none matches and when two or more do; `anyOf` only
    /// when none does. A field with aliases is set when the key readers take
    /// for it (the first of its names present) holds a value.
    private func writeGroupBranches(_ group: FieldGroup, of record: RecordType, to json: inout JSONWriter) {
        let fields = group.fields.map { name in (name, record.field(name)?.aliases ?? []) }
        json.array { json in
            for (name, aliases) in fields {
                json.object { json in
                    guard !aliases.isEmpty else {
                        Self.writeSet(name, to: &json)
                        return
                    }
                    json.key("anyOf")
                    json.array { json in
                        let names = [name] + aliases
                        for index in names.indices {
                            json.object { json in
                                if index > 0 {
                                    json.key("not")
                                    json.object { Self.writeAnyPresent(names[..<index], to: &$0) }
                                }
                                Self.writeSet(names[index], to: &json)
                            }
                        }
                    }
                }
            }
        }
    }

    /// `"required": [name]` and `name` not null.
    private static func writeSet(_ name: String, to json: inout JSONWriter) {
        json.key("required")
        json.array { $0.string(quoting: name) }
        json.key("properties")
        json.object { json in
            json.key(quoting: name)
            json.object { json in
                json.key("not")
                json.object { $0.member("type", constant: "null") }
            }
        }
    }

    /// The members of a schema that holds when any of `names` is present.
    private static func writeAnyPresent(_ names: ArraySlice<String>, to json: inout JSONWriter) {
        if names.count == 1 {
            json.key("required")
            json.array { $0.string(quoting: names[names.startIndex]) }
            return
        }
        json.key("anyOf")
        json.array { json in
            for name in names {
                json.object { json in
                    json.key("required")
                    json.array { $0.string(quoting: name) }
                }
            }
        }
    }

    /// The schema of `field` alone, as a property of its record has it:
    /// for the parameters of HTTP routes (the OpenAPI target).
    func writeFieldSchema(_ field: Field, to json: inout JSONWriter) {
        withUnsafePointer(to: field) { writeField($0, to: &json) }
    }

    /// The schema of a property; with `alias`, of that decode-only alias of
    /// the field, which readers take only when the field's own name is absent.
    private func writeField(_ field: UnsafePointer<Field>, alias: String? = nil, to json: inout JSONWriter) {
        var notes: [String] = []
        if let alias {
            notes.append(
                "A decode-only alias of \(Self.code(field.pointee.name)): readers take \(Self.code(alias)) when no earlier name of the field is present, and writers always write \(Self.code(field.pointee.name)).")
        } else if !field.pointee.aliases.isEmpty {
            notes.append(
                "Readers also accept \(Self.codeList(field.pointee.aliases)) for this field when \(Self.code(field.pointee.name)) is absent: the first of the names present is read, and the others are ignored. Writers write \(Self.code(field.pointee.name)).")
        }
        if case .scalar(.timestamp) = field.pointee.type { notes.append(Self.timestampNote) }
        let constraints = field.pointee.constraints
        if let bytes = constraints.maxBytes {
            notes.append(
                "At most \(bytes) bytes once encoded as UTF-8. maxLength counts characters, so it only rejects strings that are certainly too long; a string within it may still exceed the byte limit.")
        }
        if constraints.minLength != nil || constraints.maxLength != nil {
            notes.append("Lengths count characters as Unicode code points, as minLength and maxLength do.")
        }
        if let pattern = constraints.pattern {
            notes.append(
                "The whole string matches \(Self.code(pattern.source)). The pattern ends in $(?![\\s\\S]) so that engines whose $ also matches before a final line feed (Python, Java, PCRE) reject one there too.")
        }
        if field.pointee.degrades {
            notes.append(
                "Readers drop a value here that they cannot read (the wrong JSON type, or a nested value that fails) and treat the field as absent; this schema still rejects such a value.")
        }
        Self.addLifecycleNotes(
            deprecated: field.pointee.annotations.deprecated, since: field.pointee.annotations.since, to: &notes)

        json.beginObject()
        defer { json.end() }
        if let description = Self.description(field.pointee.annotations.doc, notes) {
            json.member("description", description)
        }
        Self.writeType(field.pointee.type, nullable: !field.pointee.isRequired, to: &json)
        if let minimum = constraints.minLength {
            json.key("minLength")
            json.integer(Int64(minimum))
        }
        // A byte limit is also a limit in characters, never a tighter one.
        if let maximum = [constraints.maxLength, constraints.maxBytes].compactMap({ $0 }).min() {
            json.key("maxLength")
            json.integer(Int64(maximum))
        }
        if let pattern = constraints.pattern {
            json.member("pattern", Self.portablePattern(pattern))
        }
        if let minimum = field.pointee.constraints.minimum {
            json.key("minimum")
            json.value(Self.number(minimum))
        }
        if let maximum = field.pointee.constraints.maximum {
            json.key("maximum")
            json.value(Self.number(maximum))
        }
        if let value = field.pointee.defaultValue {
            json.key("default")
            json.value(Self.json(value))
        }
        if field.pointee.annotations.deprecated != nil || alias != nil { json.member("deprecated", true) }
    }

    /// The pattern as JSON Schema gets it: the spec's `^…$` with a lookahead
    /// after the final `$` that no character follows. ECMA-262 reads it the
    /// same with or without it, and it keeps Python's `re` (the validator
    /// this project proves against), Java and PCRE, whose `$` also matches
    /// just before a final line feed, from accepting one there.
    static func portablePattern(_ pattern: StringPattern) -> String {
        pattern.source + "(?![\\s\\S])"
    }

    // MARK: - Type expressions

    static let timestampNote = "Epoch milliseconds: a JSON number counting milliseconds since 1970-01-01T00:00:00Z."

    /// The keywords that accept exactly the values of a type expression.
    ///
    /// `nullable` also accepts `null`: as a second entry of `type` where there
    /// is one, otherwise through an `anyOf` with a null branch. A timestamp
    /// inside a list or map (`nested`) carries its note itself, since no
    /// field description speaks for it there.
    static func writeType(_ type: TypeRef, nullable: Bool, nested: Bool = false, to json: inout JSONWriter) {
        switch type {
        case let .scalar(scalar):
            if scalar == .timestamp, nested { json.member("description", timestampNote) }
            writeTypeKeyword(jsonType(of: scalar), nullable: nullable, to: &json)
        case let .named(name):
            guard nullable else {
                writeReference(to: name, in: &json)
                return
            }
            json.key("anyOf")
            json.array { json in
                json.object { writeReference(to: name, in: &$0) }
                json.object { $0.member("type", constant: "null") }
            }
        case let .list(element):
            writeTypeKeyword("array", nullable: nullable, to: &json)
            json.key("items")
            json.object { writeType(element, nullable: false, nested: true, to: &$0) }
        case let .map(value):
            writeTypeKeyword("object", nullable: nullable, to: &json)
            json.key("additionalProperties")
            json.object { writeType(value, nullable: false, nested: true, to: &$0) }
        }
    }

    /// `"type": "name"`, or `"type": ["name", "null"]`.
    private static func writeTypeKeyword(_ name: StaticString, nullable: Bool, to json: inout JSONWriter) {
        json.key("type")
        if nullable {
            json.array { json in
                json.string(name)
                json.string("null")
            }
        } else {
            json.string(name)
        }
    }

    private static func jsonType(of scalar: Scalar) -> StaticString {
        switch scalar {
        case .string: "string"
        case .bool: "boolean"
        case .int: "integer"
        case .double, .timestamp: "number"
        }
    }

    // MARK: - Enums and opaque strings

    private func writeEnum(_ type: EnumType, to json: inout JSONWriter) {
        let aliasLists = type.decodeAliasesOfValues()
        var notes: [String] = []
        if type.isClosed {
            notes.append("Closed enum: no other value is accepted.")
            notes.append(Self.valueList(type.values))
        } else {
            notes.append("Open enum: any other string is accepted too, so that values added later do not break readers.")
        }
        var aliases: [String] = []
        for (index, list) in aliasLists.enumerated() {
            for alias in list { aliases.append("\(alias) (\(type.values[index].wire))") }
        }
        if !aliases.isEmpty {
            let covered = type.isClosed ? "" : " They fall under the any-string branch."
            notes.append(
                "Readers also accept these spellings and read them as the value in parentheses: \(aliases.joined(separator: ", ")).\(covered)")
        }
        Self.addLifecycleNotes(type.annotations, to: &notes)

        json.object { json in
            Self.writeHeader(type.name, doc: type.annotations.doc, notes: notes, to: &json)
            if type.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("type", constant: "string")
            if type.isClosed {
                json.key("enum")
                json.array { json in
                    for (index, list) in aliasLists.enumerated() {
                        json.string(quoting: type.values[index].wire)
                        for alias in list { json.string(quoting: alias) }
                    }
                }
            } else {
                json.key("anyOf")
                json.array { json in
                    type.values.forEachAddress { value in
                        json.object { json in
                            json.member("const", value.pointee.wire)
                            var notes: [String] = []
                            Self.addLifecycleNotes(value.pointee.annotations, to: &notes)
                            if let text = Self.description(value.pointee.annotations.doc, notes) { json.member("description", text) }
                            if value.pointee.annotations.deprecated != nil { json.member("deprecated", true) }
                        }
                    }
                    json.object { json in
                        json.member("description", constant: "Any other string: a value this version of the spec does not list, kept as is.")
                        json.member("type", constant: "string")
                    }
                }
            }
        }
    }

    private func writeOpaque(_ type: OpaqueStringType, to json: inout JSONWriter) {
        var notes = ["Any string is valid."]
        if !type.knownValues.isEmpty { notes.append("Known values:\n" + Self.valueList(type.knownValues)) }
        if type.emptyIsAbsent { notes.append("Readers treat an empty string as an absent value.") }
        Self.addLifecycleNotes(type.annotations, to: &notes)
        json.object { json in
            Self.writeHeader(type.name, doc: type.annotations.doc, notes: notes, to: &json)
            if type.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("type", constant: "string")
            if !type.knownValues.isEmpty {
                json.key("examples")
                json.array { json in
                    type.knownValues.forEachAddress { json.string(quoting: $0.pointee.wire) }
                }
            }
        }
    }

    // MARK: - Unions

    private func writeUnion(_ union: UnionType, to json: inout JSONWriter) {
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
        Self.addLifecycleNotes(union.annotations, to: &notes)

        json.object { json in
            Self.writeHeader(union.name, doc: union.annotations.doc, notes: notes, to: &json)
            if union.annotations.deprecated != nil { json.member("deprecated", true) }
            json.member("type", constant: "object")
            json.key("required")
            json.array { $0.string(quoting: discriminator) }
            json.key("oneOf")
            json.array { json in
                union.members.forEachAddress { member in
                    json.object { json in
                        Self.writeReference(to: member.pointee.typeName, in: &json)
                        json.key("properties")
                        json.object { json in
                            json.key(quoting: discriminator)
                            json.object { $0.member("const", member.pointee.tag) }
                        }
                    }
                }
                guard union.unknownTag == .keep else { return }
                json.object { json in
                    json.member("type", constant: "object")
                    json.key("required")
                    json.array { $0.string(quoting: discriminator) }
                    json.key("properties")
                    json.object { json in
                        json.key(quoting: discriminator)
                        json.object { json in
                            json.member("type", constant: "string")
                            json.key("not")
                            json.object { json in
                                json.key("enum")
                                json.array { json in
                                    union.members.forEachAddress { json.string(quoting: $0.pointee.tag) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: - Text

    /// `title` and, when there is anything to say, `description`.
    private static func writeHeader(_ name: String, doc: String?, notes: [String], to json: inout JSONWriter) {
        json.member("title", name)
        if let text = description(doc, notes) { json.member("description", text) }
    }

    private static func addLifecycleNotes(_ annotations: Annotations, to notes: inout [String]) {
        addLifecycleNotes(deprecated: annotations.deprecated, since: annotations.since, to: &notes)
    }

    private static func addLifecycleNotes(deprecated: String?, since: String?, to notes: inout [String]) {
        if let message = deprecated {
            notes.append(message.isEmpty ? "Deprecated." : "Deprecated: \(message)")
        }
        if let since { notes.append("Since spec \(since).") }
    }

    /// The doc and the notes as paragraphs, or nil when both are empty.
    static func description(_ doc: String?, _ notes: [String]) -> String? {
        var text = doc.map(trimmed) ?? ""
        for note in notes {
            let note = trimmed(note)
            if note.isEmpty { continue }
            if !text.isEmpty { text += "\n\n" }
            text += note
        }
        return text.isEmpty ? nil : text
    }

    /// One line per value: `- value: doc`, deprecation noted.
    static func valueList(_ values: [EnumValue]) -> String {
        var list = ""
        values.forEachAddress { value in
            if !list.isEmpty { list += "\n" }
            list += "- "
            list += value.pointee.wire
            if let doc = value.pointee.annotations.doc.map(trimmed), !doc.isEmpty {
                list += ": "
                list += doc
            }
            if let message = value.pointee.annotations.deprecated {
                list += message.isEmpty ? " (deprecated)" : " (deprecated: \(message))"
            }
        }
        return list
    }

    /// Without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        // The usual case, settled on the first and last byte: a character
        // that starts or ends with any other byte is not one of the four.
        let isSpaceByte = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let isTrimmed = text.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return !isSpaceByte(first) && !isSpaceByte(last)
        }
        if isTrimmed { return text }
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
