import OpenIAPSpec
import OpenIAPTemplates

/// Builds the template contexts of the Swift target. Every Swift-specific
/// decision (names, escaping, decode and encode calls, validation code) is
/// made here; templates only place the results.
struct SwiftViewModel {
    let spec: Spec
    /// Types that contain themselves by value; unions among them are `indirect`.
    let onContainmentCycle: Set<String>
    /// What a field that names a type needs to know about it, per position
    /// in `spec.types`.
    private let traits: [Traits]
    /// Per position in `spec.types`: where the record there has its fields'
    /// entries in `leaves` (unused for other kinds of types).
    private let firstLeaf: [Int32]
    /// Per field of every record, records in spec order: the position of
    /// the type its type names at the bottom of lists and maps, or -1.
    ///
    /// Every such name is looked up once, here, while the validating types
    /// are worked out; rendering a field then reads its type's traits by
    /// position instead of hashing the name again (once for how it decodes
    /// and once more for whether it validates).
    private let leaves: [Int32]
    /// The discriminator values records always have (`Spec.impliedTagValues`):
    /// their initializers default those fields to them.
    private let impliedTags: [String: [String: String]]
    /// The records each union resolves to (`Spec.flattenedMemberNames()`).
    private let unionRecords: [String: [String]]
    /// The position of the type Swift declares under another name
    /// (`SwiftTarget.renamedPosition`), if any.
    private let renamed: Int?

    /// Facts about a type that the fields naming it depend on.
    struct Traits: OptionSet {
        let rawValue: UInt8
        /// Its `validate()` has something to check, directly or in a nested
        /// value: records with constraints or exactly-one groups, and every
        /// record and union that contains one.
        static let validates = Traits(rawValue: 1 << 0)
        /// An open enum or opaque string: a type whose generated `Codable`
        /// conformance is exactly "a JSON string, wrapped by
        /// `init(rawValue:)`, written back as `rawValue`" (see
        /// `NamedFieldType`). Closed enums are not among them: they reject
        /// unknown values with their own message.
        static let stringWrapper = Traits(rawValue: 1 << 1)
        /// An opaque string that reads an empty string as absent.
        static let emptyIsAbsent = Traits(rawValue: 1 << 2)
        static let opaque = Traits(rawValue: 1 << 3)
    }

    init(spec: Spec) {
        self.spec = spec
        self.onContainmentCycle = Containment(spec).onCycle
        let tables = Self.tables(spec)
        traits = tables.traits
        firstLeaf = tables.firstLeaf
        leaves = tables.leaves
        impliedTags = spec.impliedTagValues
        unionRecords = spec.flattenedMemberNames()
        renamed = SwiftTarget.renamedPosition(spec)
    }

    /// The traits of every type, and the leaf position of every record
    /// field, in one pass over the spec.
    ///
    /// Which types validate is the shared layer's (`ValidatingTypes`).
    private static func tables(_ spec: Spec) -> (traits: [Traits], firstLeaf: [Int32], leaves: [Int32]) {
        let count = spec.types.count
        var traits = [Traits](repeating: [], count: count)
        var firstLeaf = [Int32](repeating: 0, count: count)
        var leaves: [Int32] = []
        let validating = ValidatingTypes.names(in: spec)
        for position in 0..<count {
            switch spec.types[position] {
            case let .enumeration(e):
                if !e.isClosed { traits[position] = .stringWrapper }
            case let .opaqueString(s):
                traits[position] = s.emptyIsAbsent ? [.stringWrapper, .opaque, .emptyIsAbsent] : [.stringWrapper, .opaque]
            case let .record(r):
                firstLeaf[position] = Int32(leaves.count)
                r.fields.forEachAddress { field in
                    let contained = field.pointee.type.namedLeaf.flatMap(spec.position(of:))
                    leaves.append(contained.map(Int32.init) ?? -1)
                }
            case .union, .alias, .fieldSet:
                break
            }
            if validating.contains(spec.types[position].name) { traits[position].insert(.validates) }
        }
        return (traits, firstLeaf, leaves)
    }

    /// The traits of the type at `position` in `spec.types`; none for -1.
    private func traits(at position: Int32) -> Traits {
        position < 0 ? [] : traits[Int(position)]
    }

    /// Records and unions by name, for `OpenIAPTypeRegistry`, and each
    /// alias under its own name, an entry for the very type it stands for;
    /// a renamed record (`OpenIAPVoidResult`) under its spec name.
    /// The registry entries of the types that are `deprecated` or not: the
    /// registry lists the deprecated ones apart, where naming them does not warn.
    func registryEntries(deprecated: Bool) -> [TemplateValue] {
        spec.types.indices.compactMap { position in
            guard (spec.types[position].annotations.deprecated != nil) == deprecated else { return nil }
            switch spec.types[position] {
            case .record, .union, .alias:
                let name = spec.types[position].name
                return Self.registryEntry(name, type: position == renamed ? SwiftTarget.renamedVoidResult : name)
            default: return nil
            }
        }
    }

    /// The registry entry of the generated type `name`, which is also its
    /// key.
    static func registryEntry(_ name: String, type: String? = nil) -> TemplateValue {
        var entry = TemplateObject(keys: Self.registryKeys)
        entry.append(Key.key, .string(SwiftEscaping.stringLiteral(name)))
        entry.append(Key.type, .string(type ?? name))
        return .object(entry)
    }

    // MARK: - Per construct

