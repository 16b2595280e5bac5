/// The checks of each type on its own and against the types it names:
/// enums and opaque strings, aliases, unions and their discriminators,
/// renamed types. Records and fields are `RecordChecks.swift`'s.
extension SpecValidator {
    /// The checks of each type on its own (and against the types it names).
    mutating func checkTypes() {
        // The records each union resolves to, worked out once for all
        // unions (a chain of unions would otherwise be walked per union).
        let unionRecords = spec.unions.isEmpty ? [:] : spec.flattenedMemberNames()
        for position in spec.types.indices {
            switch spec.types[position] {
            case let .enumeration(e): checkEnum(e)
            case let .opaqueString(s): checkOpaque(s)
            case let .record(r): checkRecord(r)
            case let .fieldSet(s):
                for index in s.fields.indices { checkField(index, of: s.fields, owner: s.name) }
                if s.fields.contains(where: { !$0.aliases.isEmpty || $0.annotations.renamedFrom != nil }) {
                    checkAliasesAndRenames(s.fields, owner: s.name)
                }
            case let .union(u): checkUnion(u, unionRecords: unionRecords)
            case let .alias(a): checkAlias(a)
            }
        }
    }

    // MARK: - Enums

    private mutating func checkEnum(_ type: EnumType) {
        if type.values.isEmpty { diagnostics.error("enum '\(type.name)' has no values", at: type.location) }
        checkDuplicateValues(type.values, owner: type.name)
        if type.values.contains(where: { $0.annotations.renamedFrom != nil }) { checkValueRenames(type.values, owner: type.name) }
        // Only aliases are looked up among the spellings; without any there is nothing to check.
        let hasAliases = type.values.contains(where: { !$0.aliases.isEmpty })
        var spellings: [String: EnumValue] = [:]
        if hasAliases {
            for value in type.values { spellings[value.wire] = value }
        }
        for value in type.values where hasAliases && !value.aliases.isEmpty {
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
            // By position in `type.values`: storing the values themselves
            // copied each one (retaining its strings), and the room is made
            // once rather than grown.
            var derived: [String: Int] = [:]
            derived.reserveCapacity(type.values.count)
            for position in type.values.indices {
                let alias = rule.alias(for: type.values[position].wire)
                if let earlier = derived[alias] {
                    let (other, value) = (type.values[earlier], type.values[position])
                    diagnostics.error(
                        "values '\(other.wire)' and '\(value.wire)' have the same \(rule.rawValue) alias '\(alias)'",
                        at: value.location, notes: [.note("'\(other.wire)' declared here", at: other.location)])
                }
                derived[alias] = position
            }
        }
    }

    /// `renamedFrom` on enum values: the old wire value is no value of the
    /// enum any more (it may stay readable as an alias), and two values do
    /// not claim the same one.
    private mutating func checkValueRenames(_ values: [EnumValue], owner: String) {
        var claimed: [String: EnumValue] = [:]
        for value in values {
            guard let old = value.annotations.renamedFrom else { continue }
            if old.isEmpty || old == value.wire {
                diagnostics.error(
                    old.isEmpty ? "'renamedFrom' of value '\(value.wire)' must not be empty" : "value '\(value.wire)' is 'renamedFrom' itself",
                    at: value.location)
            } else if let other = values.first(where: { $0.wire == old }) {
                diagnostics.error(
                    "value '\(value.wire)' of '\(owner)' is 'renamedFrom' '\(old)', which is still a value; to keep reading the old spelling, make it an alias",
                    at: value.location, notes: [.note("'\(old)' declared here", at: other.location)])
            } else if let other = claimed[old] {
                diagnostics.error(
                    "values '\(other.wire)' and '\(value.wire)' of '\(owner)' are both 'renamedFrom' '\(old)'", at: value.location,
                    notes: [.note("'\(other.wire)' declared here", at: other.location)])
            } else {
                claimed[old] = value
            }
        }
    }

    private mutating func checkOpaque(_ type: OpaqueStringType) {
        for value in type.knownValues where value.annotations.renamedFrom != nil {
            diagnostics.error(
                "'renamedFrom' applies to types, fields and enum values; a known value of opaque string '\(type.name)' has no identity of its own to rename",
                at: value.location)
        }
        checkDuplicateValues(type.knownValues, owner: type.name)
    }

