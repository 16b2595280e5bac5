/// Builds the template contexts of the Kotlin target. Every Kotlin decision
/// (names, escaping, types, the decode, encode, equality and validation
/// code) is made here; templates only place the results.
///
/// The code composed here follows a few rules that keep it compiling with
/// warnings as errors whatever the spec says: properties are always read
/// as `this.name` (a field may be called `other`, `path` or `json`); the
/// lambdas of nested lists and maps number their parameters by depth
/// (`v1`, `p1`), so none shadows another; every spec text reaches the
/// source through `KotlinNames`.
struct KotlinViewModel {
    let spec: Spec
    /// Names of the records and unions whose `validate` has something to
    /// check, directly or in a value they contain.
    let validating: Set<String>

    init(spec: Spec) {
        self.spec = spec
        self.validating = Self.validatingTypes(spec)
    }

    /// Records with constraints or exactly-one groups, and every record and
    /// union that contains one of them, worked outwards through who contains
    /// whom.
    static func validatingTypes(_ spec: Spec) -> Set<String> {
        var containers: [String: [String]] = [:]
        var pending: [String] = []
        for type in spec.types {
            switch type {
            case let .record(r):
                if !r.exactlyOne.isEmpty || r.fields.contains(where: { !$0.constraints.isEmpty }) { pending.append(r.name) }
                for field in r.fields {
                    if let leaf = field.type.namedLeaf { containers[leaf, default: []].append(r.name) }
                }
            case let .union(u):
                for member in u.members { containers[member.typeName, default: []].append(u.name) }
            default:
                break
            }
        }
        var result: Set<String> = []
        while let name = pending.popLast() {
            if result.insert(name).inserted { pending.append(contentsOf: containers[name] ?? []) }
        }
        return result
    }

    /// Records and unions by spec name, for `OpenIAPTypeRegistry`.
    func registryEntries() -> [TemplateValue] {
        spec.types.compactMap { type in
            switch type {
            case .record, .union:
                return ["key": .string(KotlinNames.stringLiteral(type.name)), "type": .string(type.name)]
            default:
                return nil
            }
        }
    }

    // MARK: - Per construct