    /// The member names of the objects built here, made once rather than
    /// per object.
    private enum Key {
        static let isEnum = TemplateKey("isEnum")
        static let isClosedEnum = TemplateKey("isClosedEnum")
        static let isOpaque = TemplateKey("isOpaque")
        static let isRecord = TemplateKey("isRecord")
        static let isUnion = TemplateKey("isUnion")
        static let isFieldSet = TemplateKey("isFieldSet")
        static let isAlias = TemplateKey("isAlias")
        static let isOneOf = TemplateKey("isOneOf")
        static let name = TemplateKey("name")
        static let docLines = TemplateKey("docLines")
        static let deprecation = TemplateKey("deprecation")
        static let oldNames = TemplateKey("oldNames")
        // Records and field sets.
        static let fields = TemplateKey("fields")
        static let codingFields = TemplateKey("codingFields")
        static let codingCases = TemplateKey("codingCases")
        static let hasSpecOrderInit = TemplateKey("hasSpecOrderInit")
        static let choices = TemplateKey("choices")
        static let hasChoices = TemplateKey("hasChoices")
        static let choiceInitParameters = TemplateKey("choiceInitParameters")
        static let hasFields = TemplateKey("hasFields")
        static let conformances = TemplateKey("conformances")
        static let validates = TemplateKey("validates")
        static let validationLines = TemplateKey("validationLines")
        static let patterns = TemplateKey("patterns")
        static let hasPatterns = TemplateKey("hasPatterns")
        static let source = TemplateKey("source")
        static let steps = TemplateKey("steps")
        static let requirements = TemplateKey("requirements")
        static let isAccessor = TemplateKey("isAccessor")
        static let label = TemplateKey("label")
        static let forwarded = TemplateKey("forwarded")
        static let storageType = TemplateKey("storageType")
        static let parameterType = TemplateKey("parameterType")
        static let getterLines = TemplateKey("getterLines")
        static let property = TemplateKey("property")
        static let parameter = TemplateKey("parameter")
        static let argument = TemplateKey("argument")
        static let storage = TemplateKey("storage")
        static let type = TemplateKey("type")
        static let initDefault = TemplateKey("initDefault")
        static let decode = TemplateKey("decode")
        static let encode = TemplateKey("encode")
        // Enums and opaque strings.
        static let cases = TemplateKey("cases")
        static let hasOneValue = TemplateKey("hasOneValue")
        static let hasOneSpelling = TemplateKey("hasOneSpelling")
        static let unknownCase = TemplateKey("unknownCase")
        static let expectedValues = TemplateKey("expectedValues")
        static let hasDeprecatedCases = TemplateKey("hasDeprecatedCases")
        static let caseName = TemplateKey("caseName")
        static let wire = TemplateKey("wire")
        static let spellingEntries = TemplateKey("spellingEntries")
        static let constants = TemplateKey("constants")
        static let constant = TemplateKey("constant")
        // Unions.
        static let members = TemplateKey("members")
        static let isIndirect = TemplateKey("isIndirect")
        static let keepsUnknown = TemplateKey("keepsUnknown")
        static let discriminatorKey = TemplateKey("discriminatorKey")
        static let discriminatorDoc = TemplateKey("discriminatorDoc")
        static let tagType = TemplateKey("tagType")
        static let tagValue = TemplateKey("tagValue")
        static let expectedTags = TemplateKey("expectedTags")
        static let tag = TemplateKey("tag")
        static let interfaces = TemplateKey("interfaces")
        static let properties = TemplateKey("properties")
        // Aliases.
        static let target = TemplateKey("target")
        // Registry entries.
        static let key = TemplateKey("key")
    }

    /// The names of each kind of object built here, in the order they are
    /// added: every object of a kind shares its list (see
    /// `TemplateObject.init(keys:)`).
    private static let registryKeys = [Key.key, Key.type]
    /// What every type's object starts with (see `context(at:)`).
    private static let typeKeys = [
        Key.isEnum, Key.isClosedEnum, Key.isOpaque, Key.isRecord, Key.isUnion, Key.isFieldSet, Key.isAlias, Key.isOneOf,
        Key.name, Key.docLines, Key.deprecation, Key.oldNames,
    ]
    private static let aliasKeys = typeKeys + [Key.target]
    private static let enumKeys =
        typeKeys + [Key.cases, Key.hasOneValue, Key.hasOneSpelling, Key.unknownCase, Key.expectedValues, Key.hasDeprecatedCases]
    private static let opaqueKeys = typeKeys + [Key.hasOneValue, Key.constants]
    private static let recordKeys =
        typeKeys + [
            Key.fields, Key.codingFields, Key.hasSpecOrderInit, Key.hasFields, Key.conformances, Key.validates,
            Key.validationLines, Key.hasPatterns, Key.patterns, Key.choices, Key.hasChoices, Key.choiceInitParameters,
        ]
    private static let patternKeys = [Key.name, Key.source, Key.steps]
    private static let oneOfKeys = typeKeys + [Key.cases, Key.codingCases, Key.unknownCase, Key.validates]
    private static let fieldSetKeys = typeKeys + [Key.requirements]
    private static let unionKeys =
        typeKeys + [
            Key.members, Key.isIndirect, Key.keepsUnknown, Key.unknownCase, Key.discriminatorKey, Key.discriminatorDoc,
            Key.tagType, Key.tagValue, Key.expectedTags, Key.validates, Key.interfaces, Key.properties,
        ]
    private static let requirementKeys = [Key.docLines, Key.deprecation, Key.property, Key.type]
    private static let caseKeys = [Key.docLines, Key.deprecation, Key.caseName, Key.wire, Key.spellingEntries]
    private static let constantKeys = [Key.docLines, Key.constant, Key.wire]
    private static let fieldKeys = [
        Key.docLines, Key.deprecation, Key.isAccessor, Key.property, Key.parameter, Key.label, Key.argument, Key.forwarded,
        Key.storage, Key.storageType, Key.type, Key.parameterType, Key.getterLines, Key.initDefault, Key.decode, Key.encode,
    ]
    private static let memberKeys = [Key.caseName, Key.tag, Key.type]

    /// Every type's object has the kind flags, its name, docs and
    /// deprecation, and then what its kind adds. `position` is the type's
    /// place in `spec.types`, where its traits are kept.
    func context(at position: Int) -> TemplateValue {
        var object = TemplateObject()
        func start(_ kind: TemplateKey, _ keys: [TemplateKey], _ name: String, _ annotations: Annotations) {
            object = typeObject(kind, keys, name, annotations)
            object.append(Key.oldNames, .list(oldNameDeclarations(of: spec.types[position])))
        }
        switch spec.types[position] {
        case let .enumeration(e):
            start(e.isClosed ? Key.isClosedEnum : Key.isEnum, Self.enumKeys, e.name, e.annotations)
            addEnum(e, to: &object)
        case let .opaqueString(s):
            start(Key.isOpaque, Self.opaqueKeys, s.name, s.annotations)
            addOpaque(s, to: &object)
        case let .record(r) where r.isOneOf:
            start(Key.isOneOf, Self.oneOfKeys, r.name, r.annotations)
            addOneOf(r, at: position, to: &object)
        case var .record(r) where position == renamed:
            // `VoidResult` is `Void` in Swift; the record keeps its wire form
            // under the runtime's prefix.
            let doc = "The spec's `\(r.name)` record, as a bridge reads and writes it: `\(r.name)` itself is `Void` in Swift, as upstream declares it."
            r.annotations.doc = [doc, r.annotations.doc].compactMap { $0 }.joined(separator: "\n\n")
            start(Key.isRecord, Self.recordKeys, SwiftTarget.renamedVoidResult, r.annotations)
            addRecord(r, at: position, to: &object)
        case let .record(r):
            start(Key.isRecord, Self.recordKeys, r.name, r.annotations)
            addRecord(r, at: position, to: &object)
        case let .fieldSet(s):
            start(Key.isFieldSet, Self.fieldSetKeys, s.name, s.annotations)
            var requirements: [TemplateValue] = []
            requirements.reserveCapacity(s.fields.count)
            s.fields.withUnsafeBufferPointer { buffer in
                for index in buffer.indices { requirements.append(requirementContext(buffer[index], owner: s.name)) }
            }
            object.append(Key.requirements, .list(requirements))
        case let .union(u):
            start(Key.isUnion, Self.unionKeys, u.name, u.annotations)
            addUnion(u, at: position, to: &object)
        case let .alias(a):
            // `public typealias PurchaseInput = Purchase`: the very type.
            start(Key.isAlias, Self.aliasKeys, a.name, a.annotations)
            object.append(Key.target, .string(a.target))
        }
        return .object(object)
    }

