/// Checks a joined spec for problems no single file can see: references,
/// unions, exactly-one-of groups, constraints, names that collide once
/// converted for a target, and required fields that no finite value satisfies.
struct SpecValidator {
    let spec: Spec
    var diagnostics = Diagnostics()

    init(spec: Spec) { self.spec = spec }

    mutating func run() {
        for type in spec.types {
            switch type {
            case let .enumeration(e): checkEnum(e)
            case let .opaqueString(s): checkOpaque(s)
            case let .record(r): checkRecord(r)
            case let .fieldSet(s): s.fields.forEach { checkField($0, owner: s.name) }
            case let .union(u): checkUnion(u)
            }
        }
        checkRequiredCycles()
    }

    // MARK: - Enums

    private mutating func checkEnum(_ type: EnumType) {
        if type.values.isEmpty { diagnostics.error("enum '\(type.name)' has no values", at: type.location) }
        let swiftNames = type.values.map { SwiftNames.lowerCamel($0.wire) }
        checkSwiftNames(zip(swiftNames, type.values).map { ($0, $1.wire, $1.location) }, kind: "value", owner: type.name)
        if !type.isClosed { checkReserved(type.values, swiftNames: swiftNames, owner: type.name) }
        var spellings: [String: EnumValue] = [:]
        for value in type.values { spellings[value.wire] = value }
        for value in type.values {
            for alias in value.aliases {
                if let other = spellings[alias], other.wire != value.wire || alias == value.wire {
                    let what = other.wire == alias ? "the value" : "an alias of"
                    diagnostics.error(
                        "alias '\(alias)' of '\(value.wire)' is \(what) '\(other.wire)'", at: value.location,
                        notes: [.note("'\(other.wire)' declared here", at: other.location)])
                } else {
                    spellings[alias] = value
                }
            }
        }
        if let rule = type.aliasRule {
            var derived: [String: EnumValue] = [:]
            for value in type.values {
                let alias = rule.alias(for: value.wire)
                if let other = derived[alias] {
                    diagnostics.error(
                        "values '\(other.wire)' and '\(value.wire)' have the same \(rule.rawValue) alias '\(alias)'",
                        at: value.location, notes: [.note("'\(other.wire)' declared here", at: other.location)])
                }
                derived[alias] = value
            }
        }
    }

    private mutating func checkOpaque(_ type: OpaqueStringType) {
        checkSwiftNames(type.knownValues.map { (SwiftNames.lowerCamel($0.wire), $0.wire, $0.location) }, kind: "value", owner: type.name)
    }

    private mutating func checkReserved(_ values: [EnumValue], swiftNames: [String], owner: String) {
        for (value, swiftName) in zip(values, swiftNames) where swiftName == SwiftNames.unknownEnumCase {
            diagnostics.error(
                "value '\(value.wire)' of open enum '\(owner)' would be named '\(SwiftNames.unknownEnumCase)' in Swift, the case that carries unknown values",
                at: value.location)
        }
    }

    /// Two spec names that become the same Swift identifier.
    private mutating func checkSwiftNames(_ names: [(swift: String, wire: String, location: SourceLocation)], kind: String, owner: String) {
        var seen: [String: (wire: String, location: SourceLocation)] = [:]
        for name in names {
            if let first = seen[name.swift] {
                diagnostics.error(
                    "\(kind) '\(name.wire)' of '\(owner)' collides with '\(first.wire)': both are named '\(name.swift)' in Swift",
                    at: name.location, notes: [.note("'\(first.wire)' declared here", at: first.location)])
            } else {
                seen[name.swift] = (name.wire, name.location)
            }
        }
    }

    // MARK: - Records and fields

    private mutating func checkRecord(_ record: RecordType) {
        for field in record.fields where field.includedFrom == nil { checkField(field, owner: record.name) }
        checkSwiftNames(record.fields.map { (SwiftNames.property($0.name), $0.name, $0.location) }, kind: "field", owner: record.name)
        for group in record.exactlyOne {
            if group.fields.count < 2 {
                diagnostics.error("an 'exactlyOne' group needs at least two fields", at: group.location)
            }
            for name in group.fields {
                guard let field = record.field(name) else {
                    diagnostics.error(
                        "'exactlyOne' names '\(name)', which is not a field of '\(record.name)'\(Suggestions.didYouMean(name, in: record.fields.map(\.name)))",
                        at: group.location)
                    continue
                }
                if field.isRequired {
                    diagnostics.error(
                        "field '\(name)' in an 'exactlyOne' group must be optional ('\(field.type)?')", at: field.location)
                }
            }
        }
    }

