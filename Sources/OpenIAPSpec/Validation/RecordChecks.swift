/// The checks of records and their fields: references, constraints,
/// exactly-one and at-least-one groups, named choices, `oneOf` records,
/// aliases and renamed fields.
extension SpecValidator {
    mutating func checkRecord(_ record: RecordType) {
        for index in record.fields.indices where record.fields[index].includedFrom == nil {
            checkField(index, of: record.fields, owner: record.name)
        }
        for group in record.exactlyOne { checkGroup(group, key: "exactlyOne", of: record) }
        for group in record.atLeastOne { checkGroup(group, key: "atLeastOne", of: record) }
        if record.isOneOf { checkOneOf(record) }
        // Most records have neither; then there is nothing to look at.
        if record.fields.contains(where: { !$0.aliases.isEmpty || $0.annotations.renamedFrom != nil }) {
            checkAliasesAndRenames(record.fields, owner: record.name)
        }
    }

    /// An `exactlyOne` or `atLeastOne` group (`key`): two or more distinct
    /// optional fields of the record.
    private mutating func checkGroup(_ group: FieldGroup, key: String, of record: RecordType) {
        if let choice = group.choice { checkChoice(choice, of: record) }
        if group.fields.count < 2 {
            let hint = key == "atLeastOne" ? "; a group of one is a required field" : ""
            diagnostics.error("an '\(key)' group needs at least two fields\(hint)", at: group.location)
        }
        for (index, name) in group.fields.enumerated() where group.fields[..<index].contains(name) {
            diagnostics.error("'\(key)' lists '\(name)' twice", at: group.location)
        }
        for name in group.fields {
            guard let field = record.field(name) else {
                diagnostics.error(
                    "'\(key)' names '\(name)', which is not a field of '\(record.name)'\(Suggestions.didYouMean(name, in: record.fields.map(\.name)))",
                    at: group.location)
                continue
            }
            if field.isRequired {
                diagnostics.error(
                    "field '\(name)' in an '\(key)' group must be optional ('\(field.type)?')", at: field.location)
            }
        }
    }

    /// A `oneOf` record: its own fields, two or more, all optional, are the
    /// alternatives.
    private mutating func checkOneOf(_ record: RecordType) {
        if !record.includes.isEmpty {
            diagnostics.error(
                "'oneOf' record '\(record.name)' cannot include shared field sets: its alternatives are its own fields",
                at: record.location)
        }
        if record.fields.count < 2 {
            diagnostics.error(
                "'oneOf' record '\(record.name)' needs at least two fields, one per alternative", at: record.location)
        }
        for field in record.fields where field.isRequired {
            diagnostics.error(
                "field '\(field.name)' of 'oneOf' record '\(record.name)' must be optional ('\(field.type)?'): only one alternative is set",
                at: field.location)
        }
    }