    /// A type's object with what every kind has: the kind flags, its name,
    /// docs and deprecation.
    private func typeObject(_ kind: TemplateKey, _ keys: [TemplateKey], _ name: String, _ annotations: Annotations) -> TemplateObject {
        var object = TemplateObject(keys: keys)
        object.append(Key.isEnum, .bool(kind == Key.isEnum))
        object.append(Key.isClosedEnum, .bool(kind == Key.isClosedEnum))
        object.append(Key.isOpaque, .bool(kind == Key.isOpaque))
        object.append(Key.isRecord, .bool(kind == Key.isRecord))
        object.append(Key.isUnion, .bool(kind == Key.isUnion))
        object.append(Key.isFieldSet, .bool(kind == Key.isFieldSet))
        object.append(Key.isAlias, .bool(kind == Key.isAlias))
        object.append(Key.isOneOf, .bool(kind == Key.isOneOf))
        object.append(Key.name, .string(name))
        object.append(Key.docLines, docLines(annotations.doc))
        object.append(Key.deprecation, .string(deprecationAttribute(annotations)))
        return object
    }

    private func requirementContext(_ field: Field, owner: String) -> TemplateValue {
        var object = TemplateObject(keys: Self.requirementKeys)
        object.append(Key.docLines, docLines(field.annotations.doc))
        object.append(Key.deprecation, .string(deprecationAttribute(field.annotations, owner: owner)))
        object.append(Key.property, .string(SwiftNames.escaped(SwiftNames.name(field.name, in: .property))))
        object.append(Key.type, .string(SwiftTypeMapping.swiftType(of: field)))
        return .object(object)
    }

    private func addEnum(_ type: EnumType, to object: inout TemplateObject) {
        let place: SwiftNames.Place = type.isClosed ? .closedEnumCase : .openEnumCase
        var cases: [TemplateValue] = []
        cases.reserveCapacity(type.values.count)
        // Each value's aliases are checked against all the enum's wire
        // values; asking for them all at once makes that set once per enum.
        let aliases = type.decodeAliasesOfValues()
        var index = 0
        type.values.forEachAddress {
            cases.append(caseContext($0, of: type.name, position: index, aliases: aliases[index], place: place))
            index += 1
        }
        let expected = Self.commaSeparated(type.values) { $0.pointee.wire }
        object.append(Key.cases, .list(cases))
        object.append(Key.hasOneValue, .bool(type.values.count == 1))
        object.append(Key.hasOneSpelling, .bool(type.values.count == 1 && aliases[0].isEmpty))
        object.append(Key.unknownCase, .string(SwiftNames.unknownEnumCase))
        object.append(Key.expectedValues, .string(SwiftEscaping.stringLiteral(expected)))
        object.append(Key.hasDeprecatedCases, .bool(type.values.contains { $0.annotations.deprecated != nil }))
    }

    /// `value` points into the enum's values, read member by member as in
    /// `fieldContext`, at `position` among them; `aliases` are its
    /// decode-only spellings, from `EnumType.decodeAliasesOfValues()`.
    private func caseContext(
        _ value: UnsafePointer<EnumValue>, of owner: String, position: Int, aliases: [String], place: SwiftNames.Place
    ) -> TemplateValue {
        let wire = value.pointee.wire
        let literal = SwiftEscaping.stringLiteral(wire)
        // The entries of the enum's spelling table (see `OpenIAPSpellings`):
        // the wire value, then each alias, with the value's position.
        var spellings: [TemplateValue] = [.string(String(source: "\(literal): \(position)"))]
        for alias in aliases {
            spellings.append(.string(String(source: "\(SwiftEscaping.stringLiteral(alias)): \(position)")))
        }
        var docs = DocLineList()
        docs.append(value.pointee.annotations.doc)
        // A deprecated case is attributed; the generated code names it only
        // where that does not warn (`enumDeclarations`, SwiftDeprecation.swift).
        var item = TemplateObject(keys: Self.caseKeys)
        item.append(Key.docLines, docs.value)
        item.append(Key.deprecation, .string(deprecationAttribute(value.pointee.annotations, owner: owner)))
        item.append(Key.caseName, .string(SwiftNames.escaped(SwiftNames.name(wire, in: place))))
        item.append(Key.wire, .string(literal))
        item.append(Key.spellingEntries, .list(spellings))
        return .object(item)
    }

    private func addOpaque(_ type: OpaqueStringType, to object: inout TemplateObject) {
        var constants: [TemplateValue] = []
        constants.reserveCapacity(type.knownValues.count)
        for index in type.knownValues.indices {
            let value = type.knownValues[index]
            var item = TemplateObject(keys: Self.constantKeys)
            item.append(Key.docLines, docLines(value.annotations.doc))
            item.append(Key.constant, .string(SwiftNames.escaped(SwiftNames.name(value.wire, in: .opaqueConstant))))
            item.append(Key.wire, .string(SwiftEscaping.stringLiteral(value.wire)))
            constants.append(.object(item))
        }
        object.append(Key.hasOneValue, .bool(type.knownValues.count == 1))
        object.append(Key.constants, .list(constants))
    }

    /// The conformances of a record that includes no field set.
    private static let plainConformances = "Codable, Hashable, Sendable, OpenIAPValidatable"
    /// The names in `plainConformances`, which an included field set does
    /// not repeat.
    private static let plainConformanceNames: Set<String> = ["Codable", "Hashable", "Sendable", "OpenIAPValidatable"]

    private func addRecord(_ record: RecordType, at position: Int, to object: inout TemplateObject) {
        let first = Int(firstLeaf[position])
        addRecord(record, validates: traits[position].contains(.validates), to: &object) { traits(at: leaves[first + $0]) }
    }

    /// The template object of an operation's arguments record
    /// (`APIOperation.argumentsRecord`), made exactly like a record of the
    /// spec's own; such a record is not in `spec.types`, so the traits of
    /// its fields' types are looked up here.
    func argumentsContext(_ record: RecordType) -> TemplateValue {
        let leafTraits = record.fields.map { field in
            field.type.namedLeaf.flatMap { spec.position(of: $0) }.map { traits[$0] } ?? []
        }
        let validates = !record.exactlyOne.isEmpty
            || zip(record.fields, leafTraits).contains { !$0.constraints.isEmpty || $1.contains(.validates) }
        var object = typeObject(Key.isRecord, Self.recordKeys, record.name, record.annotations)
        addRecord(record, validates: validates, to: &object) { leafTraits[$0] }
        return .object(object)
    }

    /// The positions of `names` in the order upstream's generator declares
    /// properties: plain ordinal order of the Swift names, compared by
    /// Unicode scalar values (for ASCII names, byte order).
    static func alphabeticalOrder(_ names: [String]) -> [Int] {
        names.indices.sorted { names[$0].unicodeScalars.lexicographicallyPrecedes(names[$1].unicodeScalars) }
    }