    /// Every type's object has the kind flags, its name, docs and
    /// deprecation, and then what its kind adds.
    func context(at position: Int) -> TemplateValue {
        let type = spec.types[position]
        var object: TemplateObject = [
            "isRecord": false, "isEnum": false, "isClosedEnum": false, "isOpaque": false, "isUnion": false,
            "isFieldSet": false,
        ]
        let names = KotlinMemberNames(type)
        switch type {
        case let .enumeration(e):
            object[e.isClosed ? "isClosedEnum" : "isEnum"] = true
            addEnum(e, names: names, to: &object)
        case let .opaqueString(s):
            object["isOpaque"] = true
            addOpaque(s, names: names, to: &object)
        case let .record(r):
            object["isRecord"] = true
            addRecord(r, names: names, to: &object)
        case let .fieldSet(s):
            object["isFieldSet"] = true
            object["requirements"] = .list(zip(s.fields, names.members).map { field, member in
                var requirement: TemplateObject = [
                    "deprecation": .string(deprecation(field.annotations)),
                    "property": .string(KotlinNames.escaped(member.name)),
                    "type": .string(KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)),
                ]
                addDocs(fieldDocParagraphs(field), to: &requirement)
                return .object(requirement)
            })
        case let .union(u):
            object["isUnion"] = true
            addUnion(u, names: names, to: &object)
        }
        object["name"] = .string(type.name)
        addDocs([type.annotations.doc], to: &object)
        object["deprecation"] = .string(deprecation(type.annotations))
        return .object(object)
    }

    private func addEnum(_ type: EnumType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let aliases = type.decodeAliasesOfValues()
        var cases: [TemplateValue] = []
        for (index, value) in type.values.enumerated() {
            let spellings = ([value.wire] + aliases[index]).map(KotlinNames.stringLiteral).joined(separator: ", ")
            var item: TemplateObject = [
                "deprecation": .string(deprecation(value.annotations)),
                "member": .string(KotlinNames.escaped(names.members[index].name)),
                "wire": .string(KotlinNames.stringLiteral(value.wire)),
                "spellings": .string(spellings),
            ]
            addDocs([value.annotations.doc], to: &item)
            cases.append(.object(item))
        }
        object["cases"] = .list(cases)
        object["knownList"] = .string(names.members.map { KotlinNames.escaped($0.name) }.joined(separator: ", "))
        object["unknownMember"] = .string(KotlinNames.unknownMember)
        object["expectedValues"] = .string(KotlinNames.stringLiteral(type.values.map(\.wire).joined(separator: ", ")))
        object["unknownValueMessage"] = .string(KotlinNames.stringLiteral("unknown \(type.name) value '"))
    }

    private func addOpaque(_ type: OpaqueStringType, names: KotlinMemberNames, to object: inout TemplateObject) {
        object["constants"] = .list(zip(type.knownValues, names.members).map { value, member in
            var constant: TemplateObject = [
                "deprecation": .string(deprecation(value.annotations)),
                "constant": .string(KotlinNames.escaped(member.name)),
                "wire": .string(KotlinNames.stringLiteral(value.wire)),
            ]
            addDocs([value.annotations.doc], to: &constant)
            return .object(constant)
        })
        object["knownList"] = .string(names.members.map { KotlinNames.escaped($0.name) }.joined(separator: ", "))
    }

    private func addRecord(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        var fields: [TemplateValue] = []
        var equalities: [String] = []
        var validation: [TemplateValue] = []
        for (field, member) in zip(record.fields, names.members) {
            let property = KotlinNames.escaped(member.name)
            let access = "this." + property
            let type = KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)
            let key = KotlinNames.stringLiteral(field.name)
            let defaultLiteral = field.defaultValue.map { KotlinTypeMapping.literal($0, type: field.type, spec: spec) }
            let initDefault = defaultLiteral.map { " = " + $0 } ?? (field.isRequired ? "" : " = null")
            let isDouble = field.type == .scalar(.double) || field.type == .scalar(.timestamp)
            equalities.append(isDouble ? "OpenIAPEquality.same(\(access), other.\(property))" : "\(access) == other.\(property)")
            var item: TemplateObject = [
                "deprecation": .string(deprecation(field.annotations)),
                "override": .string(field.includedFrom != nil ? "override " : ""),
                "property": .string(property),
                "type": .string(type),
                "initDefault": .string(initDefault),
                "decode": .string(decodeField(field, key: key)),
                "encode": .string(encodeField(field, access: access, key: key)),
                "hash": .string(field.isRequired ? "\(access).hashCode()" : "(\(access)?.hashCode() ?: 0)"),
                "describe": .string(member.name + "=${" + access + "}"),
            ]
            addDocs(fieldDocParagraphs(field, defaultLiteral: defaultLiteral), to: &item)
            fields.append(.object(item))
            validation += validationLines(field, access: access, key: key)
        }
        let validates = validating.contains(record.name)
        object["fields"] = .list(fields)
        object["hasFields"] = .bool(!fields.isEmpty)
        object["equalities"] = .list(equalities.enumerated().map { .string($0.offset == 0 ? $0.element : "&& " + $0.element) })
        var conformances = ["OpenIAPModel"]
        for name in record.includes where !conformances.contains(name) { conformances.append(name) }
        object["conformances"] = .string(conformances.joined(separator: ", "))
        object["validates"] = .bool(validates)
        object["validationLines"] = .list(validates ? exactlyOneLines(record) + validation : [])
    }

    /// How the body of a union names the spec type `name`: with its package
    /// when a member class of the union has that name and would hide it.
    private func typeReference(_ name: String, names: KotlinMemberNames) -> String {
        names.members.contains { $0.name == name } ? KotlinNames.packageName + "." + name : name
    }

    private func addUnion(_ union: UnionType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let tagDecode: String
        let tagValue: String
        switch KotlinMemberNames.discriminatorType(of: union, spec: spec) {
        case let .named(name)?:
            tagDecode = typeReference(name, names: names) + ".fromJsonValue(v0, p0)"
            tagValue = "tag.rawValue"
        default:
            tagDecode = "OpenIAPDecode.string(v0, p0)"
            tagValue = "tag"
        }
        object["members"] = .list(zip(union.members, names.members).map { member, kotlin in
            [
                "className": .string(KotlinNames.escaped(kotlin.name)),
                "describedName": .string(kotlin.name),
                "tag": .string(KotlinNames.stringLiteral(member.tag)),
                "tagDoc": .string(KotlinNames.docText(KotlinNames.docCode(member.tag))),
                "type": .string(typeReference(member.typeName, names: names)),
                "validates": .bool(validating.contains(member.typeName)),
            ]
        })
        object["keepsUnknown"] = .bool(union.unknownTag == .keep)
        object["unknownMember"] = .string(KotlinNames.unknownMember)
        object["discriminatorKey"] = .string(KotlinNames.stringLiteral(union.discriminator))
        object["discriminatorDoc"] = .string(KotlinNames.docText(KotlinNames.docCode(union.discriminator)))
        object["tagDecode"] = .string(tagDecode)
        object["tagValue"] = .string(tagValue)
        object["unknownTagMessage"] = .string(KotlinNames.stringLiteral("unknown \(union.name) tag '"))
        object["expectedTags"] = .string(
            KotlinNames.stringLiteral("'; expected one of: " + union.members.map(\.tag).joined(separator: ", ")))
    }

    // MARK: - Decoding and encoding

    /// The value a constructor argument gets: the field read from the
    /// object `o` at `path`, its value handed to a lambda as `v0` with its
    /// path `p0`.
    private func decodeField(_ field: Field, key: String) -> String {
        let read = field.isRequired ? "required" : field.degrades ? "degrading" : "optional"
        var expression = "OpenIAPDecode.\(read)(o, \(key), path) { v0, p0 -> \(decodeValue(field.type, depth: 0)) }"
        if !field.isRequired, case let .named(name) = field.type, case let .opaqueString(s)? = spec[name], s.emptyIsAbsent {
            expression += "?.takeIf { e0 -> e0.rawValue.isNotEmpty() }"
        }
        return expression
    }

    /// Reads the value `v<depth>` at path `p<depth>` as `type`.
    private func decodeValue(_ type: TypeRef, depth: Int) -> String {
        let (value, path) = ("v\(depth)", "p\(depth)")
        switch type {
        case .scalar(.string): return "OpenIAPDecode.string(\(value), \(path))"
        case .scalar(.bool): return "OpenIAPDecode.bool(\(value), \(path))"
        case .scalar(.int): return "OpenIAPDecode.long(\(value), \(path))"
        case .scalar(.double), .scalar(.timestamp): return "OpenIAPDecode.double(\(value), \(path))"
        case let .named(name): return "\(name).fromJsonValue(\(value), \(path))"
        case let .list(element), let .map(element):
            let helper = if case .list = type { "list" } else { "map" }
            let next = depth + 1
            return "OpenIAPDecode.\(helper)(\(value), \(path)) { v\(next), p\(next) -> \(decodeValue(element, depth: next)) }"
        }
    }

    /// Puts the field into the object `json`; an optional field only when
    /// it is not null.
    private func encodeField(_ field: Field, access: String, key: String) -> String {
        if field.isRequired { return "json[\(key)] = \(encodeValue(field.type, access, depth: 1))" }
        return "\(access)?.let { v0 -> json[\(key)] = \(encodeValue(field.type, "v0", depth: 1)) }"
    }

    /// `value` of `type` as a neutral JSON value; elements of lists and maps
    /// are `e<depth>`.
    private func encodeValue(_ type: TypeRef, _ value: String, depth: Int) -> String {
        switch type {
        case .scalar: return value
        case let .named(name):
            switch spec[name] {
            case .enumeration?, .opaqueString?: return value + ".rawValue"
            default: return value + ".toJsonValue()"
            }
        case let .list(element):
            let element = encodeValue(element, "e\(depth)", depth: depth + 1)
            return element == "e\(depth)" ? value : "\(value).map { e\(depth) -> \(element) }"
        case let .map(element):
            let element = encodeValue(element, "e\(depth).value", depth: depth + 1)
            return element == "e\(depth).value" ? value : "\(value).mapValues { e\(depth) -> \(element) }"
        }
    }

    // MARK: - Validation

    private func exactlyOneLines(_ record: RecordType) -> [TemplateValue] {
        record.exactlyOne.map { group in
            let names = group.fields.map(KotlinNames.stringLiteral).joined(separator: ", ")
            let counts = group.fields.compactMap { name -> String? in
                guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                let property = KotlinNames.escaped(KotlinNames.name(record.fields[index].name, in: .property))
                return "(if (this.\(property) != null) 1 else 0)"
            }
            return .string("OpenIAPValidation.checkExactlyOne(listOf(\(names)), \(counts.joined(separator: " + ")), path)")
        }
    }

    /// The lines that check one field: its byte limit and range, then the
    /// values inside it that validate. An optional field is checked when
    /// it is set, as `v0`.
    private func validationLines(_ field: Field, access: String, key: String) -> [TemplateValue] {
        let c = field.constraints
        let nested = field.type.namedLeaf.map(validating.contains) ?? false
        guard !c.isEmpty || nested else { return [] }
        let value = field.isRequired ? access : "v0"
        let path = "path + \(key)"
        var body: [String] = []
        if let limit = c.maxBytes {
            let isOpaque = if case let .named(name) = field.type, case .opaqueString? = spec[name] { true } else { false }
            body.append("OpenIAPValidation.checkBytes(\(value)\(isOpaque ? ".rawValue" : ""), \(limit)L, \(path))")
        }
        if c.minimum != nil || c.maximum != nil {
            let number = field.type == .scalar(.int) ? value + ".toDouble()" : value
            let bound = { (limit: Double?) in limit.map { KotlinTypeMapping.literal(.double($0), type: .scalar(.double), spec: spec) } ?? "null" }
            body.append("OpenIAPValidation.checkRange(\(number), \(bound(c.minimum)), \(bound(c.maximum)), \(path))")
        }
        if nested { appendNestedValidation(field.type, value: value, path: path, depth: 1, indent: "", to: &body) }
        if field.isRequired { return body.map(TemplateValue.string) }
        return [.string("\(access)?.let { v0 ->")] + body.map { .string("    " + $0) } + ["}"]
    }

    /// The lines that validate `value` of `type`, whose named leaf validates.
    private func appendNestedValidation(
        _ type: TypeRef, value: String, path: String, depth: Int, indent: String, to lines: inout [String]
    ) {
        switch type {
        case .scalar:
            return
        case .named:
            lines.append("\(indent)\(value).validate(\(path))")
        case let .list(element):
            lines.append("\(indent)\(value).forEachIndexed { i\(depth), e\(depth) ->")
            appendNestedValidation(
                element, value: "e\(depth)", path: "\(path) + \"[$i\(depth)]\"", depth: depth + 1, indent: indent + "    ",
                to: &lines)
            lines.append("\(indent)}")
        case let .map(element):
            lines.append("\(indent)\(value).forEach { (k\(depth), e\(depth)) ->")
            appendNestedValidation(
                element, value: "e\(depth)", path: "\(path) + k\(depth)", depth: depth + 1, indent: indent + "    ", to: &lines)
            lines.append("\(indent)}")
        }
    }

    // MARK: - Docs

    /// `docLines`, the body lines (` * …`) of a KDoc comment holding
    /// `paragraphs`, without its first and last line, which the templates
    /// write when `hasDoc`.
    private func addDocs(_ paragraphs: [String?], to object: inout TemplateObject) {
        let lines = KotlinNames.docComment(paragraphs).dropFirst().dropLast().map(TemplateValue.string)
        object["docLines"] = .list(lines)
        object["hasDoc"] = .bool(!lines.isEmpty)
    }

    private func fieldDocParagraphs(_ field: Field, defaultLiteral: String? = nil) -> [String?] {
        var paragraphs: [String?] = [field.annotations.doc]
        if let defaultLiteral { paragraphs.append("Defaults to `\(defaultLiteral)` when absent.") }
        if let limit = field.constraints.maxBytes { paragraphs.append("At most \(limit) bytes of UTF-8; checked by `validate()`.") }
        if field.degrades { paragraphs.append("A present value that cannot be read decodes as `null`.") }
        return paragraphs
    }

    private func deprecation(_ annotations: Annotations) -> String {
        KotlinNames.deprecation(annotations.deprecated) ?? ""
    }
}
