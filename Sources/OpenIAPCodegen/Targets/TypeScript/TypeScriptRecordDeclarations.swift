import OpenIAPSpec
import OpenIAPTemplates

/// The declarations of records and shared field sets: interfaces,
/// exactly-one and at-least-one groups, oneOf records, and their fields.
extension TypeScriptViewModel {
    /// An interface of the record's own fields (an included set's fields
    /// come through `extends`, except a discriminator, which a member types
    /// by its tags). A group the record keeps is described in the doc: in
    /// the wire view only args records get here with groups, which they
    /// never have.
    func recordInterface(_ record: RecordType, declaredAs declared: String? = nil) -> TemplateValue {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        let tags = discriminatorTags(of: record.name)
        // By position: `for field in record.fields` copies every field out
        // of the array (a retain and a release of each of its members).
        for index in record.fields.indices {
            if record.fields[index].includedFrom == nil {
                appendField(record.fields, at: index, tags: tags, to: &fields)
            } else if Self.isDiscriminator(record.fields[index].name, tags: tags) {
                fields.append(field(record.fields, at: index, tags: tags))
            }
        }
        var doc = typeDoc(record.annotations, of: record.name)
        addGroupParagraphs(record, to: &doc)
        return interface(declared ?? name(record.name), extends: record.includes, fields: fields, doc: doc)
    }

    func fieldSetInterface(_ set: FieldSet) -> TemplateValue {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(set.fields.count)
        let tags = discriminatorTags(of: set.name)
        for index in set.fields.indices { appendField(set.fields, at: index, tags: tags, to: &fields) }
        return interface(name(set.name), extends: [], fields: fields, doc: typeDoc(set.annotations, of: set.name))
    }

    func interface(_ declared: String, extends: [String], fields: [TemplateValue], doc: DocComment) -> TemplateValue {
        let clause = extends.isEmpty ? "" : " extends " + extends.map(name).joined(separator: ", ")
        return declarationValue(name: declared, doc: doc, kind: .interface, extendsClause: clause, fields: fields)
    }

    /// "Exactly one of `a`, `b` is set (present and not null)." for each
    /// group the record's declaration does not express itself: in the API
    /// view every group but a choice, which says so and names the JSON's
    /// strict form; in the wire view none.
    func addGroupParagraphs(_ record: RecordType, to doc: inout DocComment) {
        var any = false
        for group in record.exactlyOne where group.choice == nil {
            doc.addParagraph(
                "Exactly one of \(group.fields.map(TypeScriptNames.docCode).joined(separator: ", ")) is set (present and not null).")
            any = true
        }
        for group in record.atLeastOne {
            doc.addParagraph(
                "At least one of \(group.fields.map(TypeScriptNames.docCode).joined(separator: ", ")) is set (present and not null).")
            any = true
        }
        if any, view == .api {
            doc.addParagraph(
                "This type leaves that to the bridge, which rejects a request that breaks it, so that a request can be built step by step as upstream's can; {@link \(shapes.wireName(record.name))} holds it.")
        }
    }

