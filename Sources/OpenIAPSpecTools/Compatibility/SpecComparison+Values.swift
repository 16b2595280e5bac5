/// How `SpecComparison` judges enums, opaque strings and unions: values
/// and members added, removed and renamed, and enums opened or closed.

import OpenIAPSpec
import OpenIAPCodegen

extension SpecComparison {
    // MARK: - Enums and opaque strings

    mutating func compareEnum(_ a: EnumType, _ b: EnumType, usage: Set<RecordDirection>) {
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

    mutating func compareOpaque(_ a: OpaqueStringType, _ b: OpaqueStringType) {
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

    mutating func compareUnion(_ a: UnionType, _ b: UnionType, usage: Set<RecordDirection>) {
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
}
