import OpenIAPSpec
import OpenIAPTemplates

// Over 500 lines: one struct whose private helpers (type expressions,
// literals, doc lines) serve records, aliases and declarations alike;
// cutting it by section would make those helpers visible to the whole
// module. The target is TypeScriptTarget.swift, the JSDoc builder
// TypeScriptDocComment.swift.

/// Turns the spec into template values. Every name, type, literal and doc
/// line is final text here; templates add only punctuation and layout.
struct TypeScriptViewModel {
    let spec: Spec
    let shapes: TypeScriptShapes
    /// Which shape of the types this model renders.
    let view: View

    enum View {
        /// The types as apps and SDKs use them, under their names.
        case api
        /// The JSON, as bridges read and write it: a type's twin where it
        /// has one, under the twin's name (`TypeScriptShapes`).
        case wire
    }

    init(spec: Spec, shapes: TypeScriptShapes? = nil, view: View = .api) {
        self.spec = spec
        self.shapes = shapes ?? TypeScriptShapes(spec: spec)
        self.view = view
    }

    /// The name this view gives a spec type.
    private func name(_ specName: String) -> String {
        view == .api ? shapes.apiName(specName) : shapes.wireName(specName)
    }

    /// A spec type expression as this view writes it.
    private func typeText(_ ref: TypeRef) -> String {
        view == .api ? shapes.apiType(ref) : shapes.wireType(ref)
    }

    /// The `file` template's context without its `declarations`, which the
    /// target streams: `declaration(_:)` of each type in turn.
    func frame(header: GeneratedHeader) -> TemplateObject {
        var object = TemplateObject(capacity: 13)
        // One comment line: a stray line break must not end the comment.
        object.append(Key.header, .string(header.text.split(whereSeparator: \.isNewline).joined(separator: " ")))
        // A file without exports would not be a module.
        object.append(Key.isEmpty, .bool(spec.types.isEmpty && spec.operations.isEmpty))
        return object
    }

    /// The member names of the objects built here, made once rather than
    /// per object.
    private enum Key {
        static let header = TemplateKey("header")
        static let isEmpty = TemplateKey("isEmpty")
        static let name = TemplateKey("name")
        static let isInterface = TemplateKey("isInterface")
        static let isIntersection = TemplateKey("isIntersection")
        static let isAlias = TemplateKey("isAlias")
        static let extendsClause = TemplateKey("extendsClause")
        static let fields = TemplateKey("fields")
        static let parts = TemplateKey("parts")
        static let hasOwnFields = TemplateKey("hasOwnFields")
        static let groups = TemplateKey("groups")
        static let variants = TemplateKey("variants")
        static let single = TemplateKey("single")
        static let members = TemplateKey("members")
        static let constant = TemplateKey("constant")
        static let key = TemplateKey("key")
        static let optionalMark = TemplateKey("optionalMark")
        static let type = TemplateKey("type")
        static let nullSuffix = TemplateKey("nullSuffix")
        static let value = TemplateKey("value")
    }

    /// The names of a property's object and of a declaration's, in the
    /// order they are added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    private static let fieldKeys = DocComment.templateKeys + [Key.key, Key.optionalMark, Key.type, Key.nullSuffix]
    private static let declarationKeys =
        DocComment.templateKeys + [
            Key.name, Key.isInterface, Key.isIntersection, Key.isAlias, Key.extendsClause, Key.fields, Key.parts,
            Key.hasOwnFields, Key.groups, Key.single, Key.members, Key.constant,
        ]

    /// A spec type's declaration in this view's shape. The wire view is
    /// asked only for the types that have a twin.
    func declaration(_ type: NamedType) -> TemplateValue {
        switch type {
        case let .record(record):
            if view == .api {
                if shapes.voidResultIsNothing, record.name == TypeScriptShapes.voidResultName { return nothingAlias(record) }
                if record.isOneOf { return oneOfAlias(record) }
                if record.exactlyOne.contains(where: { $0.choice != nil }) { return choiceDeclaration(record) }
                return recordInterface(record)
            }
            return record.exactlyOne.isEmpty && record.atLeastOne.isEmpty ? recordInterface(record) : groupIntersection(record)
        case let .fieldSet(set):
            return fieldSetInterface(set)
        case let .enumeration(enumeration):
            return enumAlias(enumeration)
        case let .opaqueString(opaque):
            return opaqueAlias(opaque)
        case let .union(union):
            return unionAlias(union)
        case let .alias(alias):
            // `export type PurchaseInput = Purchase;`: the very type.
            return self.alias(
                name(alias.name), doc: typeDoc(alias.annotations, of: alias.name), members: [.string(name(alias.target))])
        }
    }