    /// `leafTraits(i)` are the traits of the type field `i` names (at the
    /// bottom of lists and maps).
    ///
    /// Properties and the initializer's parameters come in alphabetical
    /// order of the Swift names, as upstream's generated types have them;
    /// decoding and encoding keep the spec's order, so the JSON a record
    /// writes is what it was. When the spec's order gives another list of
    /// labels, a second initializer takes the parameters in that order.
    private func addRecord(
        _ record: RecordType, validates: Bool, to object: inout TemplateObject, leafTraits: (Int) -> Traits
    ) {
        let choices = record.exactlyOne.compactMap(\.choice)
        let implied = impliedTags[record.name]
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        var properties: [String] = []
        properties.reserveCapacity(record.fields.count)
        // The fields' own validation lines, made in the same pass as their
        // contexts, which work out the names and traits they need.
        var fieldLines: [TemplateValue] = []
        var index = 0
        // By address, so each field is read in place rather than copied.
        record.fields.forEachAddress { field in
            let name = field.pointee.name
            let role: FieldRole =
                if let choice = choices.first(where: { $0.tagField == name }) { .choiceTag(choice) }
                else if choices.contains(where: { $0.case(setting: name) != nil }) { .choiceCase }
                else { .plain }
            fields.append(
                fieldContext(
                    field, leaf: leafTraits(index), validates: validates, lines: &fieldLines, impliedTag: implied?[name],
                    role: role, record: record))
            properties.append(SwiftNames.name(name, in: .property))
            index += 1
        }
        var conformances = Self.plainConformances
        // Each included field set once, after the plain ones, appended in
        // place: an array of all the names, joined, cost some 4,000
        // instructions a record.
        for (index, name) in record.includes.enumerated()
        where !Self.plainConformanceNames.contains(name) && !record.includes[..<index].contains(name) {
            conformances += ", "
            conformances += name
        }
        let order = Self.alphabeticalOrder(properties)
        let sorted = order.map { fields[$0] }
        let inSpecOrder = order.elementsEqual(fields.indices)
        object.append(Key.fields, .list(sorted))
        object.append(Key.codingFields, .list(fields))
        object.append(Key.hasSpecOrderInit, .bool(!inSpecOrder))
        object.append(Key.hasFields, .bool(!record.fields.isEmpty))
        object.append(Key.conformances, .string(conformances))
        object.append(Key.validates, .bool(validates))
        // A record has validation lines exactly when it validates.
        object.append(Key.validationLines, .list(validates ? validationLines(record, fieldLines: fieldLines) : []))
        let patterns = patternContexts(record.fields)
        object.append(Key.hasPatterns, .bool(!patterns.isEmpty))
        object.append(Key.patterns, .list(patterns))
        let choiceContexts = choices.map { choiceContext($0, record: record) }
        object.append(Key.choices, .list(choiceContexts))
        object.append(Key.hasChoices, .bool(!choices.isEmpty))
        object.append(Key.choiceInitParameters, .list(choices.isEmpty ? [] : choiceInitParameters(record, choices, properties)))
    }

    /// A `oneOf` record as an enum: a case per field, named after it, whose
    /// payload is the field's optional type, in alphabetical order as
    /// upstream declares them; decoding tries the fields in spec order, and
    /// an object with none of them is kept whole.
    private func addOneOf(_ record: RecordType, at position: Int, to object: inout TemplateObject) {
        let first = Int(firstLeaf[position])
        let validates = traits[position].contains(.validates)
        var cases: [TemplateValue] = []
        var names: [String] = []
        var index = 0
        record.fields.forEachAddress { field in
            let leaf = traits(at: leaves[first + index])
            index += 1
            let name = field.pointee.name
            let caseName = SwiftNames.name(name, in: .property)
            names.append(caseName)
            let swiftType = SwiftTypeMapping.swiftType(field.pointee.type)
            var docs = DocLineList()
            docs.append(field.pointee.annotations.doc)
            if let message = field.pointee.annotations.deprecated {
                docs.append("- Warning: Deprecated." + (message.isEmpty ? "" : " " + message))
            }
            let key = SwiftEscaping.stringLiteral(name)
            let presence = ([name] + field.pointee.aliases).map { "container.contains(\(SwiftEscaping.stringLiteral($0)))" }
                .joined(separator: " || ")
            let readKey =
                field.pointee.aliases.isEmpty
                ? String(source: "forKey: \(key)")
                : String(source: "at: container.firstPresentKey([\(([name] + field.pointee.aliases).map(SwiftEscaping.stringLiteral).joined(separator: ", "))])")
            var validation: [TemplateValue] = []
            if validates { appendValidationLines(field, leaf: leaf, value: "payload", to: &validation) }
            cases.append([
                "docLines": docs.value,
                "caseName": .string(SwiftNames.escaped(caseName)),
                "type": .string(String(source: "\(swiftType)?")),
                "key": .string(key),
                "presence": .string(presence),
                "decode": .string(decodeExpression(swiftType, isRequired: false, degrades: field.pointee.degrades,
                    NamedFieldType(field.pointee.type, leaf: leaf), key: readKey)),
                "hasValidation": .bool(!validation.isEmpty),
                "validationLines": .list(validation),
            ])
        }
        object.append(Key.cases, .list(Self.alphabeticalOrder(names).map { cases[$0] }))
        object.append(Key.codingCases, .list(cases))
        object.append(Key.unknownCase, .string(SwiftNames.unknownUnionCase))
        object.append(Key.validates, .bool(validates))
    }

    /// What a field is to a record's named choices (`FieldChoice`).
    private enum FieldRole {
        /// Not part of a choice.
        case plain
        /// One of a choice's cases: set through the choice's property.
        case choiceCase
        /// The tag field of `choice`: optional on the wire, but always has
        /// a value in Swift, the one its case implies when absent.
        case choiceTag(FieldChoice)
    }

    /// The type Swift declares for the nested enum of a choice: its
    /// property's name with a capital (`request` → `Request`).
    static func choiceTypeName(_ choice: FieldChoice) -> String {
        SwiftNames.upperCamel(choice.property)
    }

    /// The template object of a named choice: the property, its nested enum
    /// and how the property reads and writes the fields.
    private func choiceContext(_ choice: FieldChoice, record: RecordType) -> TemplateValue {
        let members = choice.cases.compactMap { item in record.field(item.field).map { (item, $0) } }
        let storages = members.map { storageName($0.1.name, deprecated: $0.1.annotations.deprecated != nil) }
        var cases: [TemplateValue] = []
        for (index, (item, field)) in members.enumerated() {
            // Setting a case sets its field and clears the others.
            let setLines = storages.enumerated().map { other, storage in
                String(source: "\(storage) = \(other == index ? "value" : "nil")")
            }
            cases.append([
                "caseName": .string(SwiftNames.escaped(item.name)),
                "storage": .string(storages[index]),
                "payload": .string(SwiftTypeMapping.swiftType(field.type)),
                "field": .string(field.name),
                "setLines": .list(setLines.map { .string($0) }),
            ])
        }
        let others = choice.cases.map { "`\($0.field)`" }
        let doc = """
            Which of \(OperationDocs.listed(others)) is set, as one value; setting it sets that field and clears the \
            others. Reading it from a value that sets none of them, which only decoding without `validate()` or the \
            field-by-field initializer can make, stops the program.
            """
        let typeName = Self.choiceTypeName(choice)
        return [
            "docLines": .list(SwiftEscaping.docLines(doc).map { .string($0) }),
            "property": .string(SwiftNames.escaped(choice.property)),
            "typeName": .string(typeName),
            "typeDocLines": .list(SwiftEscaping.docLines("The choices of `\(choice.property)`, one per field.").map { .string($0) }),
            "cases": .list(cases),
            "failure": .string(SwiftEscaping.stringLiteral("\(record.name) sets none of \(choice.cases.map(\.field).joined(separator: ", ")); validate() rejects it")),
        ]
    }


