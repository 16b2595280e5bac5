import OpenIAPSpec

/// The Swift target's rules for a spec (`SwiftTarget.check`): what the
/// spec language allows but Swift cannot write. Each problem is a located
/// error, reported with the spec's own problems:
///
/// - type names Swift reserves (keywords, standard and Foundation types,
///   `CodingKeys`, the `OpenIAP` prefix of the runtime types);
/// - operation names that are Swift keywords, or whose generated types would
///   take the runtime prefix;
/// - two spec names of one type that become the same Swift identifier
///   (`product-id` and `productId`), and values or tags that would be named
///   like the case that keeps unknown values (`unrecognized`);
/// - two spec files that become the same Swift file, or a runtime file;
/// - records that contain themselves by value through other records (a
///   Swift struct stores such fields inline).
///
/// The names are `SwiftNames`'s, the ones the view models write.
struct SwiftNameCheck {
    private let spec: Spec
    private var diagnostics = Diagnostics()

    /// Swift names worked out so far for ASCII wire names, a table per place.
    private var propertyNames = ASCIINameTable<KeyedName>()
    private var openCaseNames = ASCIINameTable<KeyedName>()
    private var closedCaseNames = ASCIINameTable<KeyedName>()
    private var constantNames = ASCIINameTable<KeyedName>()
    private var unionCaseNames = ASCIINameTable<KeyedName>()

    /// The keys of a record's member names, for `checkFieldNames`; kept from
    /// one record to the next so that their room is allocated once.
    private var memberKeys: [UInt64] = []

    /// A Swift name and its `nameKey`.
    private struct KeyedName {
        var name: String
        var key: UInt64
    }

    /// A Swift name, its `nameKey`, and the position of the spec name it
    /// comes from, as `checkSwiftNames` takes them.
    private typealias SourcedName = (swift: String, key: UInt64, source: Int)

    private init(spec: Spec) {
        self.spec = spec
    }

    /// Every problem Swift has with `spec`.
    static func problems(_ spec: Spec) -> [Diagnostic] {
        var check = SwiftNameCheck(spec: spec)
        check.run()
        return check.diagnostics.all
    }

    private mutating func run() {
        var files: [String] = []
        for type in spec.types {
            if let problem = SwiftNames.typeNameProblem(type.name) { diagnostics.error(problem, at: type.location) }
            switch type {
            case let .enumeration(e): checkEnum(e)
            case let .opaqueString(s): checkOpaque(s)
            case let .record(r): checkFieldNames(r.fields, owner: r.name)
            case let .union(u): checkUnion(u)
            case .fieldSet, .alias: break
            }
            let file = type.location.file
            if files.last != file && !files.contains(file) { files.append(file) }
        }
        for operation in spec.operations {
            if let problem = Self.operationNameProblem(operation.name, what: operation.kind.rawValue) {
                diagnostics.error(problem, at: operation.location)
            }
            checkFieldNames(operation.arguments, owner: operation.name, kind: "argument")
        }
        checkFileNames(files)
        checkRecordCycles()
    }

    /// Why Swift cannot have an operation of this name, or nil when it can.
    /// `what` names the thing in the message (`query`, `event`).
    static func operationNameProblem(_ name: String, what: String) -> String? {
        if SwiftNames.isKeyword(name) {
            return "\(what) name '\(name)' is a keyword in Swift"
        }
        if OperationNames.upperCamel(name).hasPrefix(SwiftNames.runtimeTypePrefix) {
            return "\(what) name '\(name)' is reserved: the types generated for it would start with '\(SwiftNames.runtimeTypePrefix)', the prefix of the runtime types"
        }
        return nil
    }

    // MARK: - Files

    /// Each spec file that declares types becomes one Swift file; two spec
    /// files must not map to the same one (compared without case, for file
    /// systems that ignore it), nor to a runtime file. `files` are those
    /// that declare types, each once.
    private mutating func checkFileNames(_ files: [String]) {
        var seen: [String: String] = [:]
        for name in SwiftNames.runtimeFileNames { seen[name.lowercased()] = "" }
        for file in files.sorted() {
            let swift = SwiftNames.fileName(forSpecFile: file)
            let top = SourceLocation(file: file, line: 1, column: 1)
            switch seen[swift.lowercased()] {
            case nil:
                seen[swift.lowercased()] = file
            case ""?:
                diagnostics.error(
                    "spec file '\(file)' would become the Swift file '\(swift)', which the generator writes for its runtime; rename the file",
                    at: top)
            case let other?:
                diagnostics.error(
                    "spec files '\(other)' and '\(file)' would both become the Swift file '\(swift)'; rename one",
                    at: top, notes: [.note("'\(other)' is here", at: SourceLocation(file: other, line: 1, column: 1))])
            }
        }
    }

    // MARK: - Containment