    /// An input with named choices, as callers write it: its other fields,
    /// then each choice as one property. A choice with a tag is a union of
    /// variants, each the property and the tag's value
    /// (`{ request: …; type: "in-app" } | { request: …; type: "subs" }`); one
    /// without is a property holding an object of one case
    /// (`{ request: { purchase: … } | { subscription: … } }`).
    func choiceDeclaration(_ record: RecordType) -> TemplateValue {
        let choices = record.exactlyOne.compactMap(\.choice)
        let taken = Set(choices.flatMap { $0.cases.map(\.field) } + choices.compactMap(\.tagField))
        var own: [TemplateValue] = []
        let tags = discriminatorTags(of: record.name)
        for index in record.fields.indices {
            guard !taken.contains(record.fields[index].name) else { continue }
            if record.fields[index].includedFrom == nil {
                appendField(record.fields, at: index, tags: tags, to: &own)
            } else if Self.isDiscriminator(record.fields[index].name, tags: tags) {
                own.append(field(record.fields, at: index, tags: tags))
            }
        }
        var doc = typeDoc(record.annotations, of: record.name)
        addGroupParagraphs(record, to: &doc)
        var groups: [TemplateValue] = []
        for choice in choices {
            let propertyCode = TypeScriptNames.docCode(choice.property)
            let cases = choice.cases.compactMap { item in record.field(item.field).map { (item, $0) } }
            let wireNote = " The JSON sets the case's own field instead (\(cases.map { TypeScriptNames.docCode($0.1.name) }.joined(separator: ", ")): {@link \(shapes.wireName(record.name))})."
            if let tagName = choice.tagField, let tag = record.field(tagName) {
                let tagCode = TypeScriptNames.docCode(tagName)
                let list = cases.map { "\(TypeScriptNames.docCode($0.0.tagValue ?? "")) with {@link \(typeText($0.1.type))}" }
                doc.addParagraph("Set \(propertyCode) and \(tagCode) together: \(list.joined(separator: ", ")).\(wireNote)")
                let variants: [TemplateValue] = cases.map { item, field in
                    var variant = TemplateObject(capacity: 1)
                    variant.append(Key.fields, .list([
                        property(choice.property, type: typeText(field.type), optional: false, nullable: false, doc: field.annotations.doc),
                        property(tagName, type: TypeScriptNames.stringLiteral(item.tagValue ?? ""), optional: false, nullable: false, doc: tag.annotations.doc),
                    ]))
                    return .object(variant)
                }
                var object = TemplateObject(capacity: 1)
                object.append(Key.variants, .list(variants))
                groups.append(.object(object))
            } else {
                let list = cases.map { "\(TypeScriptNames.docCode($0.0.name)) for {@link \(typeText($0.1.type))}" }
                doc.addParagraph("\(propertyCode) holds one case: \(list.joined(separator: ", ")).\(wireNote)")
                let type = cases.map { "{ \(TypeScriptNames.propertyKey($0.0.name)): \(typeText($0.1.type)) }" }.joined(separator: " | ")
                own.append(property(choice.property, type: type, optional: false, nullable: false, doc: nil))
            }
        }
        if groups.isEmpty {
            return declarationValue(
                name: name(record.name), doc: doc, kind: .interface,
                extendsClause: record.includes.isEmpty ? "" : " extends " + record.includes.map(name).joined(separator: ", "),
                fields: own)
        }
        return declarationValue(
            name: name(record.name), doc: doc, kind: .intersection, fields: own,
            parts: record.includes.map { .string(name($0)) }, hasOwnFields: !own.isEmpty, groups: groups)
    }

    /// `Sets & { other fields } & (| {a: A; b?: null} | {a?: null; b: B})`:
    /// the JSON of an input with groups, which tsc holds to them.
    ///
    /// In each variant of an exactly-one group one member is required and
    /// not null, and the others may only be absent or null. An at-least-one
    /// group has a variant per member that is the first one set: the
    /// members before it are absent or null, it is required and not null,
    /// and the members after it are as optional as ever. A member's aliases
    /// are among the other fields, optional: the variants name the members
    /// by their names, which writers write.
    func groupIntersection(_ record: RecordType) -> TemplateValue {
        let grouped = Set(record.exactlyOne.flatMap(\.fields) + record.atLeastOne.flatMap(\.fields))
        var own: [TemplateValue] = []
        let tags = discriminatorTags(of: record.name)
        for index in record.fields.indices {
            guard record.fields[index].includedFrom == nil else { continue }
            if grouped.contains(record.fields[index].name) {
                appendAliases(record.fields, at: index, to: &own)
            } else {
                appendField(record.fields, at: index, tags: tags, to: &own)
            }
        }
        var doc = typeDoc(record.annotations, of: record.name)
        for group in record.exactlyOne {
            doc.addParagraph(
                "Exactly one of \(group.fields.map(TypeScriptNames.docCode).joined(separator: ", ")) is set (present and not null).")
        }
        for group in record.atLeastOne {
            doc.addParagraph(
                "At least one of \(group.fields.map(TypeScriptNames.docCode).joined(separator: ", ")) is set (present and not null).")
        }
        /// The variants of a group, `member(chosen, position, index)` giving the
        /// property of each member, the record's field at `index`.
        func variants(_ group: FieldGroup, _ member: (Int, Int, Int) -> TemplateValue) -> TemplateValue {
            let variants: [TemplateValue] = group.fields.indices.map { chosen in
                let fields: [TemplateValue] = group.fields.enumerated().compactMap { position, name in
                    guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                    return member(chosen, position, index)
                }
                var variant = TemplateObject(capacity: 1)
                variant.append(Key.fields, .list(fields))
                return .object(variant)
            }
            var object = TemplateObject(capacity: 1)
            object.append(Key.variants, .list(variants))
            return .object(object)
        }
        let groups: [TemplateValue] =
            record.exactlyOne.map { group in
                variants(group) { chosen, position, member in
                    position == chosen
                        ? field(record.fields, at: member, tags: tags, forceRequired: true)
                        : nullOnlyField(record.fields[member].name)
                }
            }
            + record.atLeastOne.map { group in
                variants(group) { chosen, position, member in
                    position == chosen
                        ? field(record.fields, at: member, tags: tags, forceRequired: true)
                        : position < chosen
                            ? nullOnlyField(record.fields[member].name) : field(record.fields, at: member, tags: tags)
                }
            }
        return declarationValue(
            name: name(record.name), doc: doc, kind: .intersection, fields: own,
            parts: record.includes.map { .string(name($0)) }, hasOwnFields: !own.isEmpty, groups: groups)
    }

