/// How `SpecComparison` judges records: direction, includes, fields added,
/// removed, renamed and changed (type, optionality, defaults, limits,
/// aliases, choices), and shared field sets.

import OpenIAPSpec
import OpenIAPCodegen

extension SpecComparison {
    // MARK: - Records

    /// `owner` names the record in messages; by default, "input 'Name'" or
    /// "record 'Name'".
    mutating func compareRecord(_ a: RecordType, _ b: RecordType, usage: Set<RecordDirection>, owner given: String? = nil) {
        let owner = given ?? "\(b.direction == .input ? "input" : "record") '\(b.name)'"
        if a.direction != b.direction {
            report(
                .recordDirectionChanged,
                "'\(b.name)' moved from \(a.direction == .input ? "inputs" : "records") to \(b.direction == .input ? "inputs" : "records")",
                at: b.location)
        }
        for include in a.includes where !b.includes.contains(typeMap[include] ?? include) {
            report(.includeRemoved, "\(owner) no longer includes '\(typeMap[include] ?? include)'", at: b.location)
        }

        let newNames = Set(b.fields.map(\.name))
        let oldNames = Set(a.fields.map(\.name))
        let removed = a.fields.filter { !newNames.contains($0.name) }
        let added = b.fields.filter { !oldNames.contains($0.name) }
        // Old fields are matched under their types' new names, and only with
        // a field of the same type.
        let removedMapped = removed.map { field in
            var copy = field
            copy.type = mapped(field.type)
            return copy
        }
        let declared = Self.declaredRenames(removedMapped, added, name: \.name, renamedFrom: \.annotations.renamedFrom)
        let renames = declared.pairs + Self.pairUp(
            declared.removed, declared.added,
            keys: [
                { ($0.annotations.doc ?? "").isEmpty ? nil : "\($0.type)\u{0}doc\u{0}\($0.annotations.doc!)" },
                { field in field.annotations.since.map { "\(field.type)\u{0}since\u{0}\($0)" } },
            ]
        ) { field in field }
        var fieldMap: [String: String] = Dictionary(a.fields.filter { newNames.contains($0.name) }.map { ($0.name, $0.name) }) { x, _ in x }
        for (fo, fn) in renames { fieldMap[fo.name] = fn.name }

        for fo in a.fields {
            guard let newName = fieldMap[fo.name], let fn = b.field(newName) else {
                removedField(fo, owner: owner, usage: usage)
                continue
            }
            if fo.name != fn.name {
                report(
                    keepsOldName(fo, fn, in: b) ? .fieldRenamedOldNameKept : .fieldRenamed,
                    "field '\(fo.name)' of \(owner) was renamed '\(fn.name)'", at: fn.location)
                // New servers read old clients' inputs, old apps new servers'
                // outputs: each needs the other side's name among its own.
                let inputsRead = !usage.contains(.input) || fn.aliases.contains(fo.name)
                let outputsRead = !usage.contains(.output) || fo.aliases.contains(fn.name)
                if inputsRead && outputsRead {
                    report(
                        .fieldRenamedReadable,
                        "field '\(fo.name)' of \(owner) is now sent as '\(fn.name)', which its readers also accept", at: fn.location)
                } else {
                    report(.fieldWireNameChanged, "field '\(fo.name)' of \(owner) is now sent as '\(fn.name)'", at: fn.location)
                }
            }
            compareField(fo, fn, owner: owner, usage: usage)
            compareAliases(fo, fn, owner: owner)
        }
        let matchedNew = Set(fieldMap.values)
        for fn in b.fields where !matchedNew.contains(fn.name) {
            addedField(fn, owner: owner, usage: usage)
        }
        compareFieldOrder(a, b, fieldMap: fieldMap, owner: owner, isRecord: given == nil)
        if a.isOneOf != b.isOneOf {
            report(
                .recordOneOfChanged,
                b.isOneOf ? "\(owner) became 'oneOf': its fields are now alternatives" : "\(owner) is no longer 'oneOf'",
                at: b.location)
        }
        compareExactlyOne(a, b, fieldMap: fieldMap, owner: owner)
        compareAtLeastOne(a, b, fieldMap: fieldMap, owner: owner)
    }