    /// Whether `name` can name a property or a case in every SDK language:
    /// ASCII letters and digits, starting with a lowercase letter.
    private static func isAPIName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }

    /// A named choice (`exactlyOne` with `as:`): a property name no field
    /// has, distinct case names, and a tag field (if any) outside the group
    /// whose enum gives each case its own value.
    private mutating func checkChoice(_ choice: FieldChoice, of record: RecordType) {
        if !Self.isAPIName(choice.property) {
            diagnostics.error(
                "'as: \(choice.property)' must be a property name: ASCII letters and digits, starting with a lowercase letter",
                at: choice.location)
        } else if let field = record.field(choice.property) {
            diagnostics.error(
                "'as: \(choice.property)' is already the name of a field of '\(record.name)'", at: choice.location,
                notes: [.note("field '\(field.name)' declared here", at: field.location)])
        }
        var names: [String: FieldChoice.Case] = [:]
        for item in choice.cases {
            if !Self.isAPIName(item.name) {
                diagnostics.error(
                    "case name '\(item.name)' of '\(item.field)' must be ASCII letters and digits, starting with a lowercase letter",
                    at: item.location)
            } else if let first = names[item.name] {
                diagnostics.error(
                    "case name '\(item.name)' is given to both '\(first.field)' and '\(item.field)'", at: item.location,
                    notes: [.note("first given here", at: first.location)])
            } else {
                names[item.name] = item
            }
        }
        guard let tagName = choice.tagField else {
            for item in choice.cases where item.tagValue != nil {
                diagnostics.error(
                    "case '\(item.field)' has a 'tag' value, but the choice names no 'tag' field", at: item.location)
            }
            return
        }
        guard let tag = record.field(tagName) else {
            diagnostics.error(
                "'tag: \(tagName)' is not a field of '\(record.name)'\(Suggestions.didYouMean(tagName, in: record.fields.map(\.name)))",
                at: choice.location)
            return
        }
        if choice.cases.contains(where: { $0.field == tagName }) {
            diagnostics.error("'tag: \(tagName)' is one of the choice's own fields", at: choice.location)
            return
        }
        guard case let .named(enumName) = tag.type, case let .enumeration(tagEnum)? = types[enumName] else {
            diagnostics.error(
                "'tag: \(tagName)' must be a field of an enum type; '\(record.name).\(tagName)' is '\(tag.type)'",
                at: choice.location, notes: [.note("field '\(tagName)' declared here", at: tag.location)])
            return
        }
        var seen: [String: FieldChoice.Case] = [:]
        for item in choice.cases {
            guard let value = item.tagValue else {
                diagnostics.error(
                    "case '\(item.field)' needs a 'tag' value: the value of '\(tagName)' that goes with it", at: item.location)
                continue
            }
            if !tagEnum.values.contains(where: { $0.wire == value }) {
                let known = tagEnum.values.map(\.wire)
                diagnostics.error(
                    "'tag: \(value)' of case '\(item.field)' is not a value of '\(enumName)'\(Suggestions.didYouMean(value, in: known))",
                    at: item.location)
            } else if let first = seen[value] {
                diagnostics.error(
                    "cases '\(first.field)' and '\(item.field)' have the same 'tag' value '\(value)'", at: item.location,
                    notes: [.note("first given here", at: first.location)])
            } else {
                seen[value] = item
            }
        }
    }

    /// Decode-only aliases and `renamedFrom` of a record's fields (its own
    /// and the included ones): an alias names no other field and no other
    /// alias, and is not the field's own name; an old name is no field's
    /// name any more (a rename keeps only the new one), and two fields do not
    /// claim the same one.
    /// In a record, what only concerns the fields of one included set was
    /// reported with the set, and is not reported again for every record
    /// that includes it.
    mutating func checkAliasesAndRenames(_ fields: [Field], owner: String) {
        /// Whether a problem of `field` (with `other`, if any) belongs to a shared set's own check.
        func reportedWithSet(_ field: Field, _ other: Field? = nil) -> Bool {
            guard let set = field.includedFrom, set != owner else { return false }
            return other.map { $0.includedFrom == set } ?? true
        }
        var names: [String: Field] = [:]
        for field in fields where names[field.name] == nil { names[field.name] = field }
        var spellings: [String: Field] = [:]
        var oldNames: [String: Field] = [:]
        for field in fields {
            for alias in field.aliases {
                if alias == field.name {
                    if !reportedWithSet(field) {
                        diagnostics.error("alias '\(alias)' of field '\(field.name)' of '\(owner)' is the field's own name", at: field.location)
                    }
                } else if let other = names[alias] {
                    if reportedWithSet(field, other) { continue }
                    diagnostics.error(
                        "alias '\(alias)' of field '\(field.name)' of '\(owner)' is the name of another field",
                        at: field.location, notes: [.note("field '\(alias)' declared here", at: other.location)])
                } else if let other = spellings[alias] {
                    if reportedWithSet(field, other) { continue }
                    let whose = other.name == field.name ? "listed twice" : "also an alias of '\(other.name)'"
                    diagnostics.error(
                        "alias '\(alias)' of field '\(field.name)' of '\(owner)' is \(whose)", at: field.location,
                        notes: other.name == field.name ? [] : [.note("'\(other.name)' declared here", at: other.location)])
                } else {
                    spellings[alias] = field
                }
            }
            guard let old = field.annotations.renamedFrom else { continue }
            if let other = names[old] ?? oldNames[old], reportedWithSet(field, other) { continue }
            if (old.isEmpty || old == field.name) && reportedWithSet(field) { continue }
            if old.isEmpty {
                diagnostics.error("'renamedFrom' of field '\(field.name)' must not be empty", at: field.location)
            } else if old == field.name {
                diagnostics.error("field '\(field.name)' is 'renamedFrom' its own name", at: field.location)
            } else if let other = names[old] {
                diagnostics.error(
                    "field '\(field.name)' of '\(owner)' is 'renamedFrom' '\(old)', which is still a field; a renamed field keeps only its new name (an alias keeps the old one readable)",
                    at: field.location, notes: [.note("field '\(old)' declared here", at: other.location)])
            } else if let other = oldNames[old] {
                diagnostics.error(
                    "fields '\(other.name)' and '\(field.name)' of '\(owner)' are both 'renamedFrom' '\(old)'", at: field.location,
                    notes: [.note("'\(other.name)' declared here", at: other.location)])
            } else {
                oldNames[old] = field
            }
        }
    }

    /// Checks `fields[index]`. The field is named by its position rather
    /// than passed as a value: passing a `Field` out of an array copies it,
    /// retaining every string it holds, while most checks only read a few
    /// plain facts; its name and location are read when an error needs them.
    /// `role` names such fields in messages (an operation's are arguments).
    mutating func checkField(_ index: Int, of fields: [Field], owner: String, role: String = "fields") {
        // A scalar names no type; most fields are one, and are not copied out to see that.
        if case .scalar = fields[index].type {} else { checkReference(fields[index].type, at: fields[index].location, role: role) }
        if fields[index].degrades && fields[index].isRequired {
            diagnostics.error(
                "'degrade' needs an optional field: a required field '\(fields[index].name)' cannot be dropped",
                at: fields[index].location)
        }
        let constraints = fields[index].constraints
        guard !constraints.isEmpty else { return }
        let (name, base, location) = (fields[index].name, fields[index].type, fields[index].location)
        if constraints.maxBytes != nil, !isStringLike(base) {
            diagnostics.error("'maxBytes' applies to strings; '\(name)' is '\(base)'", at: location)
        }
        if constraints.minimum != nil || constraints.maximum != nil {
            if case .scalar(let s) = base, s == .int || s == .double || s == .timestamp {
            } else {
                diagnostics.error("'min' and 'max' apply to numbers; '\(name)' is '\(base)'", at: location)
            }
        }
        if let min = constraints.minimum, let max = constraints.maximum, min > max {
            diagnostics.error("'min' (\(min)) is greater than 'max' (\(max))", at: location)
        }
        if constraints.minLength != nil || constraints.maxLength != nil || constraints.pattern != nil {
            checkStringLimits(constraints, name: name, base: base, at: location)
        }
    }

    /// `minLength`, `maxLength` and `pattern` go on strings, and the lengths
    /// leave some string possible.
    private mutating func checkStringLimits(_ constraints: Constraints, name: String, base: TypeRef, at location: SourceLocation) {
        if !isStringLike(base) {
            let keys = [("minLength", constraints.minLength != nil), ("maxLength", constraints.maxLength != nil), ("pattern", constraints.pattern != nil)]
                .filter(\.1).map { "'\($0.0)'" }.joined(separator: ", ")
            diagnostics.error("\(keys) apply to strings; '\(name)' is '\(base)'", at: location)
        }
        if let minimum = constraints.minLength, let maximum = constraints.maxLength, minimum > maximum {
            diagnostics.error("'minLength' (\(minimum)) is greater than 'maxLength' (\(maximum))", at: location)
        }
        // Every character takes at least one byte of UTF-8.
        if let minimum = constraints.minLength, let bytes = constraints.maxBytes, minimum > bytes {
            diagnostics.error(
                "'minLength' (\(minimum) characters) can never be met within 'maxBytes' (\(bytes) bytes): every character takes at least one byte",
                at: location)
        }
    }

    func isStringLike(_ type: TypeRef) -> Bool {
        switch type {
        case .scalar(.string): return true
        case let .named(name): if case .opaqueString? = types[name] { return true }
        default: break
        }
        return false
    }

    /// `role` names what has the type, in messages.
    mutating func checkReference(_ type: TypeRef, at location: SourceLocation, role: String = "fields") {
        guard let name = type.namedLeaf else { return }
        guard let target = types[name] else {
            let candidates = spec.types.filter { if case .fieldSet = $0 { false } else { true } }.map(\.name)
                + Scalar.allCases.map(\.rawValue)
            diagnostics.error("unknown type '\(name)'\(Suggestions.didYouMean(name, in: candidates))", at: location)
            return
        }
        if case .fieldSet = target {
            diagnostics.error("'\(name)' is a shared field set; records 'include' it, \(role) cannot have it as a type", at: location)
        }
    }
}