    private mutating func checkField(_ field: Field, owner: String) {
        checkReference(field.type, at: field.location)
        if field.degrades && field.isRequired {
            diagnostics.error(
                "'degrade' needs an optional field: a required field '\(field.name)' cannot be dropped", at: field.location)
        }
        let base = field.type
        if field.constraints.maxBytes != nil, !isStringLike(base) {
            diagnostics.error("'maxBytes' applies to strings; '\(field.name)' is '\(base)'", at: field.location)
        }
        if field.constraints.minimum != nil || field.constraints.maximum != nil {
            if case .scalar(let s) = base, s == .int || s == .double || s == .timestamp {
            } else {
                diagnostics.error("'min' and 'max' apply to numbers; '\(field.name)' is '\(base)'", at: field.location)
            }
        }
        if let min = field.constraints.minimum, let max = field.constraints.maximum, min > max {
            diagnostics.error("'min' (\(min)) is greater than 'max' (\(max))", at: field.location)
        }
    }

    private func isStringLike(_ type: TypeRef) -> Bool {
        switch type {
        case .scalar(.string): return true
        case let .named(name): if case .opaqueString? = spec[name] { return true }
        default: break
        }
        return false
    }

    private mutating func checkReference(_ type: TypeRef, at location: SourceLocation) {
        guard let name = type.namedLeaf else { return }
        guard let target = spec[name] else {
            let candidates = spec.types.filter { if case .fieldSet = $0 { false } else { true } }.map(\.name)
                + Scalar.allCases.map(\.rawValue)
            diagnostics.error("unknown type '\(name)'\(Suggestions.didYouMean(name, in: candidates))", at: location)
            return
        }
        if case .fieldSet = target {
            diagnostics.error("'\(name)' is a shared field set; records 'include' it, fields cannot have it as a type", at: location)
        }
    }

    // MARK: - Unions

    private mutating func checkUnion(_ union: UnionType) {
        if union.members.isEmpty { diagnostics.error("union '\(union.name)' has no members", at: union.location) }
        checkSwiftNames(union.members.map { (SwiftNames.lowerCamel($0.tag), $0.tag, $0.location) }, kind: "tag", owner: union.name)
        if union.unknownTag == .keep {
            for member in union.members where SwiftNames.lowerCamel(member.tag) == SwiftNames.unknownUnionCase {
                diagnostics.error(
                    "tag '\(member.tag)' of '\(union.name)' would be named '\(SwiftNames.unknownUnionCase)' in Swift, the case that keeps unknown payloads",
                    at: member.location)
            }
        }
        guard !union.discriminator.isEmpty else { return }
        for member in union.members {
            guard let target = spec[member.typeName] else {
                let candidates = spec.types.filter { if case .record = $0 { true } else if case .union = $0 { true } else { false } }.map(\.name)
                diagnostics.error(
                    "unknown type '\(member.typeName)'\(Suggestions.didYouMean(member.typeName, in: candidates))", at: member.location)
                continue
            }
            let records: [RecordType]
            switch target {
            case let .record(r): records = [r]
            case let .union(u):
                if u.name == union.name {
                    diagnostics.error("union '\(union.name)' lists itself as a member", at: member.location)
                    continue
                }
                records = spec.flattenedMembers(of: u)
            default:
                diagnostics.error(
                    "union member '\(member.typeName)' must be a record or a union, not a type from '\(target.sectionName)'",
                    at: member.location)
                continue
            }
            for record in records { checkDiscriminator(of: union, member: member, record: record) }
        }
    }