    /// Records that contain themselves through fields that are records (not
    /// lists or maps): a Swift struct cannot hold itself inline. Through a
    /// union the Swift target makes the enum `indirect`, so only cycles of
    /// records alone are refused. A record whose required fields form such
    /// a cycle can never be built, which the spec's own rules report, and
    /// is not reported again.
    private mutating func checkRecordCycles() {
        let containment = Containment(spec)
        guard !containment.recordCycles.isEmpty else { return }
        let unbuildable = RequiredCycles(spec).unbuildable
        for record in spec.records where containment.recordCycles.contains(record.name) && !unbuildable.contains(record.name) {
            let path = containment.cycle(from: record.name) { containment.recordCycles.contains($0) }
            diagnostics.error(
                "record '\(record.name)' contains itself through fields that are not lists or maps (\(path)); Swift stores such fields inline, so make one of them a list",
                at: record.location)
        }
    }

    // MARK: - Names of members

    private mutating func checkEnum(_ type: EnumType) {
        let place: SwiftNames.Place = type.isClosed ? .closedEnumCase : .openEnumCase
        let names = type.values.indices.map { index -> SourcedName in
            let name = swiftName(type.values[index].wire, in: place)
            return (name.name, name.key, index)
        }
        checkSwiftNames(names, kind: "value", owner: type.name, wire: { type.values[$0].wire }, location: { type.values[$0].location })
        guard !type.isClosed else { return }
        for index in type.values.indices where names[index].swift == SwiftNames.unknownEnumCase {
            let value = type.values[index]
            diagnostics.error(
                "value '\(value.wire)' of open enum '\(type.name)' would be named '\(SwiftNames.unknownEnumCase)' in Swift, the case that carries unknown values",
                at: value.location)
        }
    }

    private mutating func checkOpaque(_ type: OpaqueStringType) {
        checkSwiftNames(
            type.knownValues.indices.map { index -> SourcedName in
                let name = swiftName(type.knownValues[index].wire, in: .opaqueConstant)
                return (name.name, name.key, index)
            }, kind: "value",
            owner: type.name, wire: { type.knownValues[$0].wire }, location: { type.knownValues[$0].location })
    }

    private mutating func checkUnion(_ union: UnionType) {
        checkSwiftNames(
            union.members.indices.map { index -> SourcedName in
                let name = swiftName(union.members[index].tag, in: .unionCase)
                return (name.name, name.key, index)
            }, kind: "tag", owner: union.name,
            wire: { union.members[$0].tag }, location: { union.members[$0].location })
        guard union.unknownTag == .keep else { return }
        for member in union.members where swiftName(member.tag, in: .unionCase).name == SwiftNames.unknownUnionCase {
            diagnostics.error(
                "tag '\(member.tag)' of '\(union.name)' would be named '\(SwiftNames.unknownUnionCase)' in Swift, the case that keeps unknown payloads",
                at: member.location)
        }
    }

    /// The Swift names of a record's fields (or an operation's arguments):
    /// its members (properties, the private storage of deprecated fields,
    /// the initializer parameter that stands in for `self`) share one
    /// namespace.
    private mutating func checkFieldNames(_ fields: [Field], owner: String, kind: String = "field") {
        // Usually every member name is a property name, in ASCII, and their
        // keys all differ; then no two names clash, which the keys alone
        // show, without the list of names (and their reference counts) that
        // finding and reporting a clash takes. Otherwise, or when the keys
        // leave it open, the names are compared in full.
        memberKeys.removeAll(keepingCapacity: true)
        var keysDecide = true
        let selfKey = Self.selfKey
        for index in fields.indices {
            let key = propertyNameKey(fields[index].name)
            if key == 0 || key == selfKey || fields[index].annotations.deprecated != nil {
                keysDecide = false
                break
            }
            memberKeys.append(key)
        }
        if keysDecide && Self.allDifferent(memberKeys) { return }
        var memberNames: [SourcedName] = []
        memberNames.reserveCapacity(fields.count + 1)
        // By position, so only the name is copied out of each field.
        for index in fields.indices {
            let property = swiftName(fields[index].name, in: .property)
            memberNames.append((property.name, property.key, index))
            if fields[index].annotations.deprecated != nil {
                let storage = "_" + property.name
                memberNames.append((storage, Self.nameKey(storage), index))
            }
            if let internalName = SwiftNames.parameterInternalName(property.name) {
                memberNames.append((internalName, Self.nameKey(internalName), index))
            }
        }
        checkSwiftNames(memberNames, kind: kind, owner: owner, wire: { fields[$0].name }, location: { fields[$0].location })
    }

