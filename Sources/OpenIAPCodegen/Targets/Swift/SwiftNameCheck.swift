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
    /// `SwiftNames.name(wire, in: place)` by place and wire name, as worked
    /// out so far, for the names that are converted: most members share
    /// their wire names with members of other types (`state`, `in-app`),
    /// and converting a name cost several times a look-up here. A property
    /// whose wire name keeps its form is not kept here: finding that out
    /// is one pass over its bytes, cheaper than hashing it.
    private var names = [[String: String]](repeating: [:], count: 5)
    /// The Swift names of each type's members, by position in `spec.types`
    /// (see `Outcome.members`).
    private var members: [[String]] = []

    /// A Swift name and the position of the spec name it comes from.
    private typealias SourcedName = (swift: String, source: Int)

    private init(spec: Spec) {
        self.spec = spec
    }

    /// Up to this many names of one type, finding an earlier equal one by
    /// going through the list is cheaper than hashing every name into a
    /// dictionary (most types have a few), and finds the same one.
    private static let linearSearchLimit = 16

    /// The check of a spec and the members' names it worked out on the way,
    /// kept with the spec (`Spec.remembered`): the check runs when the spec
    /// loads, and the render jobs then read each type's names from
    /// `members` rather than work them out again.
    struct Outcome: Sendable {
        /// Every problem of `SwiftNameCheck` (not those of
        /// `SwiftTarget.generatedNameProblems`).
        var problems: [Diagnostic]
        /// Per position in `spec.types`, the Swift names (without backticks)
        /// of the type's members, by their position: a record's fields
        /// (`SwiftNames.name(_:in: .property)`), an enum's values (its case
        /// names), an opaque string's known values (its constants' names).
        /// Empty for the other kinds of types.
        var members: [[String]]

        static func of(_ spec: Spec) -> Outcome {
            spec.remembered(Outcome.self) { spec in
                var check = SwiftNameCheck(spec: spec)
                check.run()
                return Outcome(problems: check.diagnostics.all, members: check.members)
            }
        }
    }

    private mutating func run() {
        var files: [String] = []
        members.reserveCapacity(spec.types.count)
        for type in spec.types {
            if let problem = SwiftNames.typeNameProblem(type.name) { diagnostics.error(problem, at: type.location) }
            switch type {
            case let .enumeration(e): members.append(checkEnum(e))
            case let .opaqueString(s): members.append(checkOpaque(s))
            case let .record(r): members.append(checkFieldNames(r.fields, owner: r.name))
            case let .union(u):
                checkUnion(u)
                members.append([])
            case .fieldSet, .alias: members.append([])
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
        let containment = spec.containment
        guard !containment.recordCycles.isEmpty else { return }
        let unbuildable = RequiredCycles(spec).unbuildable
        for record in spec.records where containment.recordCycles.contains(record.name) && !unbuildable.contains(record.name) {
            let path = containment.cycle(from: record.name, in: spec) { containment.recordCycles.contains($0) }
            diagnostics.error(
                "record '\(record.name)' contains itself through fields that are not lists or maps (\(path)); Swift stores such fields inline, so make one of them a list",
                at: record.location)
        }
    }

    // MARK: - Names of members

    /// `SwiftNames.name(wire, in: place)`, worked out once per wire name and
    /// place (a property that keeps its wire name's form is worked out each
    /// time, which is cheaper than a look-up).
    private mutating func name(_ wire: String, in place: SwiftNames.Place) -> String {
        if let name = SwiftNames.unconvertedName(wire, in: place) { return name }
        let slot =
            switch place {
            case .property: 0
            case .openEnumCase: 1
            case .closedEnumCase: 2
            case .opaqueConstant: 3
            case .unionCase: 4
            }
        if let known = names[slot][wire] { return known }
        let name = SwiftNames.name(wire, in: place)
        names[slot][wire] = name
        return name
    }

    /// The enum's case names, by position of its values.
    private mutating func checkEnum(_ type: EnumType) -> [String] {
        let place: SwiftNames.Place = type.isClosed ? .closedEnumCase : .openEnumCase
        var names: [String] = []
        names.reserveCapacity(type.values.count)
        for index in type.values.indices { names.append(name(type.values[index].wire, in: place)) }
        checkSwiftNames(names, kind: "value", owner: type.name, wire: { type.values[$0].wire }, location: { type.values[$0].location })
        guard !type.isClosed else { return names }
        for index in type.values.indices where names[index] == SwiftNames.unknownEnumCase {
            let value = type.values[index]
            diagnostics.error(
                "value '\(value.wire)' of open enum '\(type.name)' would be named '\(SwiftNames.unknownEnumCase)' in Swift, the case that carries unknown values",
                at: value.location)
        }
        return names
    }

    /// The opaque string's constant names, by position of its known values.
    private mutating func checkOpaque(_ type: OpaqueStringType) -> [String] {
        var names: [String] = []
        names.reserveCapacity(type.knownValues.count)
        for index in type.knownValues.indices { names.append(name(type.knownValues[index].wire, in: .opaqueConstant)) }
        checkSwiftNames(
            names, kind: "value",
            owner: type.name, wire: { type.knownValues[$0].wire }, location: { type.knownValues[$0].location })
        return names
    }

    private mutating func checkUnion(_ union: UnionType) {
        checkSwiftNames(
            union.members.indices.map { SwiftNames.name(union.members[$0].tag, in: .unionCase) }, kind: "tag", owner: union.name,
            wire: { union.members[$0].tag }, location: { union.members[$0].location })
        guard union.unknownTag == .keep else { return }
        for member in union.members where SwiftNames.name(member.tag, in: .unionCase) == SwiftNames.unknownUnionCase {
            diagnostics.error(
                "tag '\(member.tag)' of '\(union.name)' would be named '\(SwiftNames.unknownUnionCase)' in Swift, the case that keeps unknown payloads",
                at: member.location)
        }
    }

    /// The Swift names of a record's fields (or an operation's arguments):
    /// its members (properties, the private storage of deprecated fields,
    /// the initializer parameter that stands in for `self`) share one
    /// namespace. Gives the properties' names, by position of the fields.
    @discardableResult
    private mutating func checkFieldNames(_ fields: [Field], owner: String, kind: String = "field") -> [String] {
        var properties: [String] = []
        properties.reserveCapacity(fields.count)
        // The other members' names, each with the position of its field;
        // most records have none, and their properties are checked alone.
        var others: [SourcedName] = []
        for index in fields.indices {
            let property = name(fields[index].name, in: .property)
            properties.append(property)
            if fields[index].annotations.deprecated != nil {
                others.append(("_" + property, index))
            }
            if let internalName = SwiftNames.parameterInternalName(property) {
                others.append((internalName, index))
            }
        }
        if others.isEmpty {
            checkSwiftNames(properties, kind: kind, owner: owner, wire: { fields[$0].name }, location: { fields[$0].location })
            return properties
        }
        // Each field's names together, in the order of the fields, as the
        // first name of a clash is the earlier field's.
        var memberNames: [String] = []
        var sources: [Int] = []
        memberNames.reserveCapacity(properties.count + others.count)
        sources.reserveCapacity(properties.count + others.count)
        var next = 0
        for index in properties.indices {
            memberNames.append(properties[index])
            sources.append(index)
            while next < others.count, others[next].source == index {
                memberNames.append(others[next].swift)
                sources.append(index)
                next += 1
            }
        }
        checkSwiftNames(
            memberNames, sources: sources, kind: kind, owner: owner, wire: { fields[$0].name }, location: { fields[$0].location })
        return properties
    }

    /// Two spec names that become the same Swift identifier. Each Swift name
    /// comes with the position of its spec name (a value, a tag, a field),
    /// `sources[i]` for `names[i]`, or `i` itself without `sources`; whose
    /// wire name and location `wire` and `location` give: they are only
    /// needed once two Swift names are equal, so they are not copied out
    /// (retaining their strings) for every name. The same wire name listed
    /// twice is the spec's own error and is not reported here.
    private mutating func checkSwiftNames(
        _ names: [String], sources: [Int]? = nil, kind: String, owner: String,
        wire: (Int) -> String, location: (Int) -> SourceLocation
    ) {
        var seen: [String: Int] = [:]
        // One error per spec name is enough, whichever of its Swift names clashes first.
        var reported: Set<SourceLocation> = []
        for index in names.indices {
            let name = names[index]
            // The position of the first earlier name with the same Swift name, if any.
            let earlier: Int?
            if names.count <= Self.linearSearchLimit {
                earlier = names[..<index].firstIndex(of: name)
            } else {
                earlier = seen[name]
                if earlier == nil { seen[name] = index }
            }
            guard let earlier else { continue }
            let (first, source) = sources.map { ($0[earlier], $0[index]) } ?? (earlier, index)
            let (firstWire, wireName) = (wire(first), wire(source))
            if firstWire == wireName { continue }
            guard reported.insert(location(source)).inserted else { continue }
            diagnostics.error(
                "\(kind) '\(wireName)' of '\(owner)' collides with '\(firstWire)': both are named '\(name)' in Swift",
                at: location(source), notes: [.note("'\(firstWire)' declared here", at: location(first))])
        }
    }
}

extension SwiftTarget {
    /// Swift's rules for a spec (`SwiftNameCheck`); the JSON bridge writes
    /// the same names and files, so it has none of its own.
    public func check(_ spec: Spec) -> [Diagnostic] {
        let outcome = SwiftNameCheck.Outcome.of(spec)
        return outcome.problems + Self.generatedNameProblems(spec, members: outcome.members)
    }
}