    /// The arguments record of an operation, under its own name: only
    /// bridges use it, so it holds the JSON of its arguments.
    func argumentsDeclaration(_ record: RecordType) -> TemplateValue {
        recordInterface(record, declaredAs: record.name)
    }

    /// `export type PromotionalOfferJWSInputIOS = PromotionalOfferJwsInputIOS;`:
    /// the spec's spelling of a type that upstream's TypeScript spells
    /// otherwise, kept for code written against an earlier output.
    func spellingAlias(_ type: NamedType) -> TemplateValue {
        let apiName = shapes.apiName(type.name)
        var doc = DocComment("The spec's spelling of {@link \(apiName)}.")
        doc.addTag("@deprecated", "Use \(apiName), as upstream's TypeScript names it.")
        return alias(type.name, doc: doc, members: [.string(apiName)])
    }

    // MARK: - Records

    /// An interface of the record's own fields (an included set's fields
    /// come through `extends`, except a discriminator, which a member types
    /// by its tags). A group the record keeps is described in the doc: in
    /// the wire view only args records get here with groups, which they
    /// never have.
    private func recordInterface(_ record: RecordType, declaredAs declared: String? = nil) -> TemplateValue {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        record.fields.forEachAddress { field in
            if field.pointee.includedFrom == nil {
                appendField(field, of: record.name, to: &fields)
            } else if tags(of: field, in: record.name) != nil {
                fields.append(self.field(field, of: record.name))
            }
        }
        var doc = typeDoc(record.annotations, of: record.name)
        addGroupParagraphs(record, to: &doc)
        return interface(declared ?? name(record.name), extends: record.includes, fields: fields, doc: doc)
    }

    private func fieldSetInterface(_ set: FieldSet) -> TemplateValue {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(set.fields.count)
        set.fields.forEachAddress { appendField($0, of: set.name, to: &fields) }
        return interface(name(set.name), extends: [], fields: fields, doc: typeDoc(set.annotations, of: set.name))
    }

    private func interface(_ declared: String, extends: [String], fields: [TemplateValue], doc: DocComment) -> TemplateValue {
        let clause = extends.isEmpty ? "" : " extends " + extends.map(name).joined(separator: ", ")
        return declarationValue(name: declared, doc: doc, kind: .interface, extendsClause: clause, fields: fields)
    }

