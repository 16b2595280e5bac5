import OpenIAPSpec
import OpenIAPCodegen

/// One rule triggered by one change between two specs.
public struct CompatibilityFinding: Hashable, Sendable {
    /// Which spec the location points into: removals point at the OLD spec,
    /// everything else at the NEW one.
    public enum Side: String, Sendable {
        case old
        case new
    }

    public var rule: CompatibilityRule
    public var message: String
    public var location: SourceLocation?
    public var side: Side

    public init(rule: CompatibilityRule, message: String, location: SourceLocation?, side: Side) {
        self.rule = rule
        self.message = message
        self.location = location
        self.side = side
    }

    public var id: CompatibilityRule.ID { rule.id }
    public var axis: CompatibilityAxis { rule.axis }
    public var severity: CompatibilitySeverity { rule.severity }
}

/// Compares two validated specs and reports which rules their differences
/// trigger. It decides only *which* rule applies; severities and rationales
/// come from `CompatibilityRules`.
///
/// Matching is by name. A type, field or enum value that says it was
/// `renamedFrom` a name the old spec has, which the new one no longer has,
/// is that element renamed. Other renames are guessed, since `since` says
/// when something appeared, not what it replaced:
/// - a type that disappears and a type of the same kind with the same
///   non-empty `doc` that appears are one renamed type;
/// - within a record, a field that disappears and a field of the same type
///   that appears are one renamed field when they share a non-empty `doc`,
///   or else the same `since`;
/// - within an enum, a value that disappears and one with the same non-empty
///   `doc` that appears are one renamed value;
/// - within a union, a tag that disappears and one that selects the same type
///   are one renamed tag.
/// Each guess pairs one candidate with one candidate only; anything
/// ambiguous is reported as a removal plus an addition.
public struct SpecComparison {
    public let old: Spec
    public let new: Spec
    public internal(set) var findings: [CompatibilityFinding] = []

    /// Old type name → new type name for every type present on both sides,
    /// renamed or not.
    private var typeMap: [String: String] = [:]
    private let oldUsage: [String: Set<RecordDirection>]
    private let newUsage: [String: Set<RecordDirection>]

    public init(old: Spec, new: Spec) {
        self.old = old
        self.new = new
        self.oldUsage = Self.usage(in: old)
        self.newUsage = Self.usage(in: new)
    }

    /// Every finding, ordered by axis, then location, then rule.
    public static func compare(old: Spec, new: Spec) -> [CompatibilityFinding] {
        var comparison = SpecComparison(old: old, new: new)
        comparison.run()
        return comparison.findings
    }

    public mutating func run() {
        findings = []
        let newNames = Set(new.types.map(\.name))
        let oldNames = Set(old.types.map(\.name))
        var pairs: [(NamedType, NamedType)] = []
        for type in old.types where newNames.contains(type.name) {
            typeMap[type.name] = type.name
            pairs.append((type, new[type.name]!))
        }
        let removed = old.types.filter { !newNames.contains($0.name) }
        let added = new.types.filter { !oldNames.contains($0.name) }
        let declared = Self.declaredRenames(removed, added, name: \.name, renamedFrom: \.annotations.renamedFrom)
        let renames = declared.pairs + Self.pairUp(
            declared.removed, declared.added, keys: [{ Self.kindKey($0) + "\u{0}" + ($0.annotations.doc ?? "") }]
        ) {
            ($0.annotations.doc ?? "").isEmpty ? nil : $0
        }
        for (o, n) in renames {
            typeMap[o.name] = n.name
            pairs.append((o, n))
            // A declared rename keeps the old name as a deprecated alias in
            // every language (Targets/*/…Deprecation.swift); a guessed one does not.
            if n.annotations.renamedFrom == o.name {
                report(.typeRenamedOldNameKept, "\(kindWord(n)) '\(o.name)' was renamed '\(n.name)'; '\(o.name)' stays, deprecated", at: n.location)
            } else {
                report(.typeRenamed, "\(kindWord(n)) '\(o.name)' was renamed '\(n.name)'", at: n.location)
            }
        }
        let renamedOld = Set(renames.map(\.0.name))
        let renamedNew = Set(renames.map(\.1.name))
        for type in removed where !renamedOld.contains(type.name) {
            report(.typeRemoved, "\(kindWord(type)) '\(type.name)' was removed", at: type.location, side: .old)
        }
        for type in added where !renamedNew.contains(type.name) {
            report(.typeAdded, "\(kindWord(type)) '\(type.name)' was added", at: type.location)
        }
        for (o, n) in pairs.sorted(by: { $0.1.name < $1.1.name }) { compareType(o, n) }
        compareImpliedTags()
        compareOperations()
        checkRemovalSchedule()
        findings = Self.ordered(findings)
    }