    /// `export type FetchProductsResult = Product[] | … | null;`: a `oneOf`
    /// record as the value of the one field its JSON sets.
    func oneOfAlias(_ record: RecordType) -> TemplateValue {
        var doc = typeDoc(record.annotations, of: record.name)
        let keys = record.fields.map { TypeScriptNames.docCode($0.name) }.joined(separator: ", ")
        doc.addParagraph(
            "The value of the one field the answer sets, the first present of \(keys); null when it sets none of them (an answer of a later spec). Its JSON is {@link \(shapes.wireName(record.name))}:")
        var members: [TemplateValue] = []
        var seen: Set<String> = []
        var first = true
        for field in record.fields {
            let type = typeText(field.type)
            doc.addParagraphLine(
                "- " + TypeScriptNames.docCode(field.name) + ": "
                    + (field.annotations.doc.map(Self.oneLine) ?? TypeScriptNames.docCode(type)),
                startsParagraph: first)
            first = false
            if seen.insert(type).inserted { members.append(.string(type)) }
        }
        members.append("null")
        return alias(name(record.name), doc: doc, members: members)
    }

    /// `export type VoidResult = void;`, upstream's name for the answer of
    /// nothing, which stands where the spec's record would.
    func nothingAlias(_ record: RecordType) -> TemplateValue {
        var doc = DocComment(
            "What an operation that answers nothing resolves with, as upstream's TypeScript names it: no value at all.")
        doc.addParagraph(
            "The spec's record of this name is {@link \(shapes.wireName(record.name))}; no operation answers it.")
        doc.addLifecycle(record.annotations)
        return alias(name(record.name), doc: doc, members: ["void"])
    }

    /// The property of `fields[index]`, then a property for each of its
    /// aliases.
    ///
    /// A field is named by its list and position here and below, and its
    /// members read in place: passing `fields[index]` copied the whole
    /// field (a retain and a release of each of its members) for every
    /// property.
    func appendField(_ fields: [Field], at index: Int, tags: [String: [String]]?, to values: inout [TemplateValue]) {
        values.append(field(fields, at: index, tags: tags))
        appendAliases(fields, at: index, to: &values)
    }

