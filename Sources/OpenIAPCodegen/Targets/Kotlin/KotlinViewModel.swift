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
    /// The Kotlin names of every type's members, by position in `spec.types`.
    let names: [KotlinMemberNames]
    /// Names of the records and unions whose `validate` has something to
    /// check, directly or in a value they contain.
    let validating: Set<String>
    /// What the code that reads and writes a field needs to know about the
    /// type it names, by type name, found once per spec.
    private let kinds: [String: NamedKind]
    /// The target of every alias by the alias's name (usually none): code
    /// that calls a type's companion (`fromJsonValue`) names the target, as
    /// does the registry.
    private let aliasTargets: [String: String]

    enum NamedKind {
        /// A closed enum, an open enum or an opaque string: a JSON string,
        /// written as its `rawValue`.
        case string
        /// An opaque string that reads an empty string as absent.
        case emptyIsAbsentString
        /// A record or a union: a JSON object, written by `toJsonValue()`.
        case object
    }

    /// `names` are `KotlinMemberNames.all(spec)`, which `KotlinNameCheck`
    /// found writable when the spec was validated.
    init(spec: Spec, names: [KotlinMemberNames]) {
        self.spec = spec
        self.names = names
        self.validating = Self.validatingTypes(spec)
        var kinds: [String: NamedKind] = [:]
        var aliasTargets: [String: String] = [:]
        kinds.reserveCapacity(spec.types.count)
        for type in spec.types {
            switch type {
            case .enumeration: kinds[type.name] = .string
            case let .opaqueString(s): kinds[type.name] = s.emptyIsAbsent ? .emptyIsAbsentString : .string
            case .record, .union, .fieldSet: kinds[type.name] = .object
            // The validator lets an alias stand for records and unions alone.
            case let .alias(a):
                kinds[type.name] = .object
                aliasTargets[a.name] = a.target
            }
        }
        self.kinds = kinds
        self.aliasTargets = aliasTargets
    }

    /// Records with constraints, exactly-one or at-least-one groups, and
    /// every record and union that contains one of them, worked outwards
    /// through who contains whom.
    static func validatingTypes(_ spec: Spec) -> Set<String> {
        var containers: [String: [String]] = [:]
        var pending: [String] = []
        for type in spec.types {
            switch type {
            case let .record(r):
                if !r.exactlyOne.isEmpty || !r.atLeastOne.isEmpty || r.fields.contains(where: { !$0.constraints.isEmpty }) {
                    pending.append(r.name)
                }
                for field in r.fields {
                    if let leaf = field.type.namedLeaf { containers[leaf, default: []].append(r.name) }
                }
            case let .union(u):
                for member in u.members { containers[member.typeName, default: []].append(u.name) }
            case let .alias(a):
                containers[a.target, default: []].append(a.name)
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

    /// Records and unions by spec name, for `OpenIAPTypeRegistry` (an alias
    /// under its own name, for the type it stands for), then the types named
    /// `operationTypes` (those generated for operations).
    func registryEntries(operationTypes: [String] = []) -> [TemplateValue] {
        func entry(_ name: String, type: String? = nil) -> TemplateValue {
            var entry = TemplateObject(keys: Self.registryKeys)
            entry.append(Key.key, .string(KotlinNames.stringLiteral(name)))
            entry.append(Key.type, .string(type ?? name))
            return .object(entry)
        }
        return spec.types.compactMap { type in
            switch type {
            case .record, .union: entry(type.name)
            case let .alias(a): entry(a.name, type: a.target)
            default: nil
            }
        } + operationTypes.map { entry($0) }
    }

    /// The type whose companion reads values of the type `name`: an alias's
    /// target, any other type itself.
    private func companion(_ name: String) -> String {
        aliasTargets.isEmpty ? name : aliasTargets[name] ?? name
    }

    // MARK: - Per construct

    /// The member names of the objects built here, made once rather than
    /// per object.
    private enum Key {
        static let isRecord = TemplateKey("isRecord")
        static let isEnum = TemplateKey("isEnum")
        static let isClosedEnum = TemplateKey("isClosedEnum")
        static let isOpaque = TemplateKey("isOpaque")
        static let isUnion = TemplateKey("isUnion")
        static let isFieldSet = TemplateKey("isFieldSet")
        static let isAlias = TemplateKey("isAlias")
        static let name = TemplateKey("name")
        static let docLines = TemplateKey("docLines")
        static let hasDoc = TemplateKey("hasDoc")
        static let deprecation = TemplateKey("deprecation")
        static let oldNames = TemplateKey("oldNames")
        static let oldMembers = TemplateKey("oldMembers")
        // Records and field sets.
        static let fields = TemplateKey("fields")
        static let hasFields = TemplateKey("hasFields")
        static let equalities = TemplateKey("equalities")
        static let conformances = TemplateKey("conformances")
        static let validates = TemplateKey("validates")
        static let validationLines = TemplateKey("validationLines")
        static let patterns = TemplateKey("patterns")
        static let hasPatterns = TemplateKey("hasPatterns")
        static let source = TemplateKey("source")
        static let steps = TemplateKey("steps")
        static let requirements = TemplateKey("requirements")
        static let override = TemplateKey("override")
        static let property = TemplateKey("property")
        static let type = TemplateKey("type")
        static let initDefault = TemplateKey("initDefault")
        static let decode = TemplateKey("decode")
        static let encode = TemplateKey("encode")
        static let hash = TemplateKey("hash")
        static let describe = TemplateKey("describe")
        // Enums and opaque strings.
        static let cases = TemplateKey("cases")
        static let member = TemplateKey("member")
        static let wire = TemplateKey("wire")
        static let spellings = TemplateKey("spellings")
        static let constants = TemplateKey("constants")
        static let constant = TemplateKey("constant")
        static let knownList = TemplateKey("knownList")
        static let unknownMember = TemplateKey("unknownMember")
        static let expectedValues = TemplateKey("expectedValues")
        static let unknownValueMessage = TemplateKey("unknownValueMessage")
        // Unions.
        static let members = TemplateKey("members")
        static let className = TemplateKey("className")
        static let describedName = TemplateKey("describedName")
        static let tag = TemplateKey("tag")
        static let tagDoc = TemplateKey("tagDoc")
        static let keepsUnknown = TemplateKey("keepsUnknown")
        static let discriminatorKey = TemplateKey("discriminatorKey")
        static let discriminatorDoc = TemplateKey("discriminatorDoc")
        static let tagDecode = TemplateKey("tagDecode")
        static let tagValue = TemplateKey("tagValue")
        static let unknownTagMessage = TemplateKey("unknownTagMessage")
        static let expectedTags = TemplateKey("expectedTags")
        // Aliases.
        static let target = TemplateKey("target")
        // Registry entries.
        static let key = TemplateKey("key")
    }

    /// The names of each kind of object built here, in the order they are
    /// added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    private static let kindFlags = [Key.isRecord, Key.isEnum, Key.isClosedEnum, Key.isOpaque, Key.isUnion, Key.isFieldSet, Key.isAlias]
    private static let typeKeys = kindFlags + [Key.name, Key.docLines, Key.hasDoc, Key.deprecation, Key.oldNames]
    private static let enumKeys = typeKeys + [Key.cases, Key.knownList, Key.unknownMember, Key.expectedValues, Key.unknownValueMessage]
    private static let opaqueKeys = typeKeys + [Key.constants, Key.knownList]
    private static let recordKeys =
        typeKeys + [
            Key.fields, Key.hasFields, Key.equalities, Key.conformances, Key.validates, Key.validationLines, Key.hasPatterns,
            Key.patterns, Key.oldMembers,
        ]
    private static let fieldSetKeys = typeKeys + [Key.requirements]
    private static let aliasKeys = typeKeys + [Key.target]
    private static let unionKeys =
        typeKeys + [
            Key.members, Key.keepsUnknown, Key.unknownMember, Key.discriminatorKey, Key.discriminatorDoc, Key.tagDecode,
            Key.tagValue, Key.unknownTagMessage, Key.expectedTags,
        ]
    private static let docKeys = [Key.docLines, Key.hasDoc]
    private static let caseKeys = docKeys + [Key.deprecation, Key.member, Key.wire, Key.spellings]
    private static let constantKeys = docKeys + [Key.deprecation, Key.constant, Key.wire]
    private static let requirementKeys = docKeys + [Key.deprecation, Key.property, Key.type]
    private static let fieldKeys =
        docKeys + [
            Key.deprecation, Key.override, Key.property, Key.type, Key.initDefault, Key.decode, Key.encode, Key.hash,
            Key.describe,
        ]
    private static let memberKeys = [Key.className, Key.describedName, Key.tag, Key.tagDoc, Key.type, Key.validates]
    private static let registryKeys = [Key.key, Key.type]
    private static let patternKeys = [Key.property, Key.source, Key.steps]

    /// Every type's object has the kind flags, its name, docs and
    /// deprecation, and then what its kind adds.
    func context(at position: Int) -> TemplateValue {
        context(of: spec.types[position], names: names[position])
    }

    /// The context of an operation's arguments record
    /// (`APIOperation.argumentsRecord`), made as any input record's; no
    /// other record holds it, so it validates when it checks something
    /// itself or holds a value that validates.
    func argumentsContext(_ record: RecordType) -> TemplateValue {
        context(of: .record(record), names: KotlinMemberNames(.record(record)))
    }

    /// Whether `validate` of a value of `type` (a field's, a result's, a
    /// payload's) has something to check.
    func validates(_ type: TypeRef) -> Bool {
        type.namedLeaf.map(validating.contains) ?? false
    }

    private func context(of type: NamedType, names: KotlinMemberNames) -> TemplateValue {
        var object = TemplateObject()
        func start(_ kind: TemplateKey, _ keys: [TemplateKey]) {
            object = TemplateObject(keys: keys)
            for flag in Self.kindFlags { object.append(flag, .bool(flag == kind)) }
            object.append(Key.name, .string(type.name))
            addDocs(type.annotations.doc, to: &object)
            object.append(Key.deprecation, .string(deprecation(type.annotations)))
            object.append(Key.oldNames, .list(KotlinDeprecation.oldNameDeclarations(of: type).map { .string($0) }))
        }
        switch type {
        case let .enumeration(e):
            start(e.isClosed ? Key.isClosedEnum : Key.isEnum, Self.enumKeys)
            addEnum(e, names: names, to: &object)
        case let .opaqueString(s):
            start(Key.isOpaque, Self.opaqueKeys)
            addOpaque(s, names: names, to: &object)
        case let .record(r):
            start(Key.isRecord, Self.recordKeys)
            addRecord(r, names: names, to: &object)
        case let .fieldSet(s):
            start(Key.isFieldSet, Self.fieldSetKeys)
            object.append(Key.requirements, .list(zip(s.fields, names.names).map { field, member in
                var requirement = TemplateObject(keys: Self.requirementKeys)
                addFieldDocs(field, to: &requirement)
                requirement.append(Key.deprecation, .string(deprecation(field.annotations, owner: s.name)))
                requirement.append(Key.property, .string(KotlinNames.escaped(member)))
                requirement.append(Key.type, .string(KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)))
                return .object(requirement)
            }))
        case let .union(u):
            start(Key.isUnion, Self.unionKeys)
            addUnion(u, names: names, to: &object)
        case let .alias(a):
            // `typealias PurchaseInput = Purchase`: the very type.
            start(Key.isAlias, Self.aliasKeys)
            object.append(Key.target, .string(a.target))
        }
        return .object(object)
    }

    /// The members written as a comma-separated list (`knownValues`).
    private static func knownList(_ names: KotlinMemberNames) -> String {
        var list = ""
        for member in names.names {
            if !list.isEmpty { list += ", " }
            list += KotlinNames.escaped(member)
        }
        return list
    }

    private func addEnum(_ type: EnumType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let aliases = type.decodeAliasesOfValues()
        var cases: [TemplateValue] = []
        cases.reserveCapacity(type.values.count)
        for (index, value) in type.values.enumerated() {
            let wire = KotlinNames.stringLiteral(value.wire)
            var spellings = wire
            for alias in aliases[index] { spellings += ", " + KotlinNames.stringLiteral(alias) }
            var item = TemplateObject(keys: Self.caseKeys)
            addDocs(value.annotations.doc, to: &item)
            item.append(Key.deprecation, .string(deprecation(value.annotations, owner: type.name)))
            item.append(Key.member, .string(KotlinNames.escaped(names.names[index])))
            item.append(Key.wire, .string(wire))
            item.append(Key.spellings, .string(spellings))
            cases.append(.object(item))
        }
        object.append(Key.cases, .list(cases))
        object.append(Key.knownList, .string(Self.knownList(names)))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        object.append(Key.expectedValues, .string(KotlinNames.stringLiteral(type.values.map(\.wire).joined(separator: ", "))))
        object.append(Key.unknownValueMessage, .string(KotlinNames.stringLiteral("unknown \(type.name) value '")))
    }

    private func addOpaque(_ type: OpaqueStringType, names: KotlinMemberNames, to object: inout TemplateObject) {
        object.append(Key.constants, .list(zip(type.knownValues, names.names).map { value, member in
            var constant = TemplateObject(keys: Self.constantKeys)
            addDocs(value.annotations.doc, to: &constant)
            constant.append(Key.deprecation, .string(deprecation(value.annotations, owner: type.name)))
            constant.append(Key.constant, .string(KotlinNames.escaped(member)))
            constant.append(Key.wire, .string(KotlinNames.stringLiteral(value.wire)))
            return .object(constant)
        }))
        object.append(Key.knownList, .string(Self.knownList(names)))
    }

    private func addRecord(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        // A spec type validates when `validatingTypes` found it; an arguments
        // record is not among the spec's types.
        let validates =
            validating.contains(record.name)
            || (spec[record.name] == nil
                && (!record.exactlyOne.isEmpty || !record.atLeastOne.isEmpty
                    || record.fields.contains { !$0.constraints.isEmpty || self.validates($0.type) }))
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        var equalities: [TemplateValue] = []
        equalities.reserveCapacity(record.fields.count)
        var validation: [TemplateValue] = []
        var patterns: [TemplateValue] = []
        var index = 0
        // By address, so each field is read in place rather than copied.
        record.fields.forEachAddress { pointer in
            let field = pointer.pointee
            let member = names.names[index]
            index += 1
            let property = KotlinNames.escaped(member)
            let access = String(source: "this.\(property)")
            let key = KotlinNames.stringLiteral(field.name)
            let defaultLiteral = field.defaultValue.map { KotlinTypeMapping.literal($0, type: field.type, spec: spec) }
            let initDefault = defaultLiteral.map { String(source: " = \($0)") } ?? (field.isRequired ? "" : " = null")
            let isDouble = field.type == .scalar(.double) || field.type == .scalar(.timestamp)
            let and: StaticString = equalities.isEmpty ? "" : "&& "
            equalities.append(.string(isDouble
                ? String(source: "\(and)OpenIAPEquality.same(\(access), other.\(property))")
                : String(source: "\(and)\(access) == other.\(property)")))
            var item = TemplateObject(keys: Self.fieldKeys)
            addFieldDocs(field, defaultLiteral: defaultLiteral, to: &item)
            item.append(Key.deprecation, .string(deprecation(field.annotations, owner: record.name)))
            item.append(Key.override, .string(field.includedFrom != nil ? "override " : ""))
            item.append(Key.property, .string(property))
            item.append(Key.type, .string(KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)))
            item.append(Key.initDefault, .string(initDefault))
            item.append(Key.decode, .string(decodeField(field, key: key)))
            item.append(Key.encode, .string(encodeField(field, access: access, key: key)))
            item.append(Key.hash, .string(field.isRequired
                ? String(source: "\(access).hashCode()") : String(source: "(\(access)?.hashCode() ?: 0)")))
            item.append(Key.describe, .string(String(source: "\(member)=${\(access)}")))
            fields.append(.object(item))
            if validates { validation += validationLines(field, access: access, key: key, property: property) }
            if let pattern = field.constraints.pattern { patterns.append(patternContext(pattern, property: property)) }
        }
        var conformances = "OpenIAPModel"
        for (index, name) in record.includes.enumerated() where !record.includes[..<index].contains(name) {
            conformances += ", " + name
        }
        object.append(Key.fields, .list(fields))
        object.append(Key.hasFields, .bool(!fields.isEmpty))
        object.append(Key.equalities, .list(equalities))
        object.append(Key.conformances, .string(conformances))
        object.append(Key.validates, .bool(validates))
        object.append(Key.validationLines, .list(validates ? groupLines(record, names: names) + validation : []))
        object.append(Key.hasPatterns, .bool(!patterns.isEmpty))
        object.append(Key.patterns, .list(patterns))
        object.append(Key.oldMembers, .list(KotlinDeprecation.oldMembers(of: record).map { .string($0) }))
    }

    /// A field's compiled `pattern:`, a property of the record's private
    /// `OpenIAPPatterns` object named as the field's: the source for
    /// messages, then one `OpenIAPPattern.Step` per step of the IR's parse,
    /// with the ASCII characters it accepts listed in order.
    private func patternContext(_ pattern: StringPattern, property: String) -> TemplateValue {
        var object = TemplateObject(keys: Self.patternKeys)
        object.append(Key.property, .string(property))
        object.append(Key.source, .string(KotlinNames.stringLiteral(pattern.source)))
        object.append(Key.steps, .list(pattern.steps.map { step in
            var characters = ""
            for code in UInt8(0)..<128 where step.accepts(code) { characters.unicodeScalars.append(Unicode.Scalar(code)) }
            let literal = KotlinNames.stringLiteral(characters)
            return .string(String(source: "OpenIAPPattern.Step(\(literal), \(step.minimum), \(step.maximum ?? -1))"))
        }))
        return .object(object)
    }

    /// How the body of a union names the spec type `name`: with its package
    /// when a member class of the union has that name and would hide it.
    private func typeReference(_ name: String, names: KotlinMemberNames) -> String {
        names.names.contains(name) ? KotlinNames.packageName + "." + name : name
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
        object.append(Key.members, .list(zip(union.members, names.names).map { member, kotlin in
            var item = TemplateObject(keys: Self.memberKeys)
            item.append(Key.className, .string(KotlinNames.escaped(kotlin)))
            item.append(Key.describedName, .string(kotlin))
            item.append(Key.tag, .string(KotlinNames.stringLiteral(member.tag)))
            item.append(Key.tagDoc, .string(KotlinNames.docText(KotlinNames.docCode(member.tag))))
            item.append(Key.type, .string(typeReference(member.typeName, names: names)))
            item.append(Key.validates, .bool(validating.contains(member.typeName)))
            return .object(item)
        }))
        object.append(Key.keepsUnknown, .bool(union.unknownTag == .keep))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        object.append(Key.discriminatorKey, .string(KotlinNames.stringLiteral(union.discriminator)))
        object.append(Key.discriminatorDoc, .string(KotlinNames.docText(KotlinNames.docCode(union.discriminator))))
        object.append(Key.tagDecode, .string(tagDecode))
        object.append(Key.tagValue, .string(tagValue))
        object.append(Key.unknownTagMessage, .string(KotlinNames.stringLiteral("unknown \(union.name) tag '")))
        object.append(Key.expectedTags, .string(
            KotlinNames.stringLiteral("'; expected one of: " + union.members.map(\.tag).joined(separator: ", "))))
    }

    // MARK: - Decoding and encoding

    /// The value a constructor argument gets: the field read from the
    /// object `o` at `path`, its value handed to a lambda as `v0` with its
    /// path `p0`.
    /// A field with decode-only aliases is read under the first of its
    /// names the object holds (`OpenIAPDecode.firstPresentKey`).
    private func decodeField(_ field: Field, key: String) -> String {
        let read: StaticString = field.isRequired ? "required" : field.degrades ? "degrading" : "optional"
        let value = decodeValue(field.type, depth: 0)
        var key = key
        if !field.aliases.isEmpty {
            let names = ([field.name] + field.aliases).map(KotlinNames.stringLiteral).joined(separator: ", ")
            key = String(source: "OpenIAPDecode.firstPresentKey(o, \(names))")
        }
        if !field.isRequired, case let .named(name) = field.type, kinds[name] == .emptyIsAbsentString {
            return String(source: "OpenIAPDecode.\(read)(o, \(key), path) { v0, p0 -> \(value) }?.takeIf { e0 -> e0.rawValue.isNotEmpty() }")
        }
        return String(source: "OpenIAPDecode.\(read)(o, \(key), path) { v0, p0 -> \(value) }")
    }

    /// Reads the value `v<depth>` at path `p<depth>` as `type`.
    func decodeValue(_ type: TypeRef, depth: Int) -> String {
        if depth == 0, case let .scalar(scalar) = type { return Self.scalarDecoders[scalar]! }
        switch type {
        case .scalar(.string): return String(source: "OpenIAPDecode.string(v\(depth), p\(depth))")
        case .scalar(.bool): return String(source: "OpenIAPDecode.bool(v\(depth), p\(depth))")
        case .scalar(.int): return String(source: "OpenIAPDecode.long(v\(depth), p\(depth))")
        case .scalar(.double), .scalar(.timestamp): return String(source: "OpenIAPDecode.double(v\(depth), p\(depth))")
        case let .named(name): return String(source: "\(companion(name)).fromJsonValue(v\(depth), p\(depth))")
        case let .list(element), let .map(element):
            let helper: StaticString = if case .list = type { "list" } else { "map" }
            let next = depth + 1
            let inner = decodeValue(element, depth: next)
            return String(source: "OpenIAPDecode.\(helper)(v\(depth), p\(depth)) { v\(next), p\(next) -> \(inner) }")
        }
    }

    /// `decodeValue` of each scalar at depth 0, made once.
    private static let scalarDecoders: [Scalar: String] = [
        .string: "OpenIAPDecode.string(v0, p0)", .bool: "OpenIAPDecode.bool(v0, p0)", .int: "OpenIAPDecode.long(v0, p0)",
        .double: "OpenIAPDecode.double(v0, p0)", .timestamp: "OpenIAPDecode.double(v0, p0)",
    ]

    /// Puts the field into the object `json`; an optional field only when
    /// it is not null.
    private func encodeField(_ field: Field, access: String, key: String) -> String {
        if field.isRequired { return String(source: "json[\(key)] = \(encodeValue(field.type, access, depth: 1))") }
        return String(source: "\(access)?.let { v0 -> json[\(key)] = \(encodeValue(field.type, "v0", depth: 1)) }")
    }

    /// `value` of `type` as a neutral JSON value; elements of lists and maps
    /// are `e<depth>`.
    func encodeValue(_ type: TypeRef, _ value: String, depth: Int) -> String {
        switch type {
        case .scalar: return value
        case let .named(name):
            return kinds[name] == .object ? String(source: "\(value).toJsonValue()") : String(source: "\(value).rawValue")
        case let .list(element):
            let element = encodeValue(element, "e\(depth)", depth: depth + 1)
            return element == "e\(depth)" ? value : "\(value).map { e\(depth) -> \(element) }"
        case let .map(element):
            let element = encodeValue(element, "e\(depth).value", depth: depth + 1)
            return element == "e\(depth).value" ? value : "\(value).mapValues { e\(depth) -> \(element) }"
        }
    }

    // MARK: - Validation

    /// The record's exactly-one checks, then its at-least-one checks, as
    /// in Swift.
    private func groupLines(_ record: RecordType, names: KotlinMemberNames) -> [TemplateValue] {
        func properties(_ group: FieldGroup) -> [String] {
            group.fields.compactMap { name -> String? in
                guard let index = record.fields.firstIndex(where: { $0.name == name }) else { return nil }
                return "this." + KotlinNames.escaped(names.names[index])
            }
        }
        func wires(_ group: FieldGroup) -> String { group.fields.map(KotlinNames.stringLiteral).joined(separator: ", ") }
        let exactlyOne = record.exactlyOne.map { group -> TemplateValue in
            let counts = properties(group).map { "(if (\($0) != null) 1 else 0)" }
            return .string("OpenIAPValidation.checkExactlyOne(listOf(\(wires(group))), \(counts.joined(separator: " + ")), path)")
        }
        let atLeastOne = record.atLeastOne.map { group -> TemplateValue in
            let set = properties(group).map { "\($0) != null" }
            return .string("OpenIAPValidation.checkAtLeastOne(listOf(\(wires(group))), \(set.joined(separator: " || ")), path)")
        }
        return exactlyOne + atLeastOne
    }

    /// The lines that check one field, in Swift's order: its byte limit,
    /// length in characters, pattern and range, then the values inside it
    /// that validate. An optional field is checked when it is set, as `v0`.
    private func validationLines(_ field: Field, access: String, key: String, property: String) -> [TemplateValue] {
        let c = field.constraints
        let nested = validates(field.type)
        guard !c.isEmpty || nested else { return [] }
        let value = field.isRequired ? access : "v0"
        let path = "path + \(key)"
        var body: [String] = []
        // A string limit on a named type can only be on an opaque string.
        let text: StaticString = if case .named = field.type { ".rawValue" } else { "" }
        if let limit = c.maxBytes {
            body.append(String(source: "OpenIAPValidation.checkBytes(\(value)\(text), \(limit)L, \(path))"))
        }
        if c.minLength != nil || c.maxLength != nil {
            let minimum = c.minLength.map { "\($0)L" } ?? "null"
            let maximum = c.maxLength.map { "\($0)L" } ?? "null"
            body.append(String(source: "OpenIAPValidation.checkCharacters(\(value)\(text), \(minimum), \(maximum), \(path))"))
        }
        if c.pattern != nil {
            body.append(String(source: "OpenIAPValidation.checkPattern(\(value)\(text), OpenIAPPatterns.\(property), \(path))"))
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
    func appendNestedValidation(
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

    /// `docLines`, the body lines (` * …`) of the KDoc comment of `doc`,
    /// without its first and last line, which the templates write when
    /// `hasDoc`.
    private func addDocs(_ doc: String?, to object: inout TemplateObject) {
        var lines = DocLineList()
        lines.appendKDoc(doc)
        add(lines, to: &object)
    }

    /// `addDocs` of a field: its doc, then what the generated code does
    /// with it (its default, its byte limit, degrading).
    private func addFieldDocs(_ field: Field, defaultLiteral: String? = nil, to object: inout TemplateObject) {
        var lines = DocLineList()
        lines.appendKDoc(field.annotations.doc)
        if let defaultLiteral { lines.appendKDoc(String(source: "Defaults to `\(defaultLiteral)` when absent.")) }
        let constraints = field.constraints
        if let limit = constraints.maxBytes {
            lines.append(line: String(source: " * At most \(limit) bytes of UTF-8; checked by `validate()`."))
        }
        if let length = ConstraintText.length(minimum: constraints.minLength, maximum: constraints.maxLength) {
            lines.append(line: String(source: " * \(length) (code points); checked by `validate()`."))
        }
        if let pattern = constraints.pattern {
            lines.appendKDoc(String(source: "Matches \(KotlinNames.docCode(pattern.source)) as a whole; checked by `validate()`."))
        }
        if !field.aliases.isEmpty {
            let names = field.aliases.map(KotlinNames.docCode).joined(separator: ", ")
            let name = KotlinNames.docCode(field.name)
            lines.appendKDoc(String(source:
                "Also read from \(names) when \(name) is absent (the first key present wins); always written as \(name)."))
        }
        if field.degrades { lines.append(line: " * A present value that cannot be read decodes as `null`.") }
        add(lines, to: &object)
    }

    private func add(_ lines: DocLineList, to object: inout TemplateObject) {
        object.append(Key.docLines, lines.value)
        object.append(Key.hasDoc, .bool(!lines.isEmpty))
    }

    private func deprecation(_ annotations: Annotations, owner: String? = nil) -> String {
        KotlinDeprecation.annotation(annotations, owner: owner, in: spec) ?? ""
    }
}

extension DocLineList {
    /// Adds the body lines of the KDoc comment of `doc` (see
    /// `KotlinNames.forEachDocLine`).
    fileprivate mutating func appendKDoc(_ doc: String?) {
        KotlinNames.forEachDocLine(doc) { append(line: $0) }
    }
}