    /// The parameters of the initializer that takes a record's choices as
    /// their enums (`init(request:type:)`), in alphabetical order: each
    /// choice, then every field outside the choices, the tag fields taking
    /// nil (the case's tag) by default. Each parameter has its lines of the
    /// body: choices set their field (and tag field), the others are passed
    /// on to the field-by-field initializer, which the body calls first.
    private func choiceInitParameters(_ record: RecordType, _ choices: [FieldChoice], _ properties: [String]) -> [TemplateValue] {
        var names: [String] = []
        var parameters: [TemplateValue] = []
        for choice in choices {
            names.append(choice.property)
            var lines: [String] = ["switch \(SwiftNames.escaped(choice.property)) {"]
            let tagField = choice.tagField.flatMap { record.field($0) }.flatMap { $0.isRequired ? nil : $0 }
            for item in choice.cases {
                guard let field = record.field(item.field) else { continue }
                lines.append("case let .\(SwiftNames.escaped(item.name))(value):")
                lines.append("    \(storageName(field.name, deprecated: field.annotations.deprecated != nil)) = value")
                if let tagField, let tag = item.tagValue {
                    let storage = String(source: "self._\(SwiftNames.name(tagField.name, in: .property))")
                    let parameter = SwiftNames.escaped(SwiftNames.name(tagField.name, in: .property))
                    let literal = SwiftTypeMapping.literal(Self.tagDefault(tag, type: tagField.type), type: tagField.type, spec: spec)
                    lines.append("    \(storage) = \(parameter) ?? \(literal)")
                }
            }
            lines.append("}")
            parameters.append([
                "name": .string(choice.property),
                "parameter": .string(SwiftNames.escaped(choice.property) + ": " + Self.choiceTypeName(choice)),
                "lines": .list(lines.map { .string($0) }),
            ])
        }
        let grouped = Set(choices.flatMap { $0.cases.map(\.field) })
        for (index, field) in record.fields.enumerated() where !grouped.contains(field.name) {
            let property = properties[index]
            let isTag = !field.isRequired && choices.contains { $0.tagField == field.name }
            let type = SwiftTypeMapping.swiftType(field.type, isRequired: field.isRequired && !isTag)
            let initDefault =
                isTag ? " = nil"
                : field.defaultValue.map { " = " + SwiftTypeMapping.literal($0, type: field.type, spec: spec) }
                    ?? (field.isRequired ? "" : " = nil")
            names.append(property)
            let declared = SwiftNames.parameterInternalName(property).map { "\(SwiftNames.escaped(property)) \($0)" }
                ?? SwiftNames.escaped(property)
            parameters.append([
                "name": .string(property),
                "parameter": .string(declared + ": " + type + initDefault),
                "lines": .list([]),
            ])
        }
        return Self.alphabeticalOrder(names).map { parameters[$0] }
    }

    /// A tag value as a default of a field of `type`: an enum's value, or a
    /// string.
    static func tagDefault(_ wire: String, type: TypeRef) -> DefaultValue {
        if case .named = type { return .enumValue(wire) }
        return .string(wire)
    }

    /// The record's compiled `pattern:`s, one per field that has one, named
    /// after the field's property in the private `OpenIAPPatterns` enum
    /// (the prefix no spec type may take, so the enum hides none).
    private func patternContexts(_ fields: [Field]) -> [TemplateValue] {
        var result: [TemplateValue] = []
        fields.forEachAddress { field in
            guard let pattern = field.pointee.constraints.pattern else { return }
            var object = TemplateObject(keys: Self.patternKeys)
            object.append(Key.name, .string(SwiftNames.escaped(SwiftNames.name(field.pointee.name, in: .property))))
            object.append(Key.source, .string(SwiftEscaping.stringLiteral(pattern.source)))
            // One step on one line; more one per line, as swift-format lays
            // out collection literals.
            let steps = pattern.steps.map(Self.stepLiteral)
            let lines: [TemplateValue] =
                steps.count == 1
                ? [.string("[\(steps[0])])")]
                : ["["] + steps.map { .string("    \($0),") } + ["])"]
            object.append(Key.steps, .list(lines))
            result.append(.object(object))
        }
        return result
    }

    /// `(low, high, minimum, maximum)` of a pattern step, as
    /// `OpenIAPPattern.init` takes it: the character sets in hexadecimal,
    /// -1 for no maximum.
    static func stepLiteral(_ step: StringPattern.Step) -> String {
        // Sixteen digits in groups of four, as swift-format asks.
        func hex(_ word: UInt64) -> String {
            let digits = Array(String(word, radix: 16, uppercase: true))
            let padded = Array(repeating: Character("0"), count: 16 - digits.count) + digits
            return "0x" + stride(from: 0, to: 16, by: 4).map { String(padded[$0..<$0 + 4]) }.joined(separator: "_")
        }
        return "(\(hex(step.low)), \(hex(step.high)), \(step.minimum), \(step.maximum ?? -1))"
    }