    /// A value listed twice. Values are compared by canonical equivalence,
    /// as Swift strings compare (the generator's and the generated code's),
    /// so two spellings that differ only in Unicode normalization (`é` as
    /// one code point or as `e` and a combining accent) are the same value
    /// and are rejected too.
    private mutating func checkDuplicateValues(_ values: [EnumValue], owner: String) {
        var seen: [String: EnumValue] = [:]
        for (index, value) in values.enumerated() {
            // The first earlier value with the same wire value, if any.
            let earlier: EnumValue?
            if values.count <= Self.linearSearchLimit {
                earlier = values[..<index].first { $0.wire == value.wire }
            } else {
                earlier = seen[value.wire]
                if earlier == nil { seen[value.wire] = value }
            }
            guard let first = earlier else { continue }
            let how = first.wire.unicodeScalars.elementsEqual(value.wire.unicodeScalars)
                ? "is listed twice" : "differs from '\(first.wire)' only in Unicode normalization, which Swift strings ignore"
            diagnostics.error(
                "value '\(value.wire)' of '\(owner)' \(how)", at: value.location,
                notes: [.note("'\(first.wire)' declared here", at: first.location)])
        }
    }

    // MARK: - Aliases

    /// An alias (`sameAs:`) stands for a record or a union: the types a
    /// caller passes whole, which every target can name as a type of its
    /// own. Enums and opaque strings need no second name (an argument may
    /// have them as they are), shared field sets are not types, and an alias
    /// of an alias would make readers follow a chain to find the shape.
    private mutating func checkAlias(_ alias: TypeAlias) {
        if Scalar.named(alias.target) != nil {
            diagnostics.error(
                "'sameAs' of '\(alias.name)' names a record or a union; '\(alias.target)' is a built-in type", at: alias.targetLocation)
            return
        }
        guard let target = types[alias.target] else {
            let candidates = spec.types.filter { if case .record = $0 { true } else if case .union = $0 { true } else { false } }.map(\.name)
            diagnostics.error(
                "unknown type '\(alias.target)' for 'sameAs' of '\(alias.name)'\(Suggestions.didYouMean(alias.target, in: candidates))",
                at: alias.targetLocation)
            return
        }
        switch target {
        case .record, .union:
            break
        case let .alias(other) where other.name == alias.name:
            diagnostics.error("'\(alias.name)' is 'sameAs' itself; name the record or union it is", at: alias.targetLocation)
        case let .alias(other):
            diagnostics.error(
                "'\(alias.name)' is 'sameAs' '\(other.name)', which is itself another name for '\(other.target)'; write 'sameAs: \(other.target)'",
                at: alias.targetLocation, notes: [.note("'\(other.name)' declared here", at: other.location)])
        default:
            diagnostics.error(
                "'sameAs' of '\(alias.name)' names a record or a union; '\(alias.target)' is a type from '\(target.sectionName)'",
                at: alias.targetLocation, notes: [.note("'\(alias.target)' declared here", at: target.location)])
        }
    }

    // MARK: - Unions

    /// `unionRecords`: the records each union resolves to
    /// (`Spec.flattenedMemberNames()`).
    private mutating func checkUnion(_ union: UnionType, unionRecords: [String: [String]]) {
        if union.members.isEmpty { diagnostics.error("union '\(union.name)' has no members", at: union.location) }
        guard !union.discriminator.isEmpty else { return }
        for member in union.members {
            guard let target = types[member.typeName] else {
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
                records = (unionRecords[u.name] ?? []).compactMap(spec.record)
            case let .alias(a):
                diagnostics.error(
                    "union member '\(a.name)' is another name for '\(a.target)'; a union lists the type itself", at: member.location)
                continue
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
        if !field.aliases.isEmpty {
            diagnostics.error(
                "discriminator '\(union.discriminator)' of union '\(union.name)' cannot have aliases in '\(record.name)': readers look for the tag under its one name",
                at: field.location)
        }
        switch field.type {
        case .scalar(.string): break
        case let .named(name):
            switch types[name] {
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

    // MARK: - Renamed types

    /// `renamedFrom` on types: the old name is a type name that no type has
    /// any more, claimed by one type only.
    mutating func checkTypeRenames() {
        var claimed: [String: NamedType] = [:]
        // In the order written, so that a second claim is the one reported.
        let renamed = spec.types.filter { $0.annotations.renamedFrom != nil }.sorted { $0.location < $1.location }
        for type in renamed {
            guard let old = type.annotations.renamedFrom else { continue }
            if !SpecFileReader.isTypeName(old) {
                diagnostics.error(
                    "'renamedFrom' of '\(type.name)' must be the old type name, UpperCamelCase; found '\(old)'", at: type.location)
            } else if old == type.name {
                diagnostics.error("type '\(type.name)' is 'renamedFrom' its own name", at: type.location)
            } else if let other = types[old] {
                diagnostics.error(
                    "'\(type.name)' is 'renamedFrom' '\(old)', which is still a type; a renamed type keeps only its new name",
                    at: type.location, notes: [.note("'\(old)' declared here", at: other.location)])
            } else if let other = claimed[old] {
                diagnostics.error(
                    "types '\(other.name)' and '\(type.name)' are both 'renamedFrom' '\(old)'", at: type.location,
                    notes: [.note("'\(other.name)' declared here", at: other.location)])
            } else {
                claimed[old] = type
            }
        }
    }
}