    /// An operation's arguments are a method's parameters in spec order: the
    /// arguments both sides have must keep their order (those added or
    /// removed have rules of their own). A record's Swift initializer takes
    /// the fields alphabetically, which no reorder changes, and a second one
    /// takes them in spec order when that order is not alphabetical: a
    /// reorder breaks the calls of that second initializer, so it matters
    /// only for a record whose old order was not alphabetical.
    mutating func compareFieldOrder(_ a: RecordType, _ b: RecordType, fieldMap: [String: String], owner: String, isRecord: Bool) {
        let kept = a.fields.compactMap { fieldMap[$0.name] }
        let keptSet = Set(kept)
        let now = b.fields.map(\.name).filter { keptSet.contains($0) }
        guard kept != now, let index = kept.indices.first(where: { kept[$0] != now[$0] }) else { return }
        let oldProperties = a.fields.map { SwiftNames.name($0.name, in: .property) }
        if isRecord, oldProperties == oldProperties.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            return
        }
        let moved = now[index]
        let why = b.field(moved)?.includedFrom.map { " (it now comes from the shared set '\($0)')" } ?? ""
        let swift = isRecord ? "the Swift initialiser in spec order" : "the Swift method"
        report(
            .fieldOrderChanged,
            "fields of \(owner) changed order: '\(moved)' now comes before '\(kept[index])'\(why); \(swift) took (\(kept.map { "\($0):" }.joined())), now (\(now.map { "\($0):" }.joined()))",
            at: b.location)
    }

    /// The discriminator values records always have (`Spec.impliedTagValues`),
    /// which Swift initializers take as defaults: one that goes breaks the
    /// calls that left the field out, one that changes makes them build
    /// another tag. Records are matched under their new names; a field that
    /// is gone has rules of its own.
    mutating func compareImpliedTags() {
        let before = old.impliedTagValues
        let after = new.impliedTagValues
        for (oldName, fields) in before.sorted(by: { $0.key < $1.key }) {
            let name = typeMap[oldName] ?? oldName
            guard let record = new.record(name) else { continue }
            for (field, value) in fields.sorted(by: { $0.key < $1.key }) where record.field(field) != nil {
                let subject = "field '\(field)' of record '\(name)'"
                switch after[name]?[field] {
                case nil:
                    report(
                        .tagDefaultRemoved,
                        "\(subject) no longer always holds '\(value)' through the unions that reach it, so its initializer default goes",
                        at: record.location)
                case let now? where now != value:
                    report(
                        .tagDefaultChanged, "\(subject) now always holds '\(now)', not '\(value)': its initializer default changes",
                        at: record.location)
                default:
                    break
                }
            }
        }
    }

    /// Decode-only aliases that a field gained or lost. An alias that is the
    /// other side's name of a renamed field is part of the rename.
    mutating func compareAliases(_ fo: Field, _ fn: Field, owner: String) {
        let subject = "field '\(fn.name)' of \(owner)"
        for alias in fn.aliases where !fo.aliases.contains(alias) && alias != fo.name {
            report(.fieldAliasAdded, "\(subject) is also read as '\(alias)'", at: fn.location)
        }
        for alias in fo.aliases where !fn.aliases.contains(alias) && alias != fn.name {
            report(.fieldAliasRemoved, "\(subject) is no longer read as '\(alias)'", at: fn.location)
            report(.fieldAliasKeyRemoved, "\(subject) lost its alias key '\(alias)'", at: fn.location)
        }
    }


    mutating func removedField(_ field: Field, owner: String, usage: Set<RecordDirection>) {
        let what = "\(field.isRequired ? "required" : "optional") field '\(field.name)' of \(owner) was removed"
        report(.fieldRemoved, what, at: field.location, side: .old)
        if usage.contains(.output), field.isRequired { report(.outputRequiredFieldRemoved, what, at: field.location, side: .old) }
        if usage.contains(.input) { report(.inputFieldRemoved, what, at: field.location, side: .old) }
    }

    mutating func addedField(_ field: Field, owner: String, usage: Set<RecordDirection>) {
        if field.isRequired {
            let what = "required field '\(field.name)' was added to \(owner)"
            report(.requiredFieldAdded, what, at: field.location)
            if usage.contains(.input) { report(.inputRequiredFieldAdded, what, at: field.location) }
        } else {
            report(.optionalFieldAdded, "optional field '\(field.name)' was added to \(owner)", at: field.location)
        }
    }

    mutating func compareField(_ fo: Field, _ fn: Field, owner: String, usage: Set<RecordDirection>) {
        let subject = "field '\(fn.name)' of \(owner)"
        if !fo.isRequired, fn.isRequired {
            report(.fieldNowRequired, "\(subject) is now required", at: fn.location)
            if usage.contains(.input) { report(.inputFieldNowRequired, "\(subject) is now required", at: fn.location) }
        } else if fo.isRequired, !fn.isRequired {
            report(.fieldNowOptional, "\(subject) is now optional", at: fn.location)
            if usage.contains(.output) { report(.outputFieldNowOptional, "\(subject) is now optional", at: fn.location) }
        }

        if mapped(fo.type) != fn.type {
            let change = "\(subject) changed type from '\(fo.type)' to '\(fn.type)'"
            let sameSwift = SwiftTypeMapping.swiftType(mapped(fo.type)) == SwiftTypeMapping.swiftType(fn.type)
            let sameTypeScript = TypeScriptTypeMapping.type(mapped(fo.type)) == TypeScriptTypeMapping.type(fn.type)
            report(sameSwift && sameTypeScript ? .fieldTypeEquivalent : .fieldTypeChanged, change, at: fn.location)
            let readable =
                (!usage.contains(.output) || accepts(reader: fo.type, readerIsOld: true, writer: fn.type))
                && (!usage.contains(.input) || accepts(reader: fn.type, readerIsOld: false, writer: fo.type))
            if !readable {
                report(.fieldWireTypeChanged, change, at: fn.location)
            } else if !sameWireForm(fo.type, fn.type) {
                report(.fieldTypeWidened, change, at: fn.location)
            }
        }

        if usage.contains(.input), fo.defaultValue != fn.defaultValue {
            report(
                .defaultChanged,
                "default of \(subject) changed from \(Self.describe(fo.defaultValue)) to \(Self.describe(fn.defaultValue))",
                at: fn.location)
        }
        let tighter = Self.tightenings(from: fo.constraints, to: fn.constraints)
        if usage.contains(.input), !tighter.isEmpty {
            report(.constraintTightened, "\(subject): \(tighter.joined(separator: ", "))", at: fn.location)
        }
        let looser = Self.tightenings(from: fn.constraints, to: fo.constraints, reversed: true)
        if usage.contains(.output), !looser.isEmpty {
            report(.constraintLoosened, "\(subject): \(looser.joined(separator: ", "))", at: fn.location)
        }
        if fo.annotations.deprecated == nil, let message = fn.annotations.deprecated {
            report(.deprecationAdded, "\(subject) is now deprecated\(Self.suffix(message))", at: fn.location)
        }
    }

    /// Limits that became stricter going from `a` to `b`, described as
    /// changes. With `reversed`, `a` is the new side and the descriptions
    /// read old → new all the same.
    static func tightenings(from a: Constraints, to b: Constraints, reversed: Bool = false) -> [String] {
        func text(_ name: String, _ x: Double?, _ y: Double?) -> String {
            let (from, to) = reversed ? (y, x) : (x, y)
            return "\(name) \(from.map(Self.number) ?? "none") → \(to.map(Self.number) ?? "none")"
        }
        var result: [String] = []
        let maxA = a.maxBytes.map(Double.init)
        let maxB = b.maxBytes.map(Double.init)
        if let y = maxB, maxA.map({ y < $0 }) ?? true { result.append(text("maxBytes", maxA, maxB)) }
        if let y = b.minimum, a.minimum.map({ y > $0 }) ?? true { result.append(text("min", a.minimum, b.minimum)) }
        if let y = b.maximum, a.maximum.map({ y < $0 }) ?? true { result.append(text("max", a.maximum, b.maximum)) }
        let minA = a.minLength.map(Double.init)
        let minB = b.minLength.map(Double.init)
        if let y = minB, minA.map({ y > $0 }) ?? true { result.append(text("minLength", minA, minB)) }
        let lengthA = a.maxLength.map(Double.init)
        let lengthB = b.maxLength.map(Double.init)
        if let y = lengthB, lengthA.map({ y < $0 }) ?? true { result.append(text("maxLength", lengthA, lengthB)) }
        // Two patterns cannot be ordered: a new or different one may reject
        // what the other accepted.
        if let y = b.pattern, y != a.pattern {
            let (from, to) = reversed ? (y.source, a.pattern?.source) : (a.pattern?.source, y.source)
            result.append("pattern \(from ?? "none") → \(to ?? "none")")
        }
        return result
    }

    /// The rules of one kind of group: exactly-one or at-least-one.
    struct GroupRules {
        var kind: String
        var added: CompatibilityRule.ID
        var removed: CompatibilityRule.ID
        var memberAdded: CompatibilityRule.ID
        var memberRemoved: CompatibilityRule.ID
        var narrowed: CompatibilityRule.ID

        static let exactlyOne = GroupRules(
            kind: "exactly-one", added: .exactlyOneGroupAdded, removed: .exactlyOneGroupRemoved,
            memberAdded: .exactlyOneMemberAdded, memberRemoved: .exactlyOneMemberRemoved, narrowed: .exactlyOneVariantsNarrowed)
        static let atLeastOne = GroupRules(
            kind: "at-least-one", added: .atLeastOneGroupAdded, removed: .atLeastOneGroupRemoved,
            memberAdded: .atLeastOneMemberAdded, memberRemoved: .atLeastOneMemberRemoved, narrowed: .atLeastOneVariantsNarrowed)
    }

    mutating func compareExactlyOne(_ a: RecordType, _ b: RecordType, fieldMap: [String: String], owner: String) {
        compareGroups(a.exactlyOne, b.exactlyOne, rules: .exactlyOne, fieldMap: fieldMap, owner: owner) { _ in false }
    }

    /// A new at-least-one group costs old clients nothing when an old
    /// exactly-one or at-least-one group of some of its fields already made
    /// them set one.
    mutating func compareAtLeastOne(_ a: RecordType, _ b: RecordType, fieldMap: [String: String], owner: String) {
        compareGroups(a.atLeastOne, b.atLeastOne, rules: .atLeastOne, fieldMap: fieldMap, owner: owner) { group in
            (a.exactlyOne + a.atLeastOne).contains { old in Set(old.fields.map { fieldMap[$0] ?? $0 }).isSubset(of: group.fields) }
        }
    }

    /// Groups of one kind: each old group is matched with the new group that
    /// shares most of its members (under their new names), then members
    /// gained and lost are reported; an unmatched new group is added unless
    /// `implied` says old clients already meet it.
    mutating func compareGroups(
        _ oldGroups: [FieldGroup], _ newGroups: [FieldGroup], rules: GroupRules, fieldMap: [String: String], owner: String,
        implied: (FieldGroup) -> Bool
    ) {
        var unmatchedNew = Array(newGroups.indices)
        for group in oldGroups {
            let members = Set(group.fields.map { fieldMap[$0] ?? $0 })
            let best = unmatchedNew.max { x, y in
                members.intersection(newGroups[x].fields).count < members.intersection(newGroups[y].fields).count
            }
            guard let index = best, !members.intersection(newGroups[index].fields).isEmpty else {
                report(
                    rules.removed, "\(rules.kind) group [\(group.fields.joined(separator: ", "))] of \(owner) was removed",
                    at: group.location, side: .old)
                continue
            }
            unmatchedNew.removeAll { $0 == index }
            let newGroup = newGroups[index]
            if let change = Self.choiceChange(group.choice, newGroup.choice, fieldMap: fieldMap) {
                report(.choiceChanged, "\(rules.kind) group of \(owner): \(change)", at: newGroup.location)
            }
            let gained = newGroup.fields.filter { !members.contains($0) }
            let lost = group.fields.filter { !newGroup.fields.contains(fieldMap[$0] ?? $0) }
            if !gained.isEmpty {
                report(rules.memberAdded, "\(rules.kind) group of \(owner) gained \(Self.list(gained))", at: newGroup.location)
            }
            if !lost.isEmpty {
                let what = "\(rules.kind) group of \(owner) lost \(Self.list(lost))"
                report(rules.memberRemoved, what, at: newGroup.location)
                report(rules.narrowed, what, at: newGroup.location)
            }
        }
        for index in unmatchedNew where !implied(newGroups[index]) {
            let group = newGroups[index]
            let what = "\(rules.kind) group [\(group.fields.joined(separator: ", "))] was added to \(owner)"
            report(rules.added, what, at: group.location)
            report(rules.narrowed, what, at: group.location)
        }
    }

    /// What changed between two named choices of matched groups, in words;
    /// nil when nothing an SDK language declares for them changed. Fields
    /// are compared under their new names.
    static func choiceChange(_ a: FieldChoice?, _ b: FieldChoice?, fieldMap: [String: String]) -> String? {
        switch (a, b) {
        case (nil, nil): return nil
        case let (nil, b?): return "now declared as the choice '\(b.property)'"
        case let (a?, nil): return "no longer declared as the choice '\(a.property)'"
        case let (a?, b?):
            var changes: [String] = []
            if a.property != b.property { changes.append("the choice '\(a.property)' is now '\(b.property)'") }
            if a.tagField != b.tagField {
                changes.append("its tag field is now \(b.tagField.map { "'\($0)'" } ?? "none") (was \(a.tagField.map { "'\($0)'" } ?? "none"))")
            }
            for old in a.cases {
                guard let new = b.case(setting: fieldMap[old.field] ?? old.field) else { continue }
                if old.name != new.name { changes.append("case '\(old.name)' is now '\(new.name)'") }
                if old.tagValue != new.tagValue, a.tagField != nil, b.tagField != nil {
                    changes.append("case '\(new.name)' now goes with \(b.tagField!) '\(new.tagValue ?? "")' (was '\(old.tagValue ?? "")')")
                }
            }
            return changes.isEmpty ? nil : changes.joined(separator: "; ")
        }
    }

    /// Field changes of a shared set show up on every record that includes
    /// it; the set itself only adds the protocol requirement rule.
    mutating func compareFieldSet(_ a: FieldSet, _ b: FieldSet) {
        let oldNames = Set(a.fields.map(\.name))
        for field in b.fields where !oldNames.contains(field.name) {
            report(.sharedFieldAdded, "field '\(field.name)' was added to shared field set '\(b.name)'", at: field.location)
        }
    }

    /// Whether Swift and Kotlin keep a renamed field's old name compiling:
    /// a rename declared with `renamedFrom`, in a record whose initializers
    /// take its fields (no choice, no discriminator defaulting to the
    /// record's tag; see Targets/Swift/SwiftRenamedInitializers.swift).
    func keepsOldName(_ old: Field, _ new: Field, in record: RecordType) -> Bool {
        new.annotations.renamedFrom == old.name && !record.isOneOf
            && !record.exactlyOne.contains { $0.choice != nil }
            && (self.new.impliedTagValues[record.name] ?? [:]).isEmpty
    }
}