    /// One optional, deprecated property per alias of `field`, of the
    /// field's type: readers accept the old key, so a payload that carries
    /// it still type-checks, and editors strike it through so that new code
    /// writes the field's name.
    func appendAliases(_ fields: [Field], at index: Int, to values: inout [TemplateValue]) {
        guard !fields[index].aliases.isEmpty else { return }
        let field = fields[index]
        let name = field.name
        for alias in field.aliases {
            var object = TemplateObject(keys: Self.fieldKeys)
            let code = TypeScriptNames.docCode(name)
            var doc = DocComment(
                "A decode-only alias of \(code): readers take it when \(code) is absent (the first name present is read); writers write \(code).")
            doc.addTag("@deprecated", "Write \(code).")
            doc.addTemplateMembers(to: &object)
            object.append(Key.key, .string(TypeScriptNames.propertyKey(alias)))
            object.append(Key.optionalMark, "?")
            object.append(Key.type, .string(typeText(field.type)))
            // Readers take no null for a required field, under any name.
            object.append(Key.nullSuffix, field.isRequired ? "" : .string(TypeScriptTypeMapping.nullSuffix))
            values.append(.object(object))
        }
    }

    /// The tags each discriminator field of a union member can have
    /// (`TypeScriptShapes.tagValues`), by field name; nil for a type that
    /// is no union member. Looked up once per type, not per field.
    func discriminatorTags(of owner: String) -> [String: [String]]? {
        shapes.tagValues[owner]
    }

    /// Whether the field called `name` is a discriminator of the type
    /// whose `discriminatorTags` are `tags`.
    static func isDiscriminator(_ name: String, tags: [String: [String]]?) -> Bool {
        guard let tags else { return false }
        return tags[name]?.isEmpty == false
    }

    /// The tags a discriminator field of a union member can have, as its
    /// type (`"google" | "horizon" | "amazon"`); nil for any other field.
    /// `tags` is the owner's `discriminatorTags`.
    static func tagType(of name: String, tags: [String: [String]]?) -> String? {
        guard let tags, let values = tags[name], !values.isEmpty else { return nil }
        return values.map(TypeScriptNames.stringLiteral).joined(separator: " | ")
    }

    /// A property: `key`, `optionalMark`, `type` and `nullSuffix`, which
    /// the template writes as `key?: type | null`. The type and its
    /// ` | null` stay two members so that an optional property's type is
    /// the mapped name itself rather than a new string made per field.
    ///
    /// A union member's discriminator takes its tags as its type. In the API
    /// a discriminator the spec marks as ours (`upstream:`, a field upstream
    /// lacks) is optional, so that code written for upstream need not set
    /// it; the JSON always has it.
    ///
    /// `tags` is the owner's `discriminatorTags`.
    func field(_ fields: [Field], at index: Int, tags: [String: [String]]?, forceRequired: Bool = false) -> TemplateValue {
        var required = fields[index].isRequired || forceRequired
        let type: String
        var nullSuffix = required ? "" : TemplateValue.string(TypeScriptTypeMapping.nullSuffix)
        if let tags = Self.tagType(of: fields[index].name, tags: tags) {
            type = tags
            if view == .api, fields[index].annotations.upstream != nil { required = false }
            nullSuffix = ""
        } else {
            type = typeText(fields[index].type)
        }
        var object = TemplateObject(keys: Self.fieldKeys)
        addFieldDoc(fields, at: index, to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(fields[index].name)))
        object.append(Key.optionalMark, required ? "" : "?")
        object.append(Key.type, .string(type))
        object.append(Key.nullSuffix, nullSuffix)
        return .object(object)
    }

    /// A property that no spec field describes alone: a choice's, or its tag's.
    func property(_ key: String, type: String, optional: Bool, nullable: Bool, doc: String?) -> TemplateValue {
        var object = TemplateObject(keys: Self.fieldKeys)
        DocComment.addTemplateMembers(doc: doc, to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(key)))
        object.append(Key.optionalMark, optional ? "?" : "")
        object.append(Key.type, .string(type))
        object.append(Key.nullSuffix, nullable ? .string(TypeScriptTypeMapping.nullSuffix) : "")
        return .object(object)
    }

    /// A group member that another variant sets, called `name`: absent or
    /// null only.
    func nullOnlyField(_ name: String) -> TemplateValue {
        var object = TemplateObject(keys: Self.fieldKeys)
        DocComment.addTemplateMembers(doc: nil, to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(name)))
        object.append(Key.optionalMark, "?")
        object.append(Key.type, "null")
        object.append(Key.nullSuffix, "")
        return .object(object)
    }
}