    static func ordered(_ findings: [CompatibilityFinding]) -> [CompatibilityFinding] {
        let axes = CompatibilityAxis.allCases
        return findings.enumerated().sorted { a, b in
            let l = a.element
            let r = b.element
            if l.axis != r.axis { return axes.firstIndex(of: l.axis)! < axes.firstIndex(of: r.axis)! }
            switch (l.location, r.location) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: break
            }
            if l.id != r.id { return l.id.rawValue < r.id.rawValue }
            return a.offset < b.offset
        }.map(\.element)
    }

    // MARK: - Types

    private mutating func compareType(_ o: NamedType, _ n: NamedType) {
        let usage = usage(old: o.name, new: n.name)
        if o.annotations.deprecated == nil, let message = n.annotations.deprecated {
            report(.deprecationAdded, "\(kindWord(n)) '\(n.name)' is now deprecated\(Self.suffix(message))", at: n.location)
        }
        switch (o, n) {
        case let (.enumeration(a), .enumeration(b)): compareEnum(a, b, usage: usage)
        case let (.opaqueString(a), .opaqueString(b)): compareOpaque(a, b)
        case let (.record(a), .record(b)): compareRecord(a, b, usage: usage)
        case let (.fieldSet(a), .fieldSet(b)): compareFieldSet(a, b)
        case let (.union(a), .union(b)): compareUnion(a, b, usage: usage)
        case let (.alias(a), .alias(b)): compareAlias(a, b, usage: usage)
        default:
            report(.typeKindChanged, "'\(n.name)' changed from \(kindWord(o)) to \(kindWord(n))", at: n.location)
            if case .fieldSet = o { return }
            if case .fieldSet = n { return }
            let readable =
                (!usage.contains(.output) || stringTypeAccepts(reader: o, writer: n))
                && (!usage.contains(.input) || stringTypeAccepts(reader: n, writer: o))
            if !readable {
                report(.typeWireFormChanged, "'\(n.name)' changed from \(kindWord(o)) to \(kindWord(n))", at: n.location)
            }
        }
    }

    // MARK: - Aliases

    /// An alias that stands for another type: unless the old target was only
    /// renamed into the new one, code that used the old type breaks, and so
    /// does what its readers get on the wire (judged as a field's type).
    private mutating func compareAlias(_ a: TypeAlias, _ b: TypeAlias, usage: Set<RecordDirection>) {
        guard typeMap[a.target] != b.target else { return }
        let what = "alias '\(b.name)' now stands for '\(b.target)' instead of '\(a.target)'"
        report(.aliasTargetChanged, what, at: b.targetLocation)
        let readable =
            (!usage.contains(.output) || accepts(reader: .named(a.target), readerIsOld: true, writer: .named(b.target)))
            && (!usage.contains(.input) || accepts(reader: .named(b.target), readerIsOld: false, writer: .named(a.target)))
        if !readable { report(.aliasWireTargetChanged, what, at: b.targetLocation) }
    }

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
                report(.fieldRenamed, "field '\(fo.name)' of \(owner) was renamed '\(fn.name)'", at: fn.location)
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
    private mutating func compareFieldOrder(_ a: RecordType, _ b: RecordType, fieldMap: [String: String], owner: String, isRecord: Bool) {
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
    private mutating func compareImpliedTags() {
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
    private mutating func compareAliases(_ fo: Field, _ fn: Field, owner: String) {
        let subject = "field '\(fn.name)' of \(owner)"
        for alias in fn.aliases where !fo.aliases.contains(alias) && alias != fo.name {
            report(.fieldAliasAdded, "\(subject) is also read as '\(alias)'", at: fn.location)
        }
        for alias in fo.aliases where !fn.aliases.contains(alias) && alias != fn.name {
            report(.fieldAliasRemoved, "\(subject) is no longer read as '\(alias)'", at: fn.location)
            report(.fieldAliasKeyRemoved, "\(subject) lost its alias key '\(alias)'", at: fn.location)
        }
    }


    private mutating func removedField(_ field: Field, owner: String, usage: Set<RecordDirection>) {
        let what = "\(field.isRequired ? "required" : "optional") field '\(field.name)' of \(owner) was removed"
        report(.fieldRemoved, what, at: field.location, side: .old)
        if usage.contains(.output), field.isRequired { report(.outputRequiredFieldRemoved, what, at: field.location, side: .old) }
        if usage.contains(.input) { report(.inputFieldRemoved, what, at: field.location, side: .old) }
    }

    private mutating func addedField(_ field: Field, owner: String, usage: Set<RecordDirection>) {
        if field.isRequired {
            let what = "required field '\(field.name)' was added to \(owner)"
            report(.requiredFieldAdded, what, at: field.location)
            if usage.contains(.input) { report(.inputRequiredFieldAdded, what, at: field.location) }
        } else {
            report(.optionalFieldAdded, "optional field '\(field.name)' was added to \(owner)", at: field.location)
        }
    }

    private mutating func compareField(_ fo: Field, _ fn: Field, owner: String, usage: Set<RecordDirection>) {
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
    private struct GroupRules {
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

    private mutating func compareExactlyOne(_ a: RecordType, _ b: RecordType, fieldMap: [String: String], owner: String) {
        compareGroups(a.exactlyOne, b.exactlyOne, rules: .exactlyOne, fieldMap: fieldMap, owner: owner) { _ in false }
    }

    /// A new at-least-one group costs old clients nothing when an old
    /// exactly-one or at-least-one group of some of its fields already made
    /// them set one.
    private mutating func compareAtLeastOne(_ a: RecordType, _ b: RecordType, fieldMap: [String: String], owner: String) {
        compareGroups(a.atLeastOne, b.atLeastOne, rules: .atLeastOne, fieldMap: fieldMap, owner: owner) { group in
            (a.exactlyOne + a.atLeastOne).contains { old in Set(old.fields.map { fieldMap[$0] ?? $0 }).isSubset(of: group.fields) }
        }
    }

    /// Groups of one kind: each old group is matched with the new group that
    /// shares most of its members (under their new names), then members
    /// gained and lost are reported; an unmatched new group is added unless
    /// `implied` says old clients already meet it.
    private mutating func compareGroups(
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
    private mutating func compareFieldSet(_ a: FieldSet, _ b: FieldSet) {
        let oldNames = Set(a.fields.map(\.name))
        for field in b.fields where !oldNames.contains(field.name) {
            report(.sharedFieldAdded, "field '\(field.name)' was added to shared field set '\(b.name)'", at: field.location)
        }
    }

    // MARK: - Enums and opaque strings

    private mutating func compareEnum(_ a: EnumType, _ b: EnumType, usage: Set<RecordDirection>) {
        let subject = "enum '\(b.name)'"
        if a.isClosed, !b.isClosed { report(.enumOpened, "\(subject) is now open", at: b.location) }
        if !a.isClosed, b.isClosed {
            report(.enumClosed, "\(subject) is now closed", at: b.location)
            if usage.contains(.input) { report(.enumNowClosed, "\(subject) is now closed", at: b.location) }
        }
        let newWires = Set(b.values.map(\.wire))
        let oldWires = Set(a.values.map(\.wire))
        let removed = a.values.filter { !newWires.contains($0.wire) }
        let added = b.values.filter { !oldWires.contains($0.wire) }
        let declared = Self.declaredRenames(removed, added, name: \.wire, renamedFrom: \.annotations.renamedFrom)
        let renames = declared.pairs + Self.pairUp(
            declared.removed, declared.added, keys: [{ ($0.annotations.doc ?? "").isEmpty ? nil : $0.annotations.doc! }]
        ) { $0 }
        let renamedOld = Set(renames.map(\.0.wire))
        let renamedNew = Set(renames.map(\.1.wire))
        for (vo, vn) in renames {
            report(.enumValueRenamed, "value '\(vo.wire)' of \(subject) was renamed '\(vn.wire)'", at: vn.location)
        }
        for value in removed {
            let what = "value '\(value.wire)' of \(subject) was removed"
            if !renamedOld.contains(value.wire) { report(.enumValueRemoved, what, at: value.location, side: .old) }
            // Old clients may still send it; does the new enum still read it?
            if usage.contains(.input), !Self.spellings(of: b).contains(value.wire) {
                report(b.isClosed ? .closedEnumValueRemoved : .openEnumValueRemoved, what, at: value.location, side: .old)
            }
        }
        for value in added {
            let what = "value '\(value.wire)' was added to \(subject)"
            if !renamedNew.contains(value.wire) { report(.enumValueAdded, what, at: value.location) }
            // New servers may send it; does the old enum read it?
            if usage.contains(.output), !Self.spellings(of: a).contains(value.wire) {
                report(a.isClosed ? .closedEnumValueAdded : .openEnumValueAdded, what, at: value.location)
            }
        }
        let oldByWire = Dictionary(a.values.map { ($0.wire, $0) }) { x, _ in x }
        for value in b.values {
            if let before = oldByWire[value.wire], before.annotations.deprecated == nil, let message = value.annotations.deprecated {
                report(.deprecationAdded, "value '\(value.wire)' of \(subject) is now deprecated\(Self.suffix(message))", at: value.location)
            }
        }
    }

    private mutating func compareOpaque(_ a: OpaqueStringType, _ b: OpaqueStringType) {
        let newWires = Set(b.knownValues.map(\.wire))
        for value in a.knownValues where !newWires.contains(value.wire) {
            report(
                .opaqueValueRemoved, "known value '\(value.wire)' of opaque string '\(b.name)' was removed",
                at: value.location, side: .old)
        }
    }

    /// Every spelling an enum decodes to a known case.
    static func spellings(of type: EnumType) -> Set<String> {
        Set(type.values.flatMap { [$0.wire] + type.decodeAliases(of: $0) })
    }

    // MARK: - Unions

    private mutating func compareUnion(_ a: UnionType, _ b: UnionType, usage: Set<RecordDirection>) {
        let subject = "union '\(b.name)'"
        if a.discriminator != b.discriminator {
            report(
                .unionDiscriminatorChanged,
                "discriminator of \(subject) changed from '\(a.discriminator)' to '\(b.discriminator)'", at: b.location)
        }
        if a.unknownTag != b.unknownTag {
            report(
                .unionUnknownPolicyChanged,
                "\(subject) changed from 'unknown: \(a.unknownTag.rawValue)' to 'unknown: \(b.unknownTag.rawValue)'", at: b.location)
        }
        let newTags = Set(b.members.map(\.tag))
        let oldTags = Set(a.members.map(\.tag))
        let removed = a.members.filter { !newTags.contains($0.tag) }
        let added = b.members.filter { !oldTags.contains($0.tag) }
        let renames = Self.pairUp(removed, added, keys: [{ $0.typeName }]) { $0 }
            .filter { (typeMap[$0.0.typeName] ?? $0.0.typeName) == $0.1.typeName }
        let renamedOld = Set(renames.map(\.0.tag))
        let renamedNew = Set(renames.map(\.1.tag))
        for (mo, mn) in renames {
            let what = "member '\(mn.typeName)' of \(subject) changed tag from '\(mo.tag)' to '\(mn.tag)'"
            report(.unionTagChanged, what, at: mn.location)
            if SwiftNames.lowerCamel(mo.tag) != SwiftNames.lowerCamel(mn.tag) { report(.unionMemberRenamed, what, at: mn.location) }
        }
        let oldByTag = Dictionary(a.members.map { ($0.tag, $0) }) { x, _ in x }
        for member in b.members {
            if let before = oldByTag[member.tag], (typeMap[before.typeName] ?? before.typeName) != member.typeName {
                let what = "tag '\(member.tag)' of \(subject) now selects '\(member.typeName)' instead of '\(before.typeName)'"
                report(.unionMemberTypeChanged, what, at: member.location)
                report(.unionMemberWireTypeChanged, what, at: member.location)
            }
        }
        for member in removed where !renamedOld.contains(member.tag) {
            let what = "member '\(member.tag)' (\(member.typeName)) of \(subject) was removed"
            report(.unionMemberRemoved, what, at: member.location, side: .old)
            if usage.contains(.input) {
                report(b.unknownTag == .fail ? .closedUnionMemberRemoved : .openUnionMemberRemoved, what, at: member.location, side: .old)
            }
        }
        for member in added where !renamedNew.contains(member.tag) {
            let what = "member '\(member.tag)' (\(member.typeName)) was added to \(subject)"
            report(.unionMemberAdded, what, at: member.location)
            if usage.contains(.output) {
                report(a.unknownTag == .fail ? .closedUnionMemberAdded : .openUnionMemberAdded, what, at: member.location)
            }
        }
    }

    // MARK: - Wire readability

    /// The old type expression with renamed types written under their new names.
    private func mapped(_ type: TypeRef) -> TypeRef {
        switch type {
        case .scalar: type
        case let .named(name): .named(typeMap[name] ?? name)
        case let .list(element): .list(mapped(element))
        case let .map(value): .map(mapped(value))
        }
    }

    /// Whether every value a writer of `writer` produces decodes as `reader`.
    /// `readerIsOld` tells which spec each side's names belong to.
    private func accepts(reader: TypeRef, readerIsOld: Bool, writer: TypeRef) -> Bool {
        let readerSpec = readerIsOld ? old : new
        let writerSpec = readerIsOld ? new : old
        switch (reader, writer) {
        case let (.scalar(r), .scalar(w)):
            if r == w { return true }
            let numbers: Set<Scalar> = [.int, .double, .timestamp]
            return (r == .double || r == .timestamp) && numbers.contains(w)
        case let (.list(r), .list(w)), let (.map(r), .map(w)):
            return accepts(reader: r, readerIsOld: readerIsOld, writer: w)
        case let (.named(r), .named(w)):
            let same = readerIsOld ? typeMap[r] == w : typeMap[w] == r
            if same { return true }
            guard let readerType = readerSpec[r], let writerType = writerSpec[w] else { return false }
            return stringTypeAccepts(reader: readerType, writer: writerType)
        case let (.named(r), .scalar(.string)):
            guard let readerType = readerSpec[r] else { return false }
            return Self.acceptsAnyString(readerType)
        case let (.scalar(.string), .named(w)):
            guard let writerType = writerSpec[w] else { return false }
            return Self.isStringLike(writerType)
        default:
            return false
        }
    }

    /// String-valued types read each other when the reader takes any string,
    /// or when a closed reader lists every value a closed writer can send.
    private func stringTypeAccepts(reader: NamedType, writer: NamedType) -> Bool {
        guard Self.isStringLike(reader), Self.isStringLike(writer) else { return false }
        if Self.acceptsAnyString(reader) { return true }
        guard case let .enumeration(r) = reader, case let .enumeration(w) = writer, w.isClosed else { return false }
        return Set(w.values.map(\.wire)).isSubset(of: Self.spellings(of: r))
    }

    static func isStringLike(_ type: NamedType) -> Bool {
        switch type {
        case .enumeration, .opaqueString: true
        default: false
        }
    }

    static func acceptsAnyString(_ type: NamedType) -> Bool {
        switch type {
        case .opaqueString: true
        case let .enumeration(e): !e.isClosed
        default: false
        }
    }

    /// Same JSON either way: equal after renames, or Timestamp against Double
    /// (both a JSON number read as a Double).
    private func sameWireForm(_ a: TypeRef, _ b: TypeRef) -> Bool {
        switch (mapped(a), b) {
        case let (x, y) where x == y: return true
        case let (.scalar(x), .scalar(y)): return Set([x, y]).isSubset(of: [.double, .timestamp])
        case let (.list(x), .list(y)), let (.map(x), .map(y)): return sameWireForm(x, y)
        default: return false
        }
    }

    // MARK: - Usage

    private func usage(old oldName: String, new newName: String) -> Set<RecordDirection> {
        (oldUsage[oldName] ?? []).union(newUsage[newName] ?? [])
    }

    /// Which readers see each type on the wire: `.output` when it is, or is
    /// reachable from, an output record (old apps read it); `.input` when it
    /// is, or is reachable from, an input record (new servers read it).
    /// Unions no record refers to are results (outputs); enums and opaque
    /// strings no record refers to may travel either way. An operation's
    /// arguments count as an input record and its result or payload as an
    /// output one (`operationRecords`).
    static func usage(in spec: Spec) -> [String: Set<RecordDirection>] {
        let types = spec.types + operationRecords(in: spec)
        var references: [String: [String]] = [:]
        var referenced: Set<String> = []
        for type in types {
            let names: [String]
            switch type {
            case let .record(r): names = r.fields.compactMap(\.type.namedLeaf) + r.includes
            case let .fieldSet(s): names = s.fields.compactMap(\.type.namedLeaf)
            case let .union(u): names = u.members.map(\.typeName)
            case let .alias(a): names = [a.target]
            case .enumeration, .opaqueString: names = []
            }
            references[type.name] = names
            referenced.formUnion(names)
        }
        var result: [String: Set<RecordDirection>] = [:]
        for type in types {
            switch type {
            case let .record(r): result[r.name] = [r.direction]
            // An input: callers send its target's JSON.
            case .alias: result[type.name] = [.input]
            case .union where !referenced.contains(type.name): result[type.name] = [.output]
            case .enumeration where !referenced.contains(type.name), .opaqueString where !referenced.contains(type.name):
                result[type.name] = [.output, .input]
            default: break
            }
        }
        var changed = true
        while changed {
            changed = false
            for type in types {
                guard let context = result[type.name] else { continue }
                for name in references[type.name] ?? [] where !(result[name] ?? []).isSuperset(of: context) {
                    result[name, default: []].formUnion(context)
                    changed = true
                }
            }
        }
        return result
    }

    // MARK: - Helpers

    mutating func report(
        _ id: CompatibilityRule.ID, _ message: String, at location: SourceLocation?, side: CompatibilityFinding.Side = .new
    ) {
        findings.append(CompatibilityFinding(rule: CompatibilityRules.rule(id), message: message, location: location, side: side))
    }

    /// The renames the new spec declares: each added element whose
    /// `renamedFrom` is the name of a removed one is paired with it; the
    /// elements left are returned for guessing.
    static func declaredRenames<T>(
        _ removed: [T], _ added: [T], name: (T) -> String, renamedFrom: (T) -> String?
    ) -> (pairs: [(T, T)], removed: [T], added: [T]) {
        var byName: [String: Int] = [:]
        for (index, element) in removed.enumerated() where byName[name(element)] == nil { byName[name(element)] = index }
        var pairs: [(T, T)] = []
        var taken: Set<Int> = []
        var left: [T] = []
        for element in added {
            if let old = renamedFrom(element), let index = byName[old], taken.insert(index).inserted {
                pairs.append((removed[index], element))
            } else {
                left.append(element)
            }
        }
        let leftRemoved = removed.indices.filter { !taken.contains($0) }.map { removed[$0] }
        return (pairs, leftRemoved, left)
    }

    /// Pairs removed and added elements that one of `keys` (tried in order)
    /// matches one to one; `eligible` filters candidates first.
    static func pairUp<T>(_ removed: [T], _ added: [T], keys: [(T) -> String?], eligible: (T) -> T?) -> [(T, T)] {
        var result: [(T, T)] = []
        var olds = removed.compactMap(eligible).enumerated().map { ($0.offset, $0.element) }
        var news = added.compactMap(eligible).enumerated().map { ($0.offset, $0.element) }
        for key in keys {
            var oldByKey: [String: [(Int, T)]] = [:]
            var newByKey: [String: [(Int, T)]] = [:]
            for item in olds { if let k = key(item.1) { oldByKey[k, default: []].append(item) } }
            for item in news { if let k = key(item.1) { newByKey[k, default: []].append(item) } }
            var pairedOld: Set<Int> = []
            var pairedNew: Set<Int> = []
            for (k, candidates) in oldByKey.sorted(by: { $0.key < $1.key }) {
                guard candidates.count == 1, let partners = newByKey[k], partners.count == 1 else { continue }
                result.append((candidates[0].1, partners[0].1))
                pairedOld.insert(candidates[0].0)
                pairedNew.insert(partners[0].0)
            }
            olds.removeAll { pairedOld.contains($0.0) }
            news.removeAll { pairedNew.contains($0.0) }
        }
        return result
    }

    private static func kindKey(_ type: NamedType) -> String { type.sectionName }

    private func kindWord(_ type: NamedType) -> String {
        switch type {
        case .enumeration: "enum"
        case .opaqueString: "opaque string"
        case let .record(r): r.direction == .input ? "input" : "record"
        case .fieldSet: "shared field set"
        case .union: "union"
        case .alias: "alias"
        }
    }

    private static func suffix(_ message: String) -> String { message.isEmpty ? "" : ": \(message)" }

    private static func list(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func describe(_ value: DefaultValue?) -> String {
        guard let value else { return "none" }
        switch value {
        case let .bool(b): return b ? "true" : "false"
        case let .int(i): return String(i)
        case let .double(d): return number(d)
        case let .string(s): return "'\(s)'"
        case let .enumValue(v): return "'\(v)'"
        case let .list(items): return "[" + items.map { describe($0) }.joined(separator: ", ") + "]"
        }
    }
}
