// A fact the spec implies but never writes: a record that a union lists
// under one tag always carries that tag in the union's discriminator field.
// `ProductIOS` is the `ios` member of `Product`, so its `platform` is always
// `ios`; `Product` is the `in-app` member of `ProductOrSubscription`, so a
// `ProductIOS` read through it has `type` `in-app`. Languages that build
// records by hand can default such a field to its one value, as upstream's
// generators do (`ProductIOS(…, platform: .ios, type: .inApp)` may leave both
// out). Worked out here, once, for every target.

extension Spec {
    /// For each record that some union reaches, the discriminator fields
    /// whose value is fixed: record name -> field name -> wire value. A field
    /// is listed only when every union that reaches the record through that
    /// discriminator gives it the same tag; a record listed under two tags of
    /// one discriminator (Google, Horizon and Amazon purchases are all
    /// `PurchaseAndroid`) has no fixed value for it.
    ///
    /// Worked out once per spec (`remembered`): several targets' renders
    /// ask for it.
    public var impliedTagValues: [String: [String: String]] {
        remembered(ImpliedTagValues.self) { ImpliedTagValues(byRecord: $0.workOutImpliedTagValues()) }.byRecord
    }

    /// The key and value of `impliedTagValues` in `remembered`.
    private struct ImpliedTagValues: Sendable {
        var byRecord: [String: [String: String]]
    }

    private func workOutImpliedTagValues() -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for (record, fields) in unionTagValues {
            for (field, tags) in fields where tags.count == 1 {
                // Only a field the record really has, required (as every
                // discriminator is), can be defaulted to its tag.
                guard self.record(record)?.field(field) != nil else { continue }
                result[record, default: [:]][field] = tags[0]
            }
        }
        return result
    }

    /// For each record that some union reaches, every tag it can be read
    /// under, by discriminator field: record name -> field name -> the wire
    /// values, in the order first met (unions in spec order, members in the
    /// order written). `PurchaseAndroid` -> `store` -> google, horizon,
    /// amazon. A language that types the discriminator of a member by the
    /// values it can have (TypeScript's literal types) reads it here; the
    /// field may be missing from the record (the validator reports that).
    public var unionTagValues: [String: [String: [String]]] {
        var seen: [String: [String: [String]]] = [:]
        let flattened = flattenedMemberNames()
        for union in unions {
            for member in union.members {
                for record in recordsReached(from: member.typeName, flattened) {
                    var tags = seen[record, default: [:]][union.discriminator, default: []]
                    if !tags.contains(member.tag) { tags.append(member.tag) }
                    seen[record, default: [:]][union.discriminator] = tags
                }
            }
        }
        return seen
    }

    /// The records a union member stands for: the record itself, or every
    /// record a member union resolves to (each once).
    private func recordsReached(from typeName: String, _ flattened: [String: [String]]) -> [String] {
        switch self[typeName] {
        case .record?: return [typeName]
        case .union?: return flattened[typeName] ?? []
        default: return []
        }
    }
}