    private mutating func checkDiscriminator(of union: UnionType, member: UnionMember, record: RecordType) {
        guard let field = record.field(union.discriminator) else {
            diagnostics.error(
                "union member '\(record.name)' of '\(union.name)' has no discriminator field '\(union.discriminator)'",
                at: member.location, notes: [.note("'\(record.name)' declared here", at: record.location)])
            return
        }
        if !field.isRequired {
            diagnostics.error(
                "discriminator '\(union.discriminator)' of union '\(union.name)' must be required in '\(record.name)'",
                at: field.location)
        }
        switch field.type {
        case .scalar(.string): break
        case let .named(name):
            switch spec[name] {
            case let .enumeration(e)?:
                if record.name == member.typeName, !e.values.contains(where: { $0.wire == member.tag }) {
                    diagnostics.error(
                        "tag '\(member.tag)' of '\(union.name)' is not a value of '\(name)', the type of '\(record.name).\(union.discriminator)'",
                        at: member.location)
                }
            case .opaqueString?: break
            default:
                diagnostics.error(
                    "discriminator '\(union.discriminator)' of '\(record.name)' must be a String or an enum", at: field.location)
            }
        default:
            diagnostics.error(
                "discriminator '\(union.discriminator)' of '\(record.name)' must be a String or an enum", at: field.location)
        }
    }

    // MARK: - Satisfiability

    /// A record whose required fields lead back to itself (without passing a
    /// list, a map or an optional field) has no finite value.
    ///
    /// The satisfiable types are the least set closed under: enums, opaque
    /// strings, field sets and unions that keep unknown tags are satisfiable;
    /// a record is when every required field's type is (scalars, lists, maps
    /// and unknown names always are); a union that fails on unknown tags is
    /// when one of its members is (or is unknown). It is found with a work
    /// list, so each type and field is looked at a bounded number of times.
    private mutating func checkRequiredCycles() {
        var satisfiable: Set<String> = []
        var ready: [String] = []
        // For each type not yet known to be satisfiable: the records and
        // unions waiting for it, and for records how many waits are left.
        var waiting: [String: [String]] = [:]
        var missing: [String: Int] = [:]
        for type in spec.types {
            switch type {
            case .enumeration, .opaqueString, .fieldSet:
                ready.append(type.name)
            case let .union(u):
                if u.unknownTag == .keep || u.members.contains(where: { isAlwaysSatisfied($0.typeName) }) {
                    ready.append(u.name)
                } else {
                    for member in u.members { waiting[member.typeName, default: []].append(u.name) }
                }
            case let .record(r):
                var count = 0
                for field in r.fields where field.isRequired {
                    guard case let .named(name) = field.type, !isAlwaysSatisfied(name) else { continue }
                    waiting[name, default: []].append(r.name)
                    count += 1
                }
                if count == 0 { ready.append(r.name) } else { missing[r.name] = count }
            }
        }
        while let name = ready.popLast() {
            guard satisfiable.insert(name).inserted else { continue }
            for dependent in waiting.removeValue(forKey: name) ?? [] {
                if let count = missing[dependent] {
                    // A record: one fewer required field to wait for.
                    missing[dependent] = count - 1
                    if count == 1 { ready.append(dependent) }
                } else {
                    // A union: one satisfiable member is enough.
                    ready.append(dependent)
                }
            }
        }
        for record in spec.records where !satisfiable.contains(record.name) {
            let path = cyclePath(from: record.name, unsatisfied: satisfiable)
            diagnostics.error(
                "record '\(record.name)' can never be built: its required fields form a cycle (\(path)); make one of them optional or a list",
                at: record.location)
        }
    }

    /// Names that satisfy a required field without waiting for anything:
    /// unknown names (reported elsewhere) and the kinds that are satisfiable
    /// from the start.
    private func isAlwaysSatisfied(_ name: String) -> Bool {
        switch spec[name] {
        case nil, .enumeration?, .opaqueString?, .fieldSet?: true
        case let .union(u)?: u.unknownTag == .keep
        case .record?: false
        }
    }

    private func cyclePath(from start: String, unsatisfied satisfiable: Set<String>) -> String {
        var path = [start]
        var current = start
        var visited: Set<String> = [start]
        while let record = spec.record(current),
              let next = record.fields.first(where: {
                  if $0.isRequired, case let .named(n) = $0.type, !satisfiable.contains(n) { return true }
                  return false
              }),
              case let .named(name) = next.type
        {
            path.append("\(current).\(next.name) → \(name)")
            if !visited.insert(name).inserted { break }
            current = name
        }
        return path.dropFirst().joined(separator: ", ")
    }
}