    /// `field` points into the record's fields; reading it member by member
    /// spares a copy of the whole field (and its reference counts) per field.
    /// `leaf` are the traits of the type the field names (at the bottom of
    /// lists and maps). When the record validates, the field's validation
    /// lines are appended to `lines`. `impliedTag` is the one value the
    /// field has whenever the record is read through a union
    /// (`Spec.impliedTagValues`), its initializer default.
    private func fieldContext(
        _ field: UnsafePointer<Field>, leaf: Traits, validates: Bool, lines: inout [TemplateValue], impliedTag: String?,
        role: FieldRole, record: RecordType
    ) -> TemplateValue {
        let name = field.pointee.name
        let type = field.pointee.type
        let isRequired = field.pointee.isRequired
        let deprecation = field.pointee.annotations.deprecated
        let property = SwiftNames.name(name, in: .property)
        var isChoiceTag = false
        if case .choiceTag = role, !isRequired { isChoiceTag = true }
        // A deprecated field is stored under a private name and exposed by a
        // deprecated accessor, so the generated code never warns about its
        // own use of it. So is the tag field of a choice, whose accessor is
        // never nil: absent, it is the tag of the case that is set.
        // The property, its coding key and its initializer label share one spelling.
        let escaped = SwiftNames.escaped(property)
        let isAccessor = deprecation != nil || isChoiceTag
        let storage = isAccessor ? String(source: "_\(property)") : escaped
        let internalName = SwiftNames.parameterInternalName(property)
        let named = NamedFieldType(type, leaf: leaf)
        // The default as a Swift literal, written in the docs and in the
        // initializer; made once, as it looks up named types in the spec.
        let defaultLiteral = field.pointee.defaultValue.map { SwiftTypeMapping.literal($0, type: type, spec: spec) }
        var docs = DocLineList()
        docs.append(field.pointee.annotations.doc)
        if let defaultLiteral, !isChoiceTag {
            docs.append(String(source: "Defaults to `\(defaultLiteral)` when absent."))
        }
        if let limit = field.pointee.constraints.maxBytes {
            docs.append(String(source: "At most \(limit) bytes of UTF-8; checked by `validate()`."))
        }
        let constraints = field.pointee.constraints
        if let length = ConstraintText.length(minimum: constraints.minLength, maximum: constraints.maxLength) {
            docs.append(length + " (Unicode scalars); checked by `validate()`.")
        }
        if let pattern = constraints.pattern {
            docs.append(String(source: "Matches `\(pattern.source)` as a whole; checked by `validate()`."))
        }
        if !field.pointee.aliases.isEmpty {
            let names = field.pointee.aliases.map { "`\($0)`" }.joined(separator: ", ")
            docs.append(String(source: "Also read from \(names) when `\(name)` is absent (the first key present wins); always written as `\(name)`."))
        }
        if field.pointee.degrades {
            docs.append("A present value that cannot be read decodes as `nil`.")
        }
        // The Swift spelling of the type, made once for the property and
        // the decoder.
        let swiftType = SwiftTypeMapping.swiftType(type)
        let optionalType = String(source: "\(swiftType)?")
        let storedType = isRequired ? swiftType : optionalType
        // Initializers default what upstream's do: optional fields to their
        // spec default or nil, and a discriminator to the one tag the
        // record always has; a choice's tag field to nil, which stands for
        // the tag of the case that is set.
        let initDefault: String
        if isChoiceTag {
            initDefault = " = nil"
        } else if let defaultLiteral {
            initDefault = String(source: " = \(defaultLiteral)")
        } else if !isRequired {
            initDefault = " = nil"
        } else if let impliedTag {
            initDefault = " = " + SwiftTypeMapping.literal(Self.tagDefault(impliedTag, type: type), type: type, spec: spec)
        } else {
            initDefault = ""
        }
        var getterLines: [TemplateValue] = [.string(storage)]
        if case let .choiceTag(choice) = role, isChoiceTag {
            docs.append("Absent on the wire, it is the tag of the case that is set.")
            getterLines = [.string(String(source: "if let value = \(storage) { return value }"))]
            for item in choice.cases {
                guard let member = record.field(item.field), let tag = item.tagValue else { continue }
                let literal = SwiftTypeMapping.literal(Self.tagDefault(tag, type: type), type: type, spec: spec)
                getterLines.append(.string(String(source:
                    "if \(storageName(member.name, deprecated: member.annotations.deprecated != nil)) != nil { return \(literal) }")))
            }
            let fallback = defaultLiteral
                ?? choice.cases.first?.tagValue.map { SwiftTypeMapping.literal(Self.tagDefault($0, type: type), type: type, spec: spec) }
                ?? "nil"
            getterLines.append(.string("return " + fallback))
        }
        var object = TemplateObject(keys: Self.fieldKeys)
        object.append(Key.docLines, docs.value)
        object.append(Key.deprecation, .string(deprecationAttribute(field.pointee.annotations, owner: record.name)))
        object.append(Key.isAccessor, .bool(isAccessor))
        object.append(Key.property, .string(escaped))
        object.append(Key.parameter, .string(internalName.map { String(source: "\(escaped) \($0)") } ?? escaped))
        object.append(Key.label, .string(SwiftNames.callLabel(property)))
        object.append(Key.argument, .string(internalName ?? escaped))
        if case .choiceCase = role { object.append(Key.forwarded, .string("nil")) } else { object.append(Key.forwarded, .string(internalName ?? escaped)) }
        object.append(Key.storage, .string(storage))
        object.append(Key.storageType, .string(storedType))
        object.append(Key.type, .string(isChoiceTag ? swiftType : storedType))
        object.append(Key.parameterType, .string(storedType))
        object.append(Key.getterLines, .list(getterLines))
        object.append(Key.initDefault, .string(initDefault))
        // Records have no key type of their own: every key is the wire name,
        // written as a `StaticString` literal that the runtime's helpers make
        // the `OpenIAPAnyKey` of (a CodingKeys enum per record cost more code
        // and compile time than the rest of the record's coding, and a
        // `String` literal at every call site a third of the optimiser's
        // time). A field with aliases is read from the first of its names
        // that the object has (a key made at run time, passed `at:`), and
        // written under its name alone.
        let key = SwiftEscaping.stringLiteral(name)
        let aliases = field.pointee.aliases
        let readKey =
            aliases.isEmpty
            ? String(source: "forKey: \(key)")
            : String(source: "at: container.firstPresentKey([\(([name] + aliases).map(SwiftEscaping.stringLiteral).joined(separator: ", "))])")
        let decode = decodeExpression(swiftType, isRequired: isRequired, degrades: field.pointee.degrades, named, key: readKey)
        object.append(Key.decode, .string(decode))
        object.append(Key.encode, .string(encodeStatement(isRequired: isRequired, named, storage: storage, key: key)))
        if validates { appendValidationLines(field, leaf: leaf, value: String(source: "self.\(storage)"), to: &lines) }
        return .object(object)
    }

    private func addUnion(_ union: UnionType, at position: Int, to object: inout TemplateObject) {
        // The discriminator field of the first member, read in place (see
        // `fieldContext`) rather than copied, as `RecordType.field` does.
        var discriminatorType: TypeRef?
        let firstRecord = unionRecords[union.name]?.first.flatMap(spec.record)
        firstRecord?.fields.forEachAddress { field in
            if discriminatorType == nil, field.pointee.name == union.discriminator { discriminatorType = field.pointee.type }
        }
        // Decoding the discriminator with its own type applies its aliases;
        // switching on the canonical raw value then picks the member.
        let tagType: String
        let tagValue: String
        switch discriminatorType {
        case let .named(name)?:
            tagType = name
            tagValue = "tag.rawValue"
        default:
            tagType = "String"
            tagValue = "tag"
        }
        // One case per member type, named after it as upstream names it;
        // a type listed under several tags has them all (Google, Horizon
        // and Amazon purchases are all `.purchaseAndroid`). The tag still
        // picks the case when decoding; the member writes its own tag back.
        var memberTypes: [String] = []
        var tagsByType: [String: [String]] = [:]
        for index in union.members.indices {
            let member = union.members[index]
            if tagsByType[member.typeName] == nil { memberTypes.append(member.typeName) }
            tagsByType[member.typeName, default: []].append(SwiftEscaping.stringLiteral(member.tag))
        }
        let caseNames = memberTypes.map { SwiftNames.escaped(SwiftNames.unionCaseName(memberType: $0)) }
        var members: [TemplateValue] = []
        members.reserveCapacity(memberTypes.count)
        for (index, typeName) in memberTypes.enumerated() {
            var item = TemplateObject(keys: Self.memberKeys)
            item.append(Key.caseName, .string(caseNames[index]))
            item.append(Key.tag, .string(tagsByType[typeName, default: []].joined(separator: ", ")))
            item.append(Key.type, .string(typeName))
            members.append(.object(item))
        }
        let keep = union.unknownTag == .keep
        let expected = Self.commaSeparated(union.members) { $0.pointee.tag }
        // The shared fields of the members' common field sets, read through
        // whichever member the value holds.
        let interfaces = spec.fieldSets.filter { conforms(union, to: $0) }
        var properties: [TemplateValue] = []
        var conformances = ""
        for set in interfaces {
            conformances += ", " + set.name
            for field in set.fields {
                properties.append(sharedProperty(field, caseNames: caseNames, keepsUnknown: keep))
            }
        }
        object.append(Key.members, .list(members))
        object.append(Key.isIndirect, .bool(onContainmentCycle.contains(union.name)))
        object.append(Key.keepsUnknown, .bool(keep))
        object.append(Key.unknownCase, .string(SwiftNames.unknownUnionCase))
        object.append(Key.discriminatorKey, .string(SwiftEscaping.stringLiteral(union.discriminator)))
        object.append(Key.discriminatorDoc, .string(
            SwiftEscaping.docLines("Tagged by the `\(union.discriminator)` field on the wire.").joined(separator: "\n")))
        object.append(Key.tagType, .string(tagType))
        object.append(Key.tagValue, .string(tagValue))
        object.append(Key.expectedTags, .string(SwiftEscaping.stringLiteral(expected)))
        object.append(Key.validates, .bool(traits[position].contains(.validates)))
        object.append(Key.interfaces, .string(conformances))
        object.append(Key.properties, .list(properties))
    }

