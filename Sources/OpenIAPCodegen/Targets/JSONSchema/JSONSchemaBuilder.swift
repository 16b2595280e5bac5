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
    func writeAlias(_ alias: TypeAlias, to json: inout JSONWriter) {
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
    static func writeReference(to name: String, in json: inout JSONWriter) {
        json.member("$ref", prefix: json.referencePrefix, quoting: name)
    }

    // MARK: - Records

    /// A rule on a record beyond its properties, written as one or more
    /// members of a schema object: alone at the top of the record, or as one
    /// entry of an `allOf` when there are several.
    enum RecordRule {
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

    func writeRecord(_ record: RecordType, to json: inout JSONWriter) {
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
        // By position: most fields have no alias, and only those that do are copied.
        for position in record.fields.indices where !record.fields[position].aliases.isEmpty {
            let field = record.fields[position]
            if field.isRequired { rules.append(.requiredUnderSomeName(field)) }
            for index in field.aliases.indices { rules.append(.alias(field, index: index)) }
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
    func writeRule(_ rule: RecordRule, of record: RecordType, to json: inout JSONWriter) {
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
                    writeField(field, alias: field.aliases[index], to: &json)
                }
            }
        }
    }

    func writeFieldSet(_ set: FieldSet, to json: inout JSONWriter) {
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
    func writeObjectShape(_ fields: [Field], to json: inout JSONWriter) {
        json.member("type", constant: "object")
        if !fields.isEmpty {
            json.key("properties")
            json.beginObject()
            // By index: `for field in fields` copies every field out of
            // the array (a retain and a release of each of its members).
            for index in fields.indices {
                json.key(quoting: fields[index].name)
                writeField(at: index, of: fields, to: &json)
            }
            json.end()
        }
        // A required field with aliases may arrive under any of its names;
        // its own rule says so (see `RecordRule.requiredUnderSomeName`).
        if fields.indices.contains(where: { fields[$0].isRequired && fields[$0].aliases.isEmpty }) {
            json.key("required")
            json.array { json in
                for index in fields.indices where fields[index].isRequired && fields[index].aliases.isEmpty {
                    json.string(quoting: fields[index].name)
                }
            }
        }
    }

    /// One branch per field: that field set, present and not null. `oneOf`
    /// then fails when none matches and when two or more do; `anyOf` only
    /// when none does. A field with aliases is set when the key readers take
    /// for it (the first of its names present) holds a value.
    func writeGroupBranches(_ group: FieldGroup, of record: RecordType, to json: inout JSONWriter) {
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
    static func writeSet(_ name: String, to json: inout JSONWriter) {
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
    static func writeAnyPresent(_ names: ArraySlice<String>, to json: inout JSONWriter) {
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
        writeField(field, to: &json)
    }

    /// The schema of a property; with `alias`, of that decode-only alias of
    /// the field, which readers take only when the field's own name is absent.
    func writeField(_ field: Field, alias: String? = nil, to json: inout JSONWriter) {
        writeField(at: 0, of: [field], alias: alias, to: &json)
    }

    /// `writeField` of `fields[index]`, whose members are read where they
    /// are: passing `fields[index]` whole copied the field out of the array
    /// first (a retain and a release of each of its members, some 580
    /// instructions a property).
    func writeField(at index: Int, of fields: [Field], alias: String? = nil, to json: inout JSONWriter) {
        var notes: [String] = []
        if let alias {
            let name = fields[index].name
            notes.append(
                "A decode-only alias of \(Self.code(name)): readers take \(Self.code(alias)) when no earlier name of the field is present, and writers always write \(Self.code(name)).")
        } else if !fields[index].aliases.isEmpty {
            let field = fields[index]
            notes.append(
                "Readers also accept \(Self.codeList(field.aliases)) for this field when \(Self.code(field.name)) is absent: the first of the names present is read, and the others are ignored. Writers write \(Self.code(field.name)).")
        }
        if case .scalar(.timestamp) = fields[index].type { notes.append(Self.timestampNote) }
        let constraints = fields[index].constraints
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
        if fields[index].degrades {
            notes.append(
                "Readers drop a value here that they cannot read (the wrong JSON type, or a nested value that fails) and treat the field as absent; this schema still rejects such a value.")
        }
        Self.addLifecycleNotes(
            deprecated: fields[index].annotations.deprecated, since: fields[index].annotations.since, to: &notes)

        json.beginObject()
        defer { json.end() }
        Self.writeDescription(fields[index].annotations.doc, notes, to: &json)
        Self.writeType(fields[index].type, nullable: !fields[index].isRequired, to: &json)
        if let minimum = constraints.minLength {
            json.key("minLength")
            json.integer(Int64(minimum))
        }
        // A byte limit is also a limit in characters, never a tighter one.
        // (Taken without an array of the two: `compactMap` made one a field.)
        var maximum = constraints.maxLength
        if let bytes = constraints.maxBytes { maximum = min(maximum ?? bytes, bytes) }
        if let maximum {
            json.key("maxLength")
            json.integer(Int64(maximum))
        }
        if let pattern = constraints.pattern {
            json.member("pattern", Self.portablePattern(pattern))
        }
        if let minimum = constraints.minimum {
            json.key("minimum")
            json.value(Self.number(minimum))
        }
        if let maximum = constraints.maximum {
            json.key("maximum")
            json.value(Self.number(maximum))
        }
        if let value = fields[index].defaultValue {
            json.key("default")
            json.value(Self.json(value))
        }
        if fields[index].annotations.deprecated != nil || alias != nil { json.member("deprecated", true) }
    }

    /// The pattern as JSON Schema gets it: the spec's `^…$` with a lookahead
    /// after the final `$` that no character follows. ECMA-262 reads it the
    /// same with or without it, and it keeps Python's `re` (the validator
    /// this project proves against), Java and PCRE, whose `$` also matches
    /// just before a final line feed, from accepting one there.
    static func portablePattern(_ pattern: StringPattern) -> String {
        pattern.source + "(?![\\s\\S])"
    }
}