    /// "Exactly one of `a`, `b` is set (present and not null)." for each
    /// group the record's declaration does not express itself: in the API
    /// view every group but a choice, which says so and names the JSON's
    /// strict form; in the wire view none.
    private func addGroupParagraphs(_ record: RecordType, to doc: inout DocComment) {
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
    private func choiceDeclaration(_ record: RecordType) -> TemplateValue {
        let choices = record.exactlyOne.compactMap(\.choice)
        let taken = Set(choices.flatMap { $0.cases.map(\.field) } + choices.compactMap(\.tagField))
        var own: [TemplateValue] = []
        record.fields.forEachAddress { field in
            guard !taken.contains(field.pointee.name) else { return }
            if field.pointee.includedFrom == nil {
                appendField(field, of: record.name, to: &own)
            } else if tags(of: field, in: record.name) != nil {
                own.append(self.field(field, of: record.name))
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
    private func groupIntersection(_ record: RecordType) -> TemplateValue {
        let grouped = Set(record.exactlyOne.flatMap(\.fields) + record.atLeastOne.flatMap(\.fields))
        var own: [TemplateValue] = []
        record.fields.forEachAddress { field in
            guard field.pointee.includedFrom == nil else { return }
            if grouped.contains(field.pointee.name) {
                appendAliases(of: field, to: &own)
            } else {
                appendField(field, of: record.name, to: &own)
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
        /// The variants of a group, `member(chosen, position, member)` giving each member's property.
        func variants(_ group: FieldGroup, _ member: (Int, Int, UnsafePointer<Field>) -> TemplateValue) -> TemplateValue {
            let variants: [TemplateValue] = group.fields.indices.map { chosen in
                let fields: [TemplateValue] = group.fields.enumerated().compactMap { position, name in
                    guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                    return record.fields.withAddress(at: index) { member(chosen, position, $0) }
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
                    position == chosen ? field(member, of: record.name, forceRequired: true) : nullOnlyField(member)
                }
            }
            + record.atLeastOne.map { group in
                variants(group) { chosen, position, member in
                    position == chosen
                        ? field(member, of: record.name, forceRequired: true)
                        : position < chosen ? nullOnlyField(member) : field(member, of: record.name)
                }
            }
        return declarationValue(
            name: name(record.name), doc: doc, kind: .intersection, fields: own,
            parts: record.includes.map { .string(name($0)) }, hasOwnFields: !own.isEmpty, groups: groups)
    }

    /// `export type FetchProductsResult = Product[] | … | null;`: a `oneOf`
    /// record as the value of the one field its JSON sets.
    private func oneOfAlias(_ record: RecordType) -> TemplateValue {
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
    private func nothingAlias(_ record: RecordType) -> TemplateValue {
        var doc = DocComment(
            "What an operation that answers nothing resolves with, as upstream's TypeScript names it: no value at all.")
        doc.addParagraph(
            "The spec's record of this name is {@link \(shapes.wireName(record.name))}; no operation answers it.")
        doc.addLifecycle(record.annotations)
        return alias(name(record.name), doc: doc, members: ["void"])
    }

    /// A field's property, then a property for each of its aliases.
    private func appendField(_ field: UnsafePointer<Field>, of owner: String, to fields: inout [TemplateValue]) {
        fields.append(self.field(field, of: owner))
        appendAliases(of: field, to: &fields)
    }

    /// One optional, deprecated property per alias of `field`, of the
    /// field's type: readers accept the old key, so a payload that carries
    /// it still type-checks, and editors strike it through so that new code
    /// writes the field's name.
    private func appendAliases(of field: UnsafePointer<Field>, to fields: inout [TemplateValue]) {
        let name = field.pointee.name
        for alias in field.pointee.aliases {
            var object = TemplateObject(keys: Self.fieldKeys)
            let code = TypeScriptNames.docCode(name)
            var doc = DocComment(
                "A decode-only alias of \(code): readers take it when \(code) is absent (the first name present is read); writers write \(code).")
            doc.addTag("@deprecated", "Write \(code).")
            doc.addTemplateMembers(to: &object)
            object.append(Key.key, .string(TypeScriptNames.propertyKey(alias)))
            object.append(Key.optionalMark, "?")
            object.append(Key.type, .string(typeText(field.pointee.type)))
            // Readers take no null for a required field, under any name.
            object.append(Key.nullSuffix, field.pointee.isRequired ? "" : .string(TypeScriptTypeMapping.nullSuffix))
            fields.append(.object(object))
        }
    }

    /// The tags a discriminator field of a union member can have, as its
    /// type (`"google" | "horizon" | "amazon"`); nil for any other field.
    private func tags(of field: UnsafePointer<Field>, in owner: String) -> String? {
        guard let tags = shapes.tagValues[owner]?[field.pointee.name], !tags.isEmpty else { return nil }
        return tags.map(TypeScriptNames.stringLiteral).joined(separator: " | ")
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
    private func field(_ field: UnsafePointer<Field>, of owner: String, forceRequired: Bool = false) -> TemplateValue {
        var required = field.pointee.isRequired || forceRequired
        var type = typeText(field.pointee.type)
        var nullSuffix = required ? "" : TemplateValue.string(TypeScriptTypeMapping.nullSuffix)
        if let tags = tags(of: field, in: owner) {
            type = tags
            if view == .api, field.pointee.annotations.upstream != nil { required = false }
            nullSuffix = ""
        }
        var object = TemplateObject(keys: Self.fieldKeys)
        addFieldDoc(field, to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(field.pointee.name)))
        object.append(Key.optionalMark, required ? "" : "?")
        object.append(Key.type, .string(type))
        object.append(Key.nullSuffix, nullSuffix)
        return .object(object)
    }

    /// A property that no spec field describes alone: a choice's, or its tag's.
    private func property(_ key: String, type: String, optional: Bool, nullable: Bool, doc: String?) -> TemplateValue {
        var object = TemplateObject(keys: Self.fieldKeys)
        DocComment.addTemplateMembers(doc: doc, to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(key)))
        object.append(Key.optionalMark, optional ? "?" : "")
        object.append(Key.type, .string(type))
        object.append(Key.nullSuffix, nullable ? .string(TypeScriptTypeMapping.nullSuffix) : "")
        return .object(object)
    }

    /// A group member that another variant sets: absent or null only.
    private func nullOnlyField(_ field: UnsafePointer<Field>) -> TemplateValue {
        var object = TemplateObject(keys: Self.fieldKeys)
        DocComment.addTemplateMembers(doc: nil, to: &object)
        object.append(Key.key, .string(TypeScriptNames.propertyKey(field.pointee.name)))
        object.append(Key.optionalMark, "?")
        object.append(Key.type, "null")
        object.append(Key.nullSuffix, "")
        return .object(object)
    }

    // MARK: - Aliases

    private func enumAlias(_ type: EnumType) -> TemplateValue {
        var doc = DocComment(type.annotations.doc)
        let aliasLists = type.decodeAliasesOfValues()
        // The literals go straight into the list the template reads.
        var literals: [TemplateValue] = []
        literals.reserveCapacity(type.values.count + 1)
        // "`ALIAS` (`value`), …", written into one string.
        var aliasNotes = ""
        for (index, aliases) in aliasLists.enumerated() {
            let wire = type.values.withAddress(at: index) { $0.pointee.wire }
            literals.append(.string(TypeScriptNames.stringLiteral(wire)))
            for alias in aliases {
                if !aliasNotes.isEmpty { aliasNotes += ", " }
                aliasNotes += TypeScriptNames.docCode(alias)
                aliasNotes += " ("
                aliasNotes += TypeScriptNames.docCode(wire)
                aliasNotes += ")"
                // A closed type must still admit what readers accept.
                if type.isClosed { literals.append(.string(TypeScriptNames.stringLiteral(alias))) }
            }
        }
        doc.addParagraph(
            type.isClosed
                ? "Closed: no other value is valid."
                : "Open: other strings may arrive as the spec grows, so keep a fallback when comparing with these values.")
        Self.addValueList(type.values, to: &doc)
        if !aliasNotes.isEmpty {
            doc.addParagraph(
                "Readers also accept these spellings for the value in parentheses; write the value itself: " + aliasNotes + ".")
        }
        doc.addLifecycle(type.annotations)
        if !type.isClosed { literals.append(.string(TypeScriptTypeMapping.anyOtherString)) }
        let constant = type.name == APIOperation.errorCodeEnum ? codeObject(type) : TemplateValue.bool(false)
        return alias(name(type.name), doc: doc, members: literals, constant: constant)
    }

    /// `export const ErrorCode = { UserCancelled: "user-cancelled", … } as const;`:
    /// the error codes by name, the value upstream's `ErrorCode` enum is, so
    /// that `error.code === ErrorCode.UserCancelled` reads as it does there.
    /// The type of the same name stays as open as the enum. A value whose
    /// name is no identifier, or the name of a value before it, is listed
    /// under its code, quoted.
    private func codeObject(_ type: EnumType) -> TemplateValue {
        var taken: Set<String> = []
        var members: [TemplateValue] = []
        type.values.forEachAddress { value in
            let wire = value.pointee.wire
            let member = TypeScriptNames.memberName(wire)
            let key = TypeScriptNames.isIdentifier(member) && taken.insert(member).inserted ? member : TypeScriptNames.stringLiteral(wire)
            var object = TemplateObject(capacity: 5)
            DocComment.addTemplateMembers(doc: value.pointee.annotations.doc.map(Self.oneLine), to: &object)
            object.append(Key.key, .string(key))
            object.append(Key.value, .string(TypeScriptNames.stringLiteral(wire)))
            members.append(.object(object))
        }
        var doc = DocComment(
            "The codes by name, as upstream's enum of this name offers them: `\(name(type.name)).\(TypeScriptNames.memberName(type.values.first?.wire ?? "unknown"))` is \(TypeScriptNames.docCode(type.values.first?.wire ?? "unknown")).")
        doc.addParagraph(
            "The type `\(name(type.name))` stays open: a code from a later spec is a string none of these equals, so keep a fallback when comparing.")
        var object = TemplateObject(capacity: 5)
        doc.addTemplateMembers(to: &object)
        object.append(Key.name, .string(name(type.name)))
        object.append(Key.members, .list(members))
        return .object(object)
    }

    private func opaqueAlias(_ type: OpaqueStringType) -> TemplateValue {
        var doc = DocComment(type.annotations.doc)
        doc.addParagraph(
            type.knownValues.isEmpty ? "Any string is valid." : "Any string is valid; these values are known:")
        if !type.knownValues.isEmpty { Self.addValueList(type.knownValues, to: &doc) }
        if type.emptyIsAbsent { doc.addParagraph("Readers treat an empty string as an absent value.") }
        doc.addLifecycle(type.annotations)
        var members: [TemplateValue] = []
        if type.knownValues.isEmpty {
            members.append("string")
        } else {
            members.reserveCapacity(type.knownValues.count + 1)
            type.knownValues.forEachAddress { members.append(.string(TypeScriptNames.stringLiteral($0.pointee.wire))) }
            members.append(.string(TypeScriptTypeMapping.anyOtherString))
        }
        return alias(name(type.name), doc: doc, members: members)
    }

    /// `export type Purchase = PurchaseIOS | PurchaseAndroid;`: each member
    /// type once, in the order written. A member whose discriminator
    /// (typed by its tags, see `field`) can hold a tag this union does not
    /// give it is narrowed to this union's tags:
    /// `(Member & { kind: "a" })`.
    private func unionAlias(_ union: UnionType) -> TemplateValue {
        var doc = typeDoc(union.annotations, of: union.name)
        let discriminator = TypeScriptNames.docCode(union.discriminator)
        var check = "Check " + discriminator + " to tell the members apart: "
        let key = TypeScriptNames.propertyKey(union.discriminator)
        var order: [String] = []
        var tagsOf: [String: [String]] = [:]
        var first = true
        union.members.forEachAddress { member in
            let typeName = member.pointee.typeName
            if !first { check += ", " }
            first = false
            check += TypeScriptNames.docCode(member.pointee.tag) + " for {@link " + name(typeName) + "}"
            if tagsOf[typeName] == nil { order.append(typeName) }
            tagsOf[typeName, default: []].append(member.pointee.tag)
        }
        check += "."
        // The paragraphs go before the lifecycle tags, wherever they are added.
        doc.addParagraph(check)
        switch union.unknownTag {
        case .keep:
            doc.addParagraph(
                "Payloads with another \(discriminator) are kept by readers, but this type leaves them out so that checking \(discriminator) narrows it; code that may see them should treat an object matching no member as unknown.")
        case .fail:
            doc.addParagraph("Payloads with another \(discriminator) are rejected.")
        }
        let members: [TemplateValue] = order.map { typeName in
            let tags = tagsOf[typeName] ?? []
            if typesItsTags(typeName, discriminator: union.discriminator, as: tags) { return .string(name(typeName)) }
            let literals = tags.map(TypeScriptNames.stringLiteral).joined(separator: " | ")
            return .string("(" + name(typeName) + " & { " + key + ": " + literals + " })")
        }
        return alias(name(union.name), doc: doc, members: members)
    }

    /// Whether every record `typeName` stands for types `discriminator` as
    /// exactly `tags` (as a set), so that the member needs no narrowing.
    private func typesItsTags(_ typeName: String, discriminator: String, as tags: [String]) -> Bool {
        let records: [RecordType] =
            switch spec[typeName] {
            case let .record(record)?: [record]
            case .union?: (shapes.unionRecords[typeName] ?? []).compactMap(spec.record)
            default: []
            }
        return !records.isEmpty
            && records.allSatisfy { record in
                record.field(discriminator) != nil
                    && Set(shapes.tagValues[record.name]?[discriminator] ?? []) == Set(tags)
            }
    }

    func alias(_ declared: String, doc: DocComment, members: [TemplateValue], constant: TemplateValue = false) -> TemplateValue {
        declarationValue(
            name: declared, doc: doc, kind: .alias, single: members.count == 1 ? members[0] : "", members: members,
            constant: constant)
    }

    // MARK: - Declarations and docs

    private enum Kind { case interface, intersection, alias }

    /// Every key any declaration template reads is present, so a missing
    /// one can never be picked up from an enclosing context.
    private func declarationValue(
        name: String, doc: DocComment, kind: Kind, extendsClause: String = "", fields: [TemplateValue] = [],
        parts: [TemplateValue] = [], hasOwnFields: Bool = false, groups: [TemplateValue] = [], single: TemplateValue = "",
        members: [TemplateValue] = [], constant: TemplateValue = false
    ) -> TemplateValue {
        var object = TemplateObject(keys: Self.declarationKeys)
        doc.addTemplateMembers(to: &object)
        object.append(Key.name, .string(name))
        object.append(Key.isInterface, .bool(kind == .interface))
        object.append(Key.isIntersection, .bool(kind == .intersection))
        object.append(Key.isAlias, .bool(kind == .alias))
        object.append(Key.extendsClause, .string(extendsClause))
        object.append(Key.fields, .list(fields))
        object.append(Key.parts, .list(parts))
        object.append(Key.hasOwnFields, .bool(hasOwnFields))
        object.append(Key.groups, .list(groups))
        object.append(Key.single, single)
        object.append(Key.members, .list(members))
        object.append(Key.constant, constant)
        return .object(object)
    }

    /// The doc comment of a type: its doc, a note on a wire twin, then its
    /// lifecycle tags.
    private func typeDoc(_ annotations: Annotations, of specName: String) -> DocComment {
        var doc = DocComment(annotations.doc)
        if view == .wire, shapes.twins.contains(specName) {
            doc.addParagraph(
                "The JSON of {@link \(shapes.apiName(specName))}, as bridges read and write it; apps and SDKs use {@link \(shapes.apiName(specName))}.")
        }
        doc.addLifecycle(annotations)
        return doc
    }

    /// The doc comment members of a field: its doc, then notes on its
    /// constraints, then tags.
    private func addFieldDoc(_ field: UnsafePointer<Field>, to object: inout TemplateObject) {
        let isTimestamp = if case .scalar(.timestamp) = field.pointee.type { true } else { false }
        let constraints = field.pointee.constraints
        // Most fields have a doc and nothing to add to it. The annotations
        // are read through the pointer, not copied with every string they
        // hold.
        guard isTimestamp || constraints.maxBytes != nil || constraints.minimum != nil || constraints.maximum != nil
            || field.pointee.degrades || field.pointee.defaultValue != nil || field.pointee.annotations.deprecated != nil
            || field.pointee.annotations.since != nil || constraints.limitsStrings || !field.pointee.aliases.isEmpty
        else {
            DocComment.addTemplateMembers(doc: field.pointee.annotations.doc, to: &object)
            return
        }
        var doc = DocComment(field.pointee.annotations.doc)
        if isTimestamp { doc.addParagraph("Epoch milliseconds.") }
        if let bytes = constraints.maxBytes {
            doc.addParagraph("At most \(bytes) bytes once encoded as UTF-8 (bytes, not characters).")
        }
        if let length = ConstraintText.length(minimum: constraints.minLength, maximum: constraints.maxLength) {
            doc.addParagraph(length + ", counted as Unicode code points (JavaScript's `length` counts UTF-16 units, two for a character beyond U+FFFF).")
        }
        if let pattern = constraints.pattern {
            doc.addParagraph("The whole string matches " + TypeScriptNames.docCode(pattern.source) + " (readers check it).")
        }
        if !field.pointee.aliases.isEmpty {
            doc.addParagraph(
                "Readers also accept " + field.pointee.aliases.map(TypeScriptNames.docCode).joined(separator: ", ")
                    + " in its place when this key is absent.")
        }
        switch (constraints.minimum, constraints.maximum) {
        case let (minimum?, maximum?):
            doc.addParagraph("From \(JSONEscaping.number(minimum)) to \(JSONEscaping.number(maximum)), inclusive.")
        case let (minimum?, nil):
            doc.addParagraph("At least \(JSONEscaping.number(minimum)).")
        case let (nil, maximum?):
            doc.addParagraph("At most \(JSONEscaping.number(maximum)).")
        case (nil, nil):
            break
        }
        if field.pointee.degrades {
            doc.addParagraph("Readers drop a value here that they cannot read and treat the field as absent.")
        }
        if let value = field.pointee.defaultValue {
            doc.addTag("@defaultValue", TypeScriptNames.docCode(Self.literal(value)))
        }
        doc.addLifecycle(deprecated: TypeScriptDeprecation.message(field.pointee.annotations), since: field.pointee.annotations.since)
        doc.addTemplateMembers(to: &object)
    }

    /// The `valueList` paragraph, added line by line: a value's line only
    /// holds a line feed when its deprecation message does, and only then is
    /// the list joined and split again as one paragraph.
    static func addValueList(_ values: [EnumValue], to doc: inout DocComment) {
        let messagesBreak = values.contains { value in
            value.annotations.deprecated?.withUTF8Bytes { bytes in bytes.contains { (0x0A...0x0D).contains($0) || $0 >= 0x80 } }
                ?? false
        }
        if messagesBreak {
            doc.addParagraph(valueList(values))
            return
        }
        var first = true
        values.forEachAddress { value in
            doc.addParagraphLine(valueLine(value), startsParagraph: first)
            first = false
        }
    }

    /// `- value: doc` per value, deprecation noted.
    static func valueList(_ values: [EnumValue]) -> String {
        // One string appended to in place: a string per line, joined after,
        // allocated and copied every line twice.
        var list = ""
        values.forEachAddress { value in
            if !list.isEmpty { list += "\n" }
            list += valueLine(value)
        }
        return list
    }

    /// One line of `valueList`.
    private static func valueLine(_ value: UnsafePointer<EnumValue>) -> String {
        let code = TypeScriptNames.docCode(value.pointee.wire)
        let doc = value.pointee.annotations.doc.flatMap { $0.isEmpty ? nil : Self.oneLine($0) }
        let message = value.pointee.annotations.deprecated
        var line = ""
        line.reserveCapacity(
            2 + code.utf8.count + (doc.map { 2 + $0.utf8.count } ?? 0) + (message.map { 15 + $0.utf8.count } ?? 0))
        line += "- "
        line += code
        if let doc {
            line += ": "
            line += doc
        }
        if let message {
            if message.isEmpty {
                line += " (deprecated)"
            } else {
                line += " (deprecated: "
                line += message
                line += ")"
            }
        }
        return line
    }

    /// The text with its line breaks (and blank lines) replaced by single
    /// spaces.
    static func oneLine(_ text: String) -> String {
        // Line breaks are ASCII 0x0A to 0x0D or non-ASCII; text with neither
        // has none.
        // The bytes are read in place (the UTF-8 view steps slowly), and a
        // word with no control or non-ASCII byte is passed over whole.
        let hasBreak = text.withUTF8Bytes { bytes in
            var index = 0
            while index + 8 <= bytes.count, !ByteWords.hasControlOrNonASCII(ByteWords.word(bytes, at: index)) { index += 8 }
            return bytes[index...].contains { (0x0A...0x0D).contains($0) || $0 >= 0x80 }
        }
        if !hasBreak { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A default value as a TypeScript (and JSON) literal.
    static func literal(_ value: DefaultValue) -> String {
        switch value {
        case let .bool(flag): flag ? "true" : "false"
        case let .int(number): String(number)
        case let .double(number): JSONEscaping.number(number)
        case let .string(text), let .enumValue(text): TypeScriptNames.stringLiteral(text)
        case let .list(items): "[" + items.map(literal).joined(separator: ", ") + "]"
        }
    }
}