    /// Whether `union` conforms to the protocol of the field set `set`:
    /// every record it stands for includes the set, every member union
    /// conforms too, and when it keeps unknown members, every required
    /// field of the set has a neutral value to give for them.
    func conforms(_ union: UnionType, to set: FieldSet) -> Bool {
        let records = (unionRecords[union.name] ?? []).compactMap(spec.record)
        guard !records.isEmpty, records.allSatisfy({ $0.includes.contains(set.name) }) else { return false }
        if union.unknownTag == .keep, !set.fields.allSatisfy({ !$0.isRequired || neutralValue(of: $0.type) != nil }) {
            return false
        }
        for member in union.members {
            if case let .union(nested)? = spec[member.typeName], !conforms(nested, to: set) { return false }
        }
        return true
    }

    /// What an unknown member answers for a required field of `type` that
    /// its JSON does not hold: empty, zero, or an enum's unknown value; nil
    /// for types that have no such value (records, unions, closed enums).
    private func neutralValue(of type: TypeRef) -> String? {
        switch type {
        case .scalar(.string): "\"\""
        case .scalar(.bool): "false"
        case .scalar(.int), .scalar(.double), .scalar(.timestamp): "0"
        case .list: "[]"
        case .map: "[:]"
        case let .named(name):
            switch spec[name] {
            case let .enumeration(e)? where !e.isClosed: String(source: "\(name)(wireValue: \"\")")
            case .opaqueString?: String(source: "\(name)(rawValue: \"\")")
            default: nil
            }
        }
    }

    /// A shared field as a property of a union: each member's value, and
    /// for an unknown member the field read from its JSON when it is there
    /// with the right type, else a neutral value. A `Bool` of an unknown
    /// member is always false (nil when optional): a flag such as `isValid`
    /// that this version cannot check is never taken as set.
    private func sharedProperty(_ field: Field, caseNames: [String], keepsUnknown: Bool) -> TemplateValue {
        let property = SwiftNames.escaped(SwiftNames.name(field.name, in: .property))
        let type = SwiftTypeMapping.swiftType(of: field)
        var lines = caseNames.map { String(source: "case let .\($0)(value): value.\(property)") }
        if keepsUnknown {
            let unknown = SwiftNames.unknownUnionCase
            if field.type == .scalar(.bool) {
                lines.append(String(source: "case .\(unknown): \(field.isRequired ? "false" : "nil")"))
            } else {
                let read = String(source: "json.decodedMember(\(SwiftEscaping.stringLiteral(field.name)), as: \(SwiftTypeMapping.swiftType(field.type)).self)")
                let neutral = field.isRequired ? neutralValue(of: field.type).map { " ?? " + $0 } ?? "" : ""
                lines.append(String(source: "case let .\(unknown)(json): \(read)\(neutral)"))
            }
        }
        var docs = DocLineList()
        docs.append(field.annotations.doc)
        return [
            "docLines": docs.value,
            "deprecation": .string(deprecationAttribute(field.annotations)),
            "property": .string(property),
            "type": .string(type),
            "lines": .list(lines.map { .string($0) }),
        ]
    }

    // MARK: - Decoding and encoding

    /// What decoding and encoding need to know about the type a field
    /// names, looked up once per field.
    private struct NamedFieldType {
        /// The name of an open enum or opaque string: types whose generated
        /// `Codable` conformance is exactly "a JSON string, wrapped by
        /// `init(rawValue:)`, written back as `rawValue`". Closed enums are
        /// not among them: they reject unknown values with their own message.
        var stringWrapper: String?
        /// An opaque string that reads an empty string as absent.
        var emptyIsAbsent = false
        /// The label of the wrapper's initializer that never fails: an open
        /// enum's `init(wireValue:)` (its `init?(rawValue:)` fails for values
        /// it does not list), an opaque string's `init(rawValue:)`.
        var initLabel = "wireValue"

        /// `leaf` are the traits of `type`'s named leaf, which is the type
        /// itself when `type` is a name.
        init(_ type: TypeRef, leaf: Traits) {
            guard leaf.contains(.stringWrapper), case let .named(name) = type else { return }
            stringWrapper = name
            emptyIsAbsent = leaf.contains(.emptyIsAbsent)
            if leaf.contains(.opaque) { initLabel = "rawValue" }
        }
    }

    /// `type` is the field's type as Swift spells it, without the `?` of
    /// an optional property.
    ///
    /// `key` is the key argument: `forKey:` and the wire name as a string
    /// literal, or `at:` and the pick among a field's names.
    private func decodeExpression(
        _ type: String, isRequired: Bool, degrades: Bool, _ named: NamedFieldType, key: String
    ) -> String {
        // An open enum or opaque string is a JSON string on the wire; its own
        // `init(from:)` only reads that string and wraps it. Reading the
        // string straight from the object and wrapping it here does the same
        // without a nested decoder per value.
        if let wrapper = named.stringWrapper {
            let label = named.initLabel
            if isRequired { return String(source: "\(wrapper)(\(label): try container.decodeField(String.self, \(key)))") }
            // An opaque string that reads "" as absent filters it out.
            let absent: StaticString = named.emptyIsAbsent ? ".flatMap { $0.rawValue.isEmpty ? nil : $0 }" : ""
            return degrades
                ? String(source: "container.decodeDegrading(String.self, \(key)).map(\(wrapper).init(\(label):))\(absent)")
                : String(source: "try container.decodeFieldIfPresent(String.self, \(key)).map(\(wrapper).init(\(label):))\(absent)")
        }
        if isRequired { return String(source: "try container.decodeField(\(type).self, \(key))") }
        return degrades
            ? String(source: "container.decodeDegrading(\(type).self, \(key))")
            : String(source: "try container.decodeFieldIfPresent(\(type).self, \(key))")
    }

