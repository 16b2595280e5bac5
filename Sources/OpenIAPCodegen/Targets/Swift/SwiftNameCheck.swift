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
    /// out so far: most members share their wire names with members of
    /// other types (`id`, `price`, `state`), and converting a name cost
    /// several times a look-up here.
    private var names = [[String: String]](repeating: [:], count: 5)

    /// A Swift name and the position of the spec name it comes from, as
    /// `checkSwiftNames` takes them.
    private typealias SourcedName = (swift: String, source: Int)

    private init(spec: Spec) {
        self.spec = spec
    }

    /// Up to this many names of one type, finding an earlier equal one by
    /// going through the list is cheaper than hashing every name into a
    /// dictionary (most types have a few), and finds the same one.
    private static let linearSearchLimit = 16

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

    /// `SwiftNames.name(wire, in: place)`, worked out once per wire name and place.
    private mutating func name(_ wire: String, in place: SwiftNames.Place) -> String {
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

    private mutating func checkEnum(_ type: EnumType) {
        let place: SwiftNames.Place = type.isClosed ? .closedEnumCase : .openEnumCase
        var names: [SourcedName] = []
        names.reserveCapacity(type.values.count)
        for index in type.values.indices { names.append((name(type.values[index].wire, in: place), index)) }
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
        var names: [SourcedName] = []
        names.reserveCapacity(type.knownValues.count)
        for index in type.knownValues.indices { names.append((name(type.knownValues[index].wire, in: .opaqueConstant), index)) }
        checkSwiftNames(
            names, kind: "value",
            owner: type.name, wire: { type.knownValues[$0].wire }, location: { type.knownValues[$0].location })
    }

    private mutating func checkUnion(_ union: UnionType) {
        checkSwiftNames(
            union.members.indices.map { index -> SourcedName in
                (SwiftNames.name(union.members[index].tag, in: .unionCase), index)
            }, kind: "tag", owner: union.name,
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
    /// namespace.
    private mutating func checkFieldNames(_ fields: [Field], owner: String, kind: String = "field") {
        var memberNames: [SourcedName] = []
        memberNames.reserveCapacity(fields.count)
        for index in fields.indices {
            let property = name(fields[index].name, in: .property)
            memberNames.append((property, index))
            if fields[index].annotations.deprecated != nil {
                memberNames.append(("_" + property, index))
            }
            if let internalName = SwiftNames.parameterInternalName(property) {
                memberNames.append((internalName, index))
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
                earlier = names[..<index].first { $0.swift == name.swift }?.source
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
}

extension SwiftTarget {
    /// Swift's rules for a spec (`SwiftNameCheck`); the JSON bridge writes
    /// the same names and files, so it has none of its own.
    public func check(_ spec: Spec) -> [Diagnostic] {
        SwiftNameCheck.problems(spec) + Self.generatedNameProblems(spec)
    }
}
