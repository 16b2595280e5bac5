import OpenIAPSpec
import OpenIAPTemplates

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
    /// The package the files declare (`--kotlin-package`).
    let packageName: String
    /// How each union is shaped (supertype of its records, or wrappers).
    let shapes: KotlinUnionShapes
    /// The discriminator values records default to (`Spec.impliedTagValues`).
    private let impliedTags: [String: [String: String]]
    /// The records each union resolves to (`Spec.flattenedMemberNames()`).
    private let unionRecords: [String: [String]]

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
    init(
        spec: Spec, names: [KotlinMemberNames], packageName: String = KotlinNames.defaultPackageName,
        shapes: KotlinUnionShapes? = nil
    ) {
        self.spec = spec
        self.names = names
        self.packageName = packageName
        self.shapes = shapes ?? KotlinUnionShapes(spec)
        self.impliedTags = spec.impliedTagValues
        self.unionRecords = spec.flattenedMemberNames()
        self.validating = ValidatingTypes.names(in: spec)
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

    /// Records and unions by spec name, for `OpenIAPTypeRegistry` (an alias
    /// under its own name, for the type it stands for), then the types named
    /// `operationTypes` (those generated for operations).
    func registryEntries(operationTypes: [String] = []) -> [TemplateValue] {
        func entry(_ name: String, type: String? = nil) -> TemplateValue {
            var entry = TemplateObject(keys: Self.registryKeys)
            entry.append(Key.key, .string(KotlinNames.stringLiteral(name)))
            entry.append(Key.type, .string(KotlinNames.typeName(type ?? name)))
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
        KotlinNames.typeName(aliasTargets.isEmpty ? name : aliasTargets[name] ?? name)
    }

    // MARK: - Per construct

    /// The member names of the objects built here, made once rather than
    /// per object.
    private enum Key {
        static let isRecord = TemplateKey("isRecord")
        static let isOneOf = TemplateKey("isOneOf")
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
        static let parameters = TemplateKey("parameters")
        static let isDataClass = TemplateKey("isDataClass")
        static let supertypes = TemplateKey("supertypes")
        static let mapReadType = TemplateKey("mapReadType")
        static let choices = TemplateKey("choices")
        static let hasChoices = TemplateKey("hasChoices")
        static let secondaryParameters = TemplateKey("secondaryParameters")
        static let secondaryArguments = TemplateKey("secondaryArguments")
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
        static let key = TemplateKey("key")
        // Enums and opaque strings.
        static let cases = TemplateKey("cases")
        static let member = TemplateKey("member")
        static let wire = TemplateKey("wire")
        static let spellings = TemplateKey("spellings")
        static let lenient = TemplateKey("lenient")
        static let hasLenient = TemplateKey("hasLenient")
        static let spelling = TemplateKey("spelling")
        static let constants = TemplateKey("constants")
        static let constant = TemplateKey("constant")
        static let knownList = TemplateKey("knownList")
        static let unknownMember = TemplateKey("unknownMember")
        static let expectedValues = TemplateKey("expectedValues")
        static let unknownValueMessage = TemplateKey("unknownValueMessage")
        // Unions and oneOf records.
        static let isDirect = TemplateKey("isDirect")
        static let members = TemplateKey("members")
        static let branches = TemplateKey("branches")
        static let tags = TemplateKey("tags")
        static let construct = TemplateKey("construct")
        static let className = TemplateKey("className")
        static let shared = TemplateKey("shared")
        static let hasShared = TemplateKey("hasShared")
        static let unknownGetter = TemplateKey("unknownGetter")
        static let keepsUnknown = TemplateKey("keepsUnknown")
        static let discriminatorKey = TemplateKey("discriminatorKey")
        static let discriminatorDoc = TemplateKey("discriminatorDoc")
        static let tagDecode = TemplateKey("tagDecode")
        static let tagValue = TemplateKey("tagValue")
        static let unknownTagMessage = TemplateKey("unknownTagMessage")
        static let expectedTags = TemplateKey("expectedTags")
        static let presence = TemplateKey("presence")
        // Aliases.
        static let target = TemplateKey("target")
    }

    /// The names of each kind of object built here, in the order they are
    /// added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    private static let kindFlags = [
        Key.isRecord, Key.isOneOf, Key.isEnum, Key.isClosedEnum, Key.isOpaque, Key.isUnion, Key.isFieldSet, Key.isAlias,
    ]
    private static let typeKeys = kindFlags + [Key.name, Key.docLines, Key.hasDoc, Key.deprecation, Key.oldNames]
    private static let enumKeys =
        typeKeys + [
            Key.cases, Key.knownList, Key.unknownMember, Key.expectedValues, Key.unknownValueMessage, Key.lenient, Key.hasLenient,
        ]
    private static let opaqueKeys = typeKeys + [Key.constants, Key.knownList]
    private static let recordKeys =
        typeKeys + [
            Key.fields, Key.parameters, Key.isDataClass, Key.supertypes, Key.mapReadType, Key.validates, Key.validationLines,
            Key.hasPatterns, Key.patterns, Key.hasChoices, Key.choices, Key.secondaryParameters, Key.secondaryArguments,
            Key.oldMembers,
        ]
    private static let oneOfKeys = typeKeys + [Key.cases, Key.unknownMember, Key.validates]
    private static let fieldSetKeys = typeKeys + [Key.requirements]
    private static let aliasKeys = typeKeys + [Key.target]
    private static let unionKeys =
        typeKeys + [
            Key.supertypes, Key.isDirect, Key.members, Key.branches, Key.shared, Key.hasShared, Key.keepsUnknown, Key.unknownMember,
            Key.discriminatorKey, Key.discriminatorDoc, Key.tagDecode, Key.tagValue, Key.unknownTagMessage, Key.expectedTags,
        ]
    private static let docKeys = [Key.docLines, Key.hasDoc]
    private static let caseKeys = docKeys + [Key.deprecation, Key.member, Key.wire, Key.spellings]
    private static let constantKeys = docKeys + [Key.deprecation, Key.constant, Key.wire]
    private static let requirementKeys = docKeys + [Key.deprecation, Key.property, Key.type]
    private static let fieldKeys = [Key.property, Key.decode, Key.encode]
    private static let parameterKeys = docKeys + [Key.deprecation, Key.override, Key.property, Key.type, Key.initDefault]
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
            object.append(Key.name, .string(KotlinNames.typeName(type.name)))
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
        case let .record(r) where r.isOneOf:
            start(Key.isOneOf, Self.oneOfKeys)
            addOneOf(r, names: names, to: &object)
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
            addUnion(u, to: &object)
        case let .alias(a):
            // `typealias PurchaseInput = Purchase`: the very type.
            start(Key.isAlias, Self.aliasKeys)
            object.append(Key.target, .string(KotlinNames.typeName(a.target)))
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
        // What `fromRawValue` reads; `fromJson` reads upstream's spellings on top.
        var spelled: Set<String> = []
        for (index, value) in type.values.enumerated() {
            let wire = KotlinNames.stringLiteral(value.wire)
            var spellings = wire
            spelled.insert(value.wire)
            for alias in aliases[index] {
                spellings += ", " + KotlinNames.stringLiteral(alias)
                spelled.insert(alias)
            }
            var item = TemplateObject(keys: Self.caseKeys)
            addDocs(value.annotations.doc, to: &item)
            item.append(Key.deprecation, .string(deprecation(value.annotations, owner: type.name)))
            item.append(Key.member, .string(KotlinNames.escaped(names.names[index])))
            item.append(Key.wire, .string(wire))
            item.append(Key.spellings, .string(spellings))
            cases.append(.object(item))
        }
        // Upstream's `fromJson` also takes each value in UPPER_SNAKE case and
        // as its constant's name (with `IOS` for a final `Ios`, as the SDL
        // spells it); a spelling that names two values means the first.
        var lenient: [TemplateValue] = []
        for (index, value) in type.values.enumerated() {
            let member = names.names[index]
            var extra = [EnumAliasRule.upperSnake.alias(for: value.wire), member]
            if member.hasSuffix("Ios") { extra.append(String(member.dropLast(3)) + "IOS") }
            for spelling in extra where spelled.insert(spelling).inserted {
                lenient.append([
                    "spelling": .string(KotlinNames.stringLiteral(spelling)), "member": .string(KotlinNames.escaped(member)),
                ])
            }
        }
        object.append(Key.cases, .list(cases))
        object.append(Key.knownList, .string(Self.knownList(names)))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        object.append(Key.expectedValues, .string(KotlinNames.stringLiteral(type.values.map(\.wire).joined(separator: ", "))))
        object.append(Key.unknownValueMessage, .string(KotlinNames.stringLiteral("unknown \(type.name) value '")))
        object.append(Key.lenient, .list(lenient))
        object.append(Key.hasLenient, .bool(!lenient.isEmpty))
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

    /// Whether a record validates: a spec type when `ValidatingTypes` found
    /// it; an arguments record, which is not among the spec's types, when it
    /// checks something itself or holds a value that validates.
    private func recordValidates(_ record: RecordType) -> Bool {
        validating.contains(record.name)
            || (spec[record.name] == nil
                && (!record.exactlyOne.isEmpty || !record.atLeastOne.isEmpty
                    || record.fields.contains { !$0.constraints.isEmpty || self.validates($0.type) }))
    }

    /// The Kotlin literal of the one value a union's discriminator field
    /// `field` of a record can have (`IapPlatform.Ios`, `"a"`).
    private func tagLiteral(_ tag: String, field: Field) -> String {
        if case let .named(name) = field.type, case .opaqueString? = spec[name] {
            return KotlinTypeMapping.literal(.string(tag), type: field.type, spec: spec)
        }
        return KotlinTypeMapping.literal(.enumValue(tag), type: field.type, spec: spec)
    }

    /// Kotlin property names in plain ordinal order, as upstream's generator
    /// sorts its constructor parameters.
    private static func alphabetical(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    private func addRecord(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let validates = recordValidates(record)
        let tags = impliedTags[record.name] ?? [:]
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        var parameters: [(name: String, value: TemplateValue)] = []
        parameters.reserveCapacity(record.fields.count)
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
            let tagDefault = field.isRequired ? tags[field.name].map { tagLiteral($0, field: field) } : nil
            let initDefault =
                (defaultLiteral ?? tagDefault).map { String(source: " = \($0)") } ?? (field.isRequired ? "" : " = null")
            var parameter = TemplateObject(keys: Self.parameterKeys)
            addFieldDocs(field, defaultLiteral: defaultLiteral, tagDefault: tagDefault, to: &parameter)
            parameter.append(Key.deprecation, .string(deprecation(field.annotations, owner: record.name)))
            parameter.append(Key.override, .string(field.includedFrom != nil ? "override " : ""))
            parameter.append(Key.property, .string(property))
            parameter.append(Key.type, .string(KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)))
            parameter.append(Key.initDefault, .string(initDefault))
            parameters.append((member, .object(parameter)))
            var item = TemplateObject(keys: Self.fieldKeys)
            item.append(Key.property, .string(property))
            item.append(Key.decode, .string(decodeField(field, key: key)))
            item.append(Key.encode, .string(encodeField(field, access: access, key: key)))
            fields.append(.object(item))
            if validates { validation += validationLines(field, access: access, key: key, property: property) }
            if let pattern = field.constraints.pattern { patterns.append(patternContext(pattern, property: property)) }
        }
        parameters.sort { Self.alphabetical($0.name, $1.name) }
        let name = KotlinNames.typeName(record.name)
        var supertypes = shapes.superclass[record.name].map { KotlinNames.typeName($0) + "(), " } ?? ""
        supertypes += "OpenIAPModel"
        for (index, set) in record.includes.enumerated() where !record.includes[..<index].contains(set) {
            supertypes += ", " + set
        }
        // Upstream answers null for an input that lacks a field it requires.
        let mayBeNull = record.direction == .input && record.fields.contains { $0.isRequired && $0.defaultValue == nil }
        object.append(Key.fields, .list(fields))
        object.append(Key.parameters, .list(parameters.map(\.value)))
        object.append(Key.isDataClass, .bool(!fields.isEmpty))
        object.append(Key.supertypes, .string(supertypes))
        object.append(Key.mapReadType, .string(mayBeNull ? name + "?" : name))
        object.append(Key.validates, .bool(validates))
        object.append(Key.validationLines, .list(validates ? groupLines(record, names: names) + validation : []))
        object.append(Key.hasPatterns, .bool(!patterns.isEmpty))
        object.append(Key.patterns, .list(patterns))
        addChoices(record, names: names, to: &object)
        object.append(Key.oldMembers, .list(KotlinDeprecation.oldMembers(of: record, in: spec).map { .string($0) }))
    }

    /// A record's named choices (`exactlyOne` with `as:`), as upstream
    /// shapes `RequestPurchaseProps.request`: a nested sealed class with a
    /// class per case holding the field's value, a property that answers
    /// the case that is set, and a constructor that takes the choice in
    /// place of its fields (and fills the tag field from the case unless it
    /// is given). The fields stay the stored properties, so that a decoded
    /// value with none or several of them set round-trips and `validate()`
    /// reports it.
    private func addChoices(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        let choices = record.exactlyOne.compactMap(\.choice)
        object.append(Key.hasChoices, .bool(!choices.isEmpty))
        guard !choices.isEmpty else {
            object.append(Key.choices, .list([]))
            object.append(Key.secondaryParameters, .list([]))
            object.append(Key.secondaryArguments, .list([]))
            return
        }
        func property(_ field: String) -> String {
            record.fields.firstIndex { $0.name == field }.map { names.names[$0] } ?? KotlinNames.name(field, in: .property)
        }
        var caseFields: [String: (choice: String, className: String, caseClass: String)] = [:]
        var tagFields: [String: (choice: String, className: String, cases: [(String, String)])] = [:]
        var contexts: [TemplateValue] = []
        var secondary: [(name: String, text: String)] = []
        for choice in choices {
            let className = KotlinNames.kotlinChoiceClassName(choice, owner: record.name)
            let choiceProperty = KotlinNames.name(choice.property, in: .property)
            let caseNames = choice.cases.map { KotlinNames.name($0.name, in: .unionMember, owner: className) }
            var cases: [TemplateValue] = []
            var tagCases: [(String, String)] = []
            for (item, caseClass) in zip(choice.cases, caseNames) {
                guard let field = record.field(item.field) else { continue }
                let valueType = KotlinTypeMapping.kotlinType(field.type)
                let qualified = caseNames.contains(valueType) || valueType == className ? packageName + "." + valueType : valueType
                cases.append([
                    "caseClass": .string(KotlinNames.escaped(caseClass)), "type": .string(qualified),
                    "field": .string(KotlinNames.escaped(property(item.field))),
                    "fieldDoc": .string(KotlinNames.docCode(item.field)),
                ])
                caseFields[item.field] = (choiceProperty, className, caseClass)
                if let tag = item.tagValue, let tagField = choice.tagField, let field = record.field(tagField) {
                    tagCases.append((caseClass, tagLiteral(tag, field: field)))
                }
            }
            if let tagField = choice.tagField, !tagCases.isEmpty, tagFields[tagField] == nil {
                tagFields[tagField] = (choiceProperty, className, tagCases)
            }
            contexts.append([
                "className": .string(KotlinNames.escaped(className)),
                "property": .string(KotlinNames.escaped(choiceProperty)),
                "fieldList": .string(choice.cases.map(\.field).joined(separator: ", ")),
                "cases": .list(cases),
                "docLines": .list(KotlinNames.docBody([
                    "Which of \(choice.cases.map { KotlinNames.docCode($0.field) }.joined(separator: ", ")) is set, as one value (the shape of upstream's SDKs). Reading it when none is set throws; `validate()` reports that, and more than one set, first.",
                ]).map { .string($0) }),
            ])
            secondary.append((choiceProperty, KotlinNames.escaped(choiceProperty) + ": " + KotlinNames.escaped(className)))
        }
        // The other fields keep their parameters; the tag field defaults to
        // the case's value.
        var arguments: [TemplateValue] = []
        for (index, field) in record.fields.enumerated() {
            let name = names.names[index]
            let escaped = KotlinNames.escaped(name)
            if let owner = caseFields[field.name] {
                arguments.append(.string(
                    "\(escaped) = (\(KotlinNames.escaped(owner.choice)) as? \(KotlinNames.escaped(owner.className)).\(KotlinNames.escaped(owner.caseClass)))?.value"))
                continue
            }
            let type = KotlinTypeMapping.kotlinType(field.type, isRequired: field.isRequired)
            if let tag = tagFields[field.name] {
                secondary.append((name, "\(escaped): \(KotlinTypeMapping.kotlinType(field.type))? = null"))
                let branches = tag.cases.map { "is \(KotlinNames.escaped(tag.className)).\(KotlinNames.escaped($0.0)) -> \($0.1)" }
                arguments.append(.string(
                    "\(escaped) = \(escaped) ?: when (\(KotlinNames.escaped(tag.choice))) { \(branches.joined(separator: "; ")) }"))
                continue
            }
            let defaultLiteral = field.defaultValue.map { KotlinTypeMapping.literal($0, type: field.type, spec: spec) }
            let initDefault = defaultLiteral.map { " = " + $0 } ?? (field.isRequired ? "" : " = null")
            secondary.append((name, "\(escaped): \(type)\(initDefault)"))
            arguments.append(.string("\(escaped) = \(escaped)"))
        }
        secondary.sort { Self.alphabetical($0.name, $1.name) }
        object.append(Key.choices, .list(contexts))
        object.append(Key.secondaryParameters, .list(secondary.map { .string($0.text) }))
        object.append(Key.secondaryArguments, .list(arguments))
    }

    /// A `oneOf` record, as upstream shapes `FetchProductsResult`: a sealed
    /// class with a class per field, `<Record><Field>(val value: T?)`, and an
    /// `Unrecognized` one for an object that sets none of them. Reading takes
    /// the first field present (in spec order), even as null; writing writes
    /// that one key, null included.
    private func addOneOf(_ record: RecordType, names: KotlinMemberNames, to object: inout TemplateObject) {
        var cases: [TemplateValue] = []
        var anyValidates = false
        for (index, field) in record.fields.enumerated() {
            let member = names.names[index]
            let key = KotlinNames.stringLiteral(field.name)
            let presence = ([field.name] + field.aliases).map { "o.containsKey(\(KotlinNames.stringLiteral($0)))" }
            let encoded = encodeValue(field.type, "v0", depth: 1)
            let encode = encoded == "v0" ? "this.value" : "this.value?.let { v0 -> \(encoded) }"
            let lines = validationLines(field, access: "this.value", key: key, property: KotlinNames.escaped(member))
            anyValidates = anyValidates || !lines.isEmpty
            var docs = DocLineList()
            KotlinNames.forEachDocLine(field.annotations.doc) { docs.append(line: $0) }
            cases.append([
                "className": .string(KotlinNames.escaped(KotlinNames.oneOfCaseName(record.name, field: field.name))),
                "type": .string(KotlinTypeMapping.kotlinType(field.type, isRequired: false)),
                "key": .string(key), "fieldDoc": .string(KotlinNames.docCode(field.name)),
                "docLines": docs.value, "hasDoc": .bool(!docs.isEmpty),
                "presence": .string(presence.joined(separator: " || ")),
                "decode": .string(decodeField(field, key: key)),
                "encode": .string(encode),
                "validates": .bool(!lines.isEmpty), "validationLines": .list(lines),
                "hasPatterns": .bool(field.constraints.pattern != nil),
                "patterns": .list(field.constraints.pattern.map { [patternContext($0, property: KotlinNames.escaped(member))] } ?? []),
            ])
        }
        object.append(Key.cases, .list(cases))
        object.append(Key.unknownMember, .string(KotlinNames.unknownMember))
        object.append(Key.validates, .bool(anyValidates))
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
    /// when a class nested in the union has that name and would hide it.
    private func typeReference(_ name: String, nested: Set<String>) -> String {
        let kotlin = KotlinNames.typeName(name)
        return nested.contains(kotlin) ? packageName + "." + kotlin : kotlin
    }

    private func addUnion(_ union: UnionType, to object: inout TemplateObject) {
        let isDirect = shapes.direct.contains(union.name)
        // The distinct member types, in the order first listed, with their tags.
        var memberTypes: [(type: String, tags: [String])] = []
        for member in union.members {
            if let index = memberTypes.firstIndex(where: { $0.type == member.typeName }) {
                memberTypes[index].tags.append(member.tag)
            } else {
                memberTypes.append((member.typeName, [member.tag]))
            }
        }
        var nested: Set<String> = union.unknownTag == .keep ? [KotlinNames.unknownMember] : []
        if !isDirect { nested.formUnion(memberTypes.map { KotlinUnionShapes.wrapperName($0.type) }) }
        let tagDecode: String
        let tagValue: String
        switch KotlinMemberNames.discriminatorType(of: union, spec: spec, unionRecords: unionRecords) {
        case let .named(name)?:
            tagDecode = typeReference(name, nested: nested) + ".fromJsonValue(v0, p0)"
            tagValue = "tag.rawValue"
        default:
            tagDecode = "OpenIAPDecode.string(v0, p0)"
            tagValue = "tag"
        }
        // The shared fields, as the interfaces of the sets declare them.
        let sets = shapes.sharedSets[union.name] ?? []
        var shared: [TemplateValue] = []
        for set in sets {
            guard case let .fieldSet(fieldSet)? = spec[set] else { continue }
            for field in fieldSet.fields {
                let property = KotlinNames.escaped(KotlinNames.name(field.name, in: .property))
                shared.append([
                    "property": .string(property),
                    "type": .string(qualifiedType(field.type, isRequired: field.isRequired, nested: nested)),
                    "unknownGetter": .string(unknownGetter(field, nested: nested)),
                ])
            }
        }
        var supertypes = "OpenIAPModel"
        for set in sets { supertypes += ", " + set }
        object.append(Key.supertypes, .string(supertypes))
        object.append(Key.isDirect, .bool(isDirect))
        object.append(Key.members, .list(isDirect ? [] : memberTypes.map { member in
            [
                "className": .string(KotlinUnionShapes.wrapperName(member.type)),
                "type": .string(typeReference(member.type, nested: nested)),
                "validates": .bool(validating.contains(member.type)),
            ]
        }))
        object.append(Key.branches, .list(memberTypes.map { member in
            let read = typeReference(member.type, nested: nested) + ".fromJsonValue(value, path)"
            return [
                "tags": .string(member.tags.map(KotlinNames.stringLiteral).joined(separator: ", ")),
                "construct": .string(isDirect ? read : KotlinUnionShapes.wrapperName(member.type) + "(" + read + ")"),
            ]
        }))
        object.append(Key.shared, .list(shared))
        object.append(Key.hasShared, .bool(!shared.isEmpty))
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

    /// `KotlinTypeMapping.kotlinType`, with the spec types that a class
    /// nested where the type is written would hide named with their package.
    private func qualifiedType(_ type: TypeRef, isRequired: Bool, nested: Set<String>) -> String {
        func written(_ type: TypeRef) -> String {
            switch type {
            case let .named(name): typeReference(name, nested: nested)
            case let .list(element): "List<" + written(element) + ">"
            case let .map(value): "Map<String, " + written(value) + ">"
            case .scalar: KotlinTypeMapping.kotlinType(type)
            }
        }
        return isRequired ? written(type) : written(type) + "?"
    }

    /// The getter of a shared field on a union's unknown member, which only
    /// has the object it was read from: the field read from it when it is
    /// there and has the right type, otherwise null for an optional field
    /// and a neutral value for a required one (`""`, `0L`, `0.0`, an empty
    /// list or map, an open enum's unknown value). A Boolean is always
    /// `false`, so that an unknown member never claims a flag such as
    /// `isValid` (fail closed); a required field of a type without a neutral
    /// value (a record, a union, a closed enum) throws.
    private func unknownGetter(_ field: Field, nested: Set<String>) -> String {
        if field.type == .scalar(.bool) { return field.isRequired ? "false" : "null" }
        let read = String(source:
            "OpenIAPDecode.degrading(this.value, \(KotlinNames.stringLiteral(field.name)), emptyList()) { v0, p0 -> \(decodeValue(field.type, depth: 0, nested: nested)) }")
        guard field.isRequired else { return read }
        let neutral: String
        switch field.type {
        case .scalar(.string): neutral = "\"\""
        case .scalar(.int): neutral = "0L"
        case .scalar(.double), .scalar(.timestamp): neutral = "0.0"
        case .scalar(.bool): neutral = "false"
        case .list: neutral = "emptyList()"
        case .map: neutral = "emptyMap()"
        case let .named(name):
            switch spec[name] {
            case let .enumeration(e)? where !e.isClosed: neutral = typeReference(name, nested: nested) + ".fromRawValue(\"\")"
            case .opaqueString?: neutral = typeReference(name, nested: nested) + "(\"\")"
            default:
                neutral = String(source:
                    "throw IllegalStateException(\(KotlinNames.stringLiteral("an unknown member has no \(field.name) this version can read")))")
            }
        }
        return read + " ?: " + neutral
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

    /// Reads the value `v<depth>` at path `p<depth>` as `type`; a spec type
    /// that a class in `nested` would hide is named with its package.
    func decodeValue(_ type: TypeRef, depth: Int, nested: Set<String> = []) -> String {
        if depth == 0, case let .scalar(scalar) = type { return Self.scalarDecoders[scalar]! }
        switch type {
        case .scalar(.string): return String(source: "OpenIAPDecode.string(v\(depth), p\(depth))")
        case .scalar(.bool): return String(source: "OpenIAPDecode.bool(v\(depth), p\(depth))")
        case .scalar(.int): return String(source: "OpenIAPDecode.long(v\(depth), p\(depth))")
        case .scalar(.double), .scalar(.timestamp): return String(source: "OpenIAPDecode.double(v\(depth), p\(depth))")
        case let .named(name):
            let reader = nested.isEmpty ? companion(name) : typeReference(aliasTargets[name] ?? name, nested: nested)
            return String(source: "\(reader).fromJsonValue(v\(depth), p\(depth))")
        case let .list(element), let .map(element):
            let helper: StaticString = if case .list = type { "list" } else { "map" }
            let next = depth + 1
            let inner = decodeValue(element, depth: next, nested: nested)
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
            return kinds[name] == .object ? String(source: "\(value).toJson()") : String(source: "\(value).rawValue")
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
    private func addFieldDocs(
        _ field: Field, defaultLiteral: String? = nil, tagDefault: String? = nil, to object: inout TemplateObject
    ) {
        var lines = DocLineList()
        lines.appendKDoc(field.annotations.doc)
        if let defaultLiteral { lines.appendKDoc(String(source: "Defaults to `\(defaultLiteral)` when absent.")) }
        if let tagDefault {
            lines.appendKDoc(String(source:
                "The constructor defaults it to `\(tagDefault)`, the one value it has in the unions that list this record; the wire always carries it."))
        }
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
