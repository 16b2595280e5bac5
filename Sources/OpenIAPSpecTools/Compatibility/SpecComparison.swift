import OpenIAPSpec
import OpenIAPCodegen

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
    var typeMap: [String: String] = [:]
    let oldUsage: [String: Set<RecordDirection>]
    let newUsage: [String: Set<RecordDirection>]

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

    mutating func compareType(_ o: NamedType, _ n: NamedType) {
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
    mutating func compareAlias(_ a: TypeAlias, _ b: TypeAlias, usage: Set<RecordDirection>) {
        guard typeMap[a.target] != b.target else { return }
        let what = "alias '\(b.name)' now stands for '\(b.target)' instead of '\(a.target)'"
        report(.aliasTargetChanged, what, at: b.targetLocation)
        let readable =
            (!usage.contains(.output) || accepts(reader: .named(a.target), readerIsOld: true, writer: .named(b.target)))
            && (!usage.contains(.input) || accepts(reader: .named(b.target), readerIsOld: false, writer: .named(a.target)))
        if !readable { report(.aliasWireTargetChanged, what, at: b.targetLocation) }
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

    static func kindKey(_ type: NamedType) -> String { type.sectionName }

    func kindWord(_ type: NamedType) -> String {
        switch type {
        case .enumeration: "enum"
        case .opaqueString: "opaque string"
        case let .record(r): r.direction == .input ? "input" : "record"
        case .fieldSet: "shared field set"
        case .union: "union"
        case .alias: "alias"
        }
    }

    static func suffix(_ message: String) -> String { message.isEmpty ? "" : ": \(message)" }

    static func list(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

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
