import OpenIAPSpec

/// Per type (by position in `spec.types`): the positions of the types that
/// hold it, by a field (through lists and maps too), a union member, an
/// alias or an included set. Worked out once per spec (`Spec.remembered`):
/// TypeScript's check asks for it when the spec loads, and TypeScript's
/// render (which types need a JSON twin) and `ValidatingTypes` (Swift's
/// and Kotlin's `validate()`) read it again.
struct TypeHolders: Sendable {
    var byPosition: [[Int32]]

    static func of(_ spec: Spec) -> TypeHolders {
        spec.remembered(TypeHolders.self) { TypeHolders(byPosition: holders($0)) }
    }

    /// By position rather than a table from name to names: a field's type
    /// is looked up once (`Spec.position(of:)`) and nothing else is hashed,
    /// and no name is retained for each entry.
    private static func holders(_ spec: Spec) -> [[Int32]] {
        let types = spec.types
        var holders = [[Int32]](repeating: [], count: types.count)
        for position in types.indices {
            // A repeated name stands for its first declaration, as a name
            // looked up does.
            let holder = Int32(truncatingIfNeeded: spec.firstPosition(ofNameAt: position))
            func add(_ held: String?) {
                if let held, let heldPosition = spec.position(of: held) { holders[heldPosition].append(holder) }
            }
            switch types[position] {
            // By position, so that only the type is copied out of each field.
            case let .record(record):
                for index in record.fields.indices { add(record.fields[index].type.namedLeaf) }
                for set in record.includes { add(set) }
            case let .fieldSet(set):
                for index in set.fields.indices { add(set.fields[index].type.namedLeaf) }
            case let .union(union):
                for member in union.members { add(member.typeName) }
            case let .alias(alias):
                add(alias.target)
            case .enumeration, .opaqueString:
                break
            }
        }
        return holders
    }
}