    /// `storage` is the stored property, written after `self.`.
    private func encodeStatement(isRequired: Bool, _ named: NamedFieldType, storage: String, key: String) -> String {
        // The wire string of an open enum or opaque string, written directly
        // (see `decodeExpression`).
        if named.stringWrapper != nil {
            return isRequired
                ? String(source: "try container.encodeRawValue(self.\(storage), forKey: \(key))")
                : String(source: "try container.encodeRawValueIfPresent(self.\(storage), forKey: \(key))")
        }
        return isRequired
            ? String(source: "try container.encodeField(self.\(storage), forKey: \(key))")
            : String(source: "try container.encodeFieldIfPresent(self.\(storage), forKey: \(key))")
    }

    // MARK: - Validation

    /// The record's exactly-one checks, then `fieldLines`, its fields' own
    /// lines (see `appendValidationLines`).
    private func validationLines(_ record: RecordType, fieldLines: [TemplateValue]) -> [TemplateValue] {
        if record.exactlyOne.isEmpty && record.atLeastOne.isEmpty { return fieldLines }
        var result: [TemplateValue] = []
        for group in record.exactlyOne {
            let checks = group.fields.compactMap { name in record.field(name) }
                .map { String(source: "(\(storageName($0.name, deprecated: $0.annotations.deprecated != nil)) != nil ? 1 : 0)") }
            let names = group.fields.map(SwiftEscaping.stringLiteral).joined(separator: ", ")
            let set = String(source: "set\(result.count)")
            result.append(.string(String(source: "let \(set) = \(checks.joined(separator: " + "))")))
            result.append(.string(String(source:
                "if \(set) != 1 { throw OpenIAPValidationError(path: path, reason: .exactlyOne(fields: [\(names)], found: \(set))) }")))
        }
        for group in record.atLeastOne {
            let unset = group.fields.compactMap { name in record.field(name) }
                .map { String(source: "\(storageName($0.name, deprecated: $0.annotations.deprecated != nil)) == nil") }
            let names = group.fields.map(SwiftEscaping.stringLiteral).joined(separator: ", ")
            result.append(.string(String(source:
                "if \(unset.joined(separator: " && ")) { throw OpenIAPValidationError(path: path, reason: .atLeastOne(fields: [\(names)])) }")))
        }
        result.append(contentsOf: fieldLines)
        return result
    }

    /// `field` points into the record's fields, read member by member as in
    /// `fieldContext`; `leaf` are the traits of the type it names and
    /// `value` the expression that reads it (`self.` and its stored
    /// property), both worked out there.
    private func appendValidationLines(
        _ field: UnsafePointer<Field>, leaf: Traits, value: String, to result: inout [TemplateValue]
    ) {
        let c = field.pointee.constraints
        let type = field.pointee.type
        let validates = leaf.contains(.validates)
        // Only constraints and nested values that validate produce lines, so
        // past this point there is at least one.
        guard !c.isEmpty || validates else { return }
        let name = field.pointee.name
        let path = String(source: "path + [\(SwiftEscaping.stringLiteral(name))]")
        if field.pointee.isRequired {
            result.append("do {")
            result.append(.string(String(source: "    let value = \(value)")))
        } else {
            result.append(.string(String(source: "if let value = \(value) {")))
        }
        let isOpaque = if case .named = type { leaf.contains(.opaque) } else { false }
        let text: StaticString = isOpaque ? "value.rawValue" : "value"
        if let limit = c.maxBytes {
            result.append(.string(String(source: "    try OpenIAPValidationError.checkBytes(\(text), limit: \(limit), path: \(path))")))
        }
        if c.minLength != nil || c.maxLength != nil {
            let minimum = c.minLength.map { "\($0)" } ?? "nil"
            let maximum = c.maxLength.map { "\($0)" } ?? "nil"
            result.append(.string(String(source:
                "    try OpenIAPValidationError.checkCharacters(\(text), minimum: \(minimum), maximum: \(maximum), path: \(path))")))
        }
        if c.pattern != nil {
            let property = SwiftNames.escaped(SwiftNames.name(name, in: .property))
            result.append(.string(String(source:
                "    try OpenIAPValidationError.checkPattern(\(text), OpenIAPPatterns.\(property), path: \(path))")))
        }
        if c.minimum != nil || c.maximum != nil {
            let minimum = c.minimum.map { "\($0)" } ?? "nil"
            let maximum = c.maximum.map { "\($0)" } ?? "nil"
            result.append(.string(String(source:
                "    try OpenIAPValidationError.checkRange(Double(value), minimum: \(minimum), maximum: \(maximum), path: \(path))")))
        }
        if validates { appendNestedValidation(type, value: "value", path: path, indent: "    ", to: &result) }
        result.append("}")
    }

    /// The lines that validate `value` of `type`, each after `indent`, for a
    /// type whose named leaf validates: every level of lists and maps has
    /// that same leaf, so each level has lines.
    private func appendNestedValidation(
        _ type: TypeRef, value: String, path: String, indent: String, to lines: inout [TemplateValue]
    ) {
        switch type {
        case .scalar:
            return
        case .named:
            lines.append(.string(String(source: "\(indent)try \(value).validate(at: \(path))")))
        case let .list(element):
            lines.append(.string(String(source: "\(indent)for (index, element) in \(value).enumerated() {")))
            appendNestedValidation(
                element, value: "element", path: String(source: "\(path) + [\"[\\(index)]\"]"), indent: indent + "    ", to: &lines)
            lines.append(.string(String(source: "\(indent)}")))
        case let .map(element):
            lines.append(.string(String(source: "\(indent)for (key, element) in \(value).sorted(by: { $0.key < $1.key }) {")))
            appendNestedValidation(
                element, value: "element", path: String(source: "\(path) + [key]"), indent: indent + "    ", to: &lines)
            lines.append(.string(String(source: "\(indent)}")))
        }
    }

    /// `self.` and the stored property of the field called `name`.
    private func storageName(_ name: String, deprecated: Bool) -> String {
        let property = SwiftNames.name(name, in: .property)
        return deprecated ? String(source: "self._\(property)") : String(source: "self.\(SwiftNames.escaped(property))")
    }

    // MARK: - Small helpers

    /// The text `text` reads from each element, joined by ", ". Appending
    /// in place reads each element where it is, where `map` and
    /// `joined(separator:)` first copy every text into an array of its own.
    static func commaSeparated<Element>(_ items: [Element], _ text: (UnsafePointer<Element>) -> String) -> String {
        var result = ""
        var first = true
        items.forEachAddress { item in
            if !first { result += ", " }
            first = false
            result += text(item)
        }
        return result
    }

    func deprecationAttribute(_ message: String?) -> String {
        guard let message else { return "" }
        if message.isEmpty { return "@available(*, deprecated)" }
        return String(source: "@available(*, deprecated, message: \(SwiftEscaping.stringLiteral(message)))")
    }

    /// `SwiftEscaping.docLines`, as the value of `docLines`.
    private func docLines(_ doc: String?) -> TemplateValue {
        var lines = DocLineList()
        lines.append(doc)
        return lines.value
    }
}

extension DocLineList {
    /// Adds the lines of `doc` as Swift doc comment lines (see
    /// `SwiftEscaping.forEachDocLine`); the Swift view model and
    /// `SwiftOperations` use it.
    mutating func append(_ doc: String?) {
        SwiftEscaping.forEachDocLine(doc) { append(line: $0) }
    }
}
