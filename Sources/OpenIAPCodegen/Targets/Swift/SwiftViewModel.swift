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
        self.onContainmentCycle = spec.typesOnContainmentCycles ?? Containment(spec).onCycle
        let tables = Self.tables(spec)
        traits = tables.traits
        firstLeaf = tables.firstLeaf
        leaves = tables.leaves
    }

    /// The traits of every type, and the leaf position of every record
    /// field, in one pass over the spec.
    ///
    /// Which types validate is worked outwards from the records that check
    /// something, through who contains each, so long chains of types cost
    /// linear time. The graph is kept by position (each contained type's
    /// containers in one flat array), so no name is hashed but the one per
    /// field or union member that `Spec.position(of:)` looks up.
    private static func tables(_ spec: Spec) -> (traits: [Traits], firstLeaf: [Int32], leaves: [Int32]) {
        let count = spec.types.count
        var traits = [Traits](repeating: [], count: count)
        var firstLeaf = [Int32](repeating: 0, count: count)
        var leaves: [Int32] = []
        // (contained, container): the container validates if the contained does.
        var edges: [(Int32, Int32)] = []
        var pending: [Int] = []
        for position in 0..<count {
            switch spec.types[position] {
            case let .enumeration(e):
                if !e.isClosed { traits[position] = .stringWrapper }
            case let .opaqueString(s):
                traits[position] = s.emptyIsAbsent ? [.stringWrapper, .opaque, .emptyIsAbsent] : [.stringWrapper, .opaque]
            case let .record(r):
                firstLeaf[position] = Int32(leaves.count)
                var checks = !r.exactlyOne.isEmpty || !r.atLeastOne.isEmpty
                r.fields.forEachAddress { field in
                    if !field.pointee.constraints.isEmpty { checks = true }
                    var leaf: Int32 = -1
                    if let name = field.pointee.type.namedLeaf, let contained = spec.position(of: name) {
                        leaf = Int32(contained)
                        edges.append((leaf, Int32(position)))
                    }
                    leaves.append(leaf)
                }
                if checks { pending.append(position) }
            case let .union(u):
                u.members.forEachAddress { member in
                    if let contained = spec.position(of: member.pointee.typeName) {
                        edges.append((Int32(contained), Int32(position)))
                    }
                }
            case let .alias(a):
                // The same type: it validates when its target does.
                if let target = spec.position(of: a.target) { edges.append((Int32(target), Int32(position))) }
            case .fieldSet:
                break
            }
        }
        // The containers of the type at position `p` are
        // `containers[start[p]..<start[p + 1]]`.
        var start = [Int](repeating: 0, count: count + 1)
        for (contained, _) in edges { start[Int(contained) + 1] += 1 }
        for position in 0..<count { start[position + 1] += start[position] }
        var containers = [Int32](repeating: 0, count: edges.count)
        var next = start
        for (contained, container) in edges {
            containers[next[Int(contained)]] = container
            next[Int(contained)] += 1
        }
        while let position = pending.popLast() {
            guard !traits[position].contains(.validates) else { continue }
            traits[position].insert(.validates)
            for index in start[position]..<start[position + 1] { pending.append(Int(containers[index])) }
        }
        return (traits, firstLeaf, leaves)
    }

    /// The traits of the type at `position` in `spec.types`; none for -1.
    private func traits(at position: Int32) -> Traits {
        position < 0 ? [] : traits[Int(position)]
    }

    /// Records and unions by name, for `OpenIAPTypeRegistry`, and each
    /// alias under its own name, an entry for the very type it stands for.
    func registryEntries() -> [TemplateValue] {
        spec.types.compactMap { type in
            switch type {
            case .record, .union, .alias: Self.registryEntry(type.name)
            default: nil
            }
        }
    }

    /// The registry entry of the generated type `name`, which is also its
    /// key.
    static func registryEntry(_ name: String) -> TemplateValue {
        var entry = TemplateObject(keys: Self.registryKeys)
        entry.append(Key.key, .string(SwiftEscaping.stringLiteral(name)))
        entry.append(Key.type, .string(name))
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
        static let name = TemplateKey("name")
        static let docLines = TemplateKey("docLines")
        static let deprecation = TemplateKey("deprecation")
        // Records and field sets.
        static let fields = TemplateKey("fields")
        static let hasFields = TemplateKey("hasFields")
        static let conformances = TemplateKey("conformances")
        static let validates = TemplateKey("validates")
        static let validationLines = TemplateKey("validationLines")
        static let patterns = TemplateKey("patterns")
        static let hasPatterns = TemplateKey("hasPatterns")
        static let source = TemplateKey("source")
        static let steps = TemplateKey("steps")
        static let requirements = TemplateKey("requirements")
        static let isDeprecated = TemplateKey("isDeprecated")
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
        Key.isEnum, Key.isClosedEnum, Key.isOpaque, Key.isRecord, Key.isUnion, Key.isFieldSet, Key.isAlias, Key.name,
        Key.docLines, Key.deprecation,
    ]
    private static let aliasKeys = typeKeys + [Key.target]
    private static let enumKeys = typeKeys + [Key.cases, Key.hasOneValue, Key.hasOneSpelling, Key.unknownCase, Key.expectedValues]
    private static let opaqueKeys = typeKeys + [Key.hasOneValue, Key.constants]
    private static let recordKeys =
        typeKeys + [
            Key.fields, Key.hasFields, Key.conformances, Key.validates, Key.validationLines,
            Key.hasPatterns, Key.patterns,
        ]
    private static let patternKeys = [Key.name, Key.source, Key.steps]
    private static let fieldSetKeys = typeKeys + [Key.requirements]
    private static let unionKeys =
        typeKeys + [
            Key.members, Key.isIndirect, Key.keepsUnknown, Key.unknownCase, Key.discriminatorKey, Key.discriminatorDoc,
            Key.tagType, Key.tagValue, Key.expectedTags, Key.validates,
        ]
    private static let requirementKeys = [Key.docLines, Key.deprecation, Key.property, Key.type]
    private static let caseKeys = [Key.docLines, Key.caseName, Key.wire, Key.spellingEntries]
    private static let constantKeys = [Key.docLines, Key.constant, Key.wire]
    private static let fieldKeys = [
        Key.docLines, Key.deprecation, Key.isDeprecated, Key.property, Key.parameter, Key.argument, Key.storage, Key.type,
        Key.initDefault, Key.decode, Key.encode,
    ]
    private static let memberKeys = [Key.caseName, Key.tag, Key.type]

    /// Every type's object has the kind flags, its name, docs and
    /// deprecation, and then what its kind adds. `position` is the type's
    /// place in `spec.types`, where its traits are kept.
    func context(at position: Int) -> TemplateValue {
        var object = TemplateObject()
        func start(_ kind: TemplateKey, _ keys: [TemplateKey], _ name: String, _ annotations: Annotations) {
            object = typeObject(kind, keys, name, annotations)
        }
        switch spec.types[position] {
        case let .enumeration(e):
            start(e.isClosed ? Key.isClosedEnum : Key.isEnum, Self.enumKeys, e.name, e.annotations)
            addEnum(e, to: &object)
        case let .opaqueString(s):
            start(Key.isOpaque, Self.opaqueKeys, s.name, s.annotations)
            addOpaque(s, to: &object)
        case let .record(r):
            start(Key.isRecord, Self.recordKeys, r.name, r.annotations)
            addRecord(r, at: position, to: &object)
        case let .fieldSet(s):
            start(Key.isFieldSet, Self.fieldSetKeys, s.name, s.annotations)
            var requirements: [TemplateValue] = []
            requirements.reserveCapacity(s.fields.count)
            s.fields.withUnsafeBufferPointer { buffer in
                for index in buffer.indices { requirements.append(requirementContext(buffer[index])) }
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
        object.append(Key.name, .string(name))
        object.append(Key.docLines, docLines(annotations.doc))
        object.append(Key.deprecation, .string(deprecationAttribute(annotations.deprecated)))
        return object
    }

    private func requirementContext(_ field: Field) -> TemplateValue {
        var object = TemplateObject(keys: Self.requirementKeys)
        object.append(Key.docLines, docLines(field.annotations.doc))
        object.append(Key.deprecation, .string(deprecationAttribute(field.annotations.deprecated)))
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
            cases.append(caseContext($0, position: index, aliases: aliases[index], place: place))
            index += 1
        }
        let expected = Self.commaSeparated(type.values) { $0.pointee.wire }
        object.append(Key.cases, .list(cases))
        object.append(Key.hasOneValue, .bool(type.values.count == 1))
        object.append(Key.hasOneSpelling, .bool(type.values.count == 1 && aliases[0].isEmpty))
        object.append(Key.unknownCase, .string(SwiftNames.unknownEnumCase))
        object.append(Key.expectedValues, .string(SwiftEscaping.stringLiteral(expected)))
    }

    /// `value` points into the enum's values, read member by member as in
    /// `fieldContext`, at `position` among them; `aliases` are its
    /// decode-only spellings, from `EnumType.decodeAliasesOfValues()`.
    private func caseContext(
        _ value: UnsafePointer<EnumValue>, position: Int, aliases: [String], place: SwiftNames.Place
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
        // Deprecated cases are documented, not attributed: the generated
        // decoder must construct them, and constructing a deprecated case
        // warns in every context that is not itself deprecated.
        if let message = value.pointee.annotations.deprecated {
            docs.append("- Warning: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        var item = TemplateObject(keys: Self.caseKeys)
        item.append(Key.docLines, docs.value)
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

    /// `leafTraits(i)` are the traits of the type field `i` names (at the
    /// bottom of lists and maps).
    private func addRecord(
        _ record: RecordType, validates: Bool, to object: inout TemplateObject, leafTraits: (Int) -> Traits
    ) {
        var fields: [TemplateValue] = []
        fields.reserveCapacity(record.fields.count)
        // The fields' own validation lines, made in the same pass as their
        // contexts, which work out the names and traits they need.
        var fieldLines: [TemplateValue] = []
        var index = 0
        // By address, so each field is read in place rather than copied.
        record.fields.forEachAddress { field in
            fields.append(fieldContext(field, leaf: leafTraits(index), validates: validates, lines: &fieldLines))
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
        object.append(Key.fields, .list(fields))
        object.append(Key.hasFields, .bool(!record.fields.isEmpty))
        object.append(Key.conformances, .string(conformances))
        object.append(Key.validates, .bool(validates))
        // A record has validation lines exactly when it validates.
        object.append(Key.validationLines, .list(validates ? validationLines(record, fieldLines: fieldLines) : []))
        let patterns = patternContexts(record.fields)
        object.append(Key.hasPatterns, .bool(!patterns.isEmpty))
        object.append(Key.patterns, .list(patterns))
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
    /// lines are appended to `lines`.
    private func fieldContext(
        _ field: UnsafePointer<Field>, leaf: Traits, validates: Bool, lines: inout [TemplateValue]
    ) -> TemplateValue {
        let name = field.pointee.name
        let type = field.pointee.type
        let isRequired = field.pointee.isRequired
        let deprecation = field.pointee.annotations.deprecated
        let property = SwiftNames.name(name, in: .property)
        // A deprecated field is stored under a private name and exposed by a
        // deprecated accessor, so the generated code never warns about its
        // own use of it.
        // The property, its coding key and its initializer label share one spelling.
        let escaped = SwiftNames.escaped(property)
        let storage = deprecation != nil ? String(source: "_\(property)") : escaped
        let internalName = SwiftNames.parameterInternalName(property)
        let named = NamedFieldType(type, leaf: leaf)
        // The default as a Swift literal, written in the docs and in the
        // initializer; made once, as it looks up named types in the spec.
        let defaultLiteral = field.pointee.defaultValue.map { SwiftTypeMapping.literal($0, type: type, spec: spec) }
        var docs = DocLineList()
        docs.append(field.pointee.annotations.doc)
        if let defaultLiteral {
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
        let initDefault: String =
            if let defaultLiteral { String(source: " = \(defaultLiteral)") }
            else if !isRequired { " = nil" }
            else { "" }
        var object = TemplateObject(keys: Self.fieldKeys)
        object.append(Key.docLines, docs.value)
        object.append(Key.deprecation, .string(deprecationAttribute(deprecation)))
        object.append(Key.isDeprecated, .bool(deprecation != nil))
        object.append(Key.property, .string(escaped))
        object.append(Key.parameter, .string(internalName.map { String(source: "\(escaped) \($0)") } ?? escaped))
        object.append(Key.argument, .string(internalName ?? escaped))
        object.append(Key.storage, .string(storage))
        object.append(Key.type, .string(isRequired ? swiftType : String(source: "\(swiftType)?")))
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
        if validates { appendValidationLines(field, leaf: leaf, storage: storage, to: &lines) }
        return .object(object)
    }

    private func addUnion(_ union: UnionType, at position: Int, to object: inout TemplateObject) {
        // The discriminator field of the first member, read in place (see
        // `fieldContext`) rather than copied, as `RecordType.field` does.
        var discriminatorType: TypeRef?
        spec.firstFlattenedMember(of: union)?.fields.forEachAddress { field in
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
        var members: [TemplateValue] = []
        members.reserveCapacity(union.members.count)
        for index in union.members.indices {
            let member = union.members[index]
            var item = TemplateObject(keys: Self.memberKeys)
            item.append(Key.caseName, .string(SwiftNames.escaped(SwiftNames.name(member.tag, in: .unionCase))))
            item.append(Key.tag, .string(SwiftEscaping.stringLiteral(member.tag)))
            item.append(Key.type, .string(member.typeName))
            members.append(.object(item))
        }
        let keep = union.unknownTag == .keep
        let expected = Self.commaSeparated(union.members) { $0.pointee.tag }
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

        /// `leaf` are the traits of `type`'s named leaf, which is the type
        /// itself when `type` is a name.
        init(_ type: TypeRef, leaf: Traits) {
            guard leaf.contains(.stringWrapper), case let .named(name) = type else { return }
            stringWrapper = name
            emptyIsAbsent = leaf.contains(.emptyIsAbsent)
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
            if isRequired { return String(source: "\(wrapper)(rawValue: try container.decodeField(String.self, \(key)))") }
            // An opaque string that reads "" as absent filters it out.
            let absent: StaticString = named.emptyIsAbsent ? ".flatMap { $0.rawValue.isEmpty ? nil : $0 }" : ""
            return degrades
                ? String(source: "container.decodeDegrading(String.self, \(key)).map(\(wrapper).init(rawValue:))\(absent)")
                : String(source: "try container.decodeFieldIfPresent(String.self, \(key)).map(\(wrapper).init(rawValue:))\(absent)")
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
    /// `storage` its stored property, both worked out there.
    private func appendValidationLines(
        _ field: UnsafePointer<Field>, leaf: Traits, storage: String, to result: inout [TemplateValue]
    ) {
        let c = field.pointee.constraints
        let type = field.pointee.type
        let validates = leaf.contains(.validates)
        // Only constraints and nested values that validate produce lines, so
        // past this point there is at least one.
        guard !c.isEmpty || validates else { return }
        let name = field.pointee.name
        let value = String(source: "self.\(storage)")
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