    /// Two spec names that become the same Swift identifier. Each Swift name
    /// comes with the position of its spec name (a value, a tag, a field),
    /// whose wire name and location `wire` and `location` give: they are
    /// only needed once two Swift names are equal, so they are not copied
    /// out (retaining their strings) for every name. The same wire name
    /// listed twice is the spec's own error and is not reported here.
    private mutating func checkSwiftNames(
        _ names: [SourcedName], kind: String, owner: String,
        wire: (Int) -> String, location: (Int) -> SourceLocation
    ) {
        var seen: [String: Int] = [:]
        // One error per spec name is enough, whichever of its Swift names clashes first.
        var reported: Set<SourceLocation> = []
        for (index, name) in names.enumerated() {
            // The source of the first earlier name with the same Swift name, if any.
            let earlier: Int?
            if names.count <= Self.linearSearchLimit {
                earlier = names[..<index].first { Self.sameName($0, name) }?.source
            } else {
                earlier = seen[name.swift]
                if earlier == nil { seen[name.swift] = name.source }
            }
            guard let first = earlier else { continue }
            let (firstWire, wireName) = (wire(first), wire(name.source))
            if firstWire == wireName { continue }
            guard reported.insert(location(name.source)).inserted else { continue }
            diagnostics.error(
                "\(kind) '\(wireName)' of '\(owner)' collides with '\(firstWire)': both are named '\(name.swift)' in Swift",
                at: location(name.source), notes: [.note("'\(firstWire)' declared here", at: location(first))])
        }
    }

    /// Up to this many names, finding an earlier equal one by going through
    /// the list is cheaper than hashing every name into a dictionary, and
    /// finds the same one.
    private static let linearSearchLimit = 16

    /// The key of `self`, a property name that brings a second member name
    /// (see `SwiftNames.parameterInternalName`).
    private static let selfKey = nameKey("self")

    /// Whether no two of `keys` are equal.
    private static func allDifferent(_ keys: [UInt64]) -> Bool {
        if keys.count > linearSearchLimit { return Set(keys).count == keys.count }
        for later in keys.indices {
            for earlier in 0..<later where keys[earlier] == keys[later] { return false }
        }
        return true
    }

    /// A key that two equal ASCII strings share and two different ones
    /// almost never do: the hash of the bytes, made odd; 0 for a string
    /// outside ASCII, whose bytes do not decide equality. Two names with
    /// different keys, neither 0, are different, which spares most string
    /// comparisons when looking for names that clash.
    private static func nameKey(_ name: String) -> UInt64 {
        name.withUTF8Bytes { ASCIINameTable<KeyedName>.hash(ofASCII: $0).map { $0 | 1 } ?? 0 }
    }

    /// Whether two sourced names are the same Swift name.
    private static func sameName(_ a: SourcedName, _ b: SourcedName) -> Bool {
        if a.key != 0 && b.key != 0 && a.key != b.key { return false }
        return a.swift == b.swift
    }

    /// `SwiftNames.name(wire, in: place)`, remembered: a large spec uses the
    /// same few field names and values again and again, and finding a name
    /// by its bytes costs less than even seeing that it keeps its form.
    /// Only ASCII names are remembered, because two strings that Swift
    /// counts as equal (by canonical equivalence) are then the same bytes,
    /// and so get the same name; other spellings of an equal string could be
    /// named differently.
    private mutating func swiftName(_ wire: String, in place: SwiftNames.Place) -> KeyedName {
        switch place {
        case .property: Self.swiftName(wire, in: place, remembered: &propertyNames)
        case .openEnumCase: Self.swiftName(wire, in: place, remembered: &openCaseNames)
        case .closedEnumCase: Self.swiftName(wire, in: place, remembered: &closedCaseNames)
        case .opaqueConstant: Self.swiftName(wire, in: place, remembered: &constantNames)
        case .unionCase: Self.swiftName(wire, in: place, remembered: &unionCaseNames)
        }
    }

    /// `nameKey(swiftName(wire, in: .property).name)`, without copying the
    /// name out: most records are checked by these keys alone.
    private mutating func propertyNameKey(_ wire: String) -> UInt64 {
        let key: UInt64? = wire.withUTF8Bytes { bytes in
            guard let hash = ASCIINameTable<KeyedName>.hash(ofASCII: bytes) else { return nil }
            return propertyNames.withValue(for: bytes, hash: hash) { $0.key }
        }
        return key ?? swiftName(wire, in: .property).key
    }

    private static func swiftName(
        _ wire: String, in place: SwiftNames.Place, remembered: inout ASCIINameTable<KeyedName>
    ) -> KeyedName {
        let known: KeyedName? = wire.withUTF8Bytes { bytes in
            guard let hash = ASCIINameTable<KeyedName>.hash(ofASCII: bytes) else { return nil }
            if let known = remembered.value(for: bytes, hash: hash) { return known }
            let name = SwiftNames.name(wire, in: place)
            let keyed = KeyedName(name: name, key: nameKey(name))
            remembered.insert(bytes, hash: hash, value: keyed)
            return keyed
        }
        if let known { return known }
        let name = SwiftNames.name(wire, in: place)
        return KeyedName(name: name, key: nameKey(name))
    }
}

extension SwiftTarget {
    /// Swift's rules for a spec (`SwiftNameCheck`); the JSON bridge writes
    /// the same names and files, so it has none of its own.
    public func check(_ spec: Spec) -> [Diagnostic] {
        SwiftNameCheck.problems(spec) + Self.generatedNameProblems(spec)
    }
}
