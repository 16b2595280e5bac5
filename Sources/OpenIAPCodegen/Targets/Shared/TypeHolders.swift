import OpenIAPSpec

/// Per type (by position in `spec.types`): the positions of the types that
/// hold it, by a field (through lists and maps too), a union member, an
/// alias or an included set. Worked out once per spec (`Spec.remembered`):
/// TypeScript's check asks for it when the spec loads, and TypeScript's
/// render (which types need a JSON twin) and `ValidatingTypes` (Swift's
/// and Kotlin's `validate()`) read it again.
///
/// All the holders are in one list, each type's a run of it (`starts`):
/// a list per type was an allocation per type that anything holds, made
/// while the spec loads and freed with the spec at the end of the run.
struct TypeHolders: Sendable {
    /// The holders of every type, those of the type at position `p` from
    /// `starts[p]` up to `starts[p + 1]`.
    private var holders: [Int32]
    /// Where each type's holders start in `holders`, and then its count.
    private var starts: [Int32]

    /// The number of types.
    var count: Int { starts.count - 1 }

    /// The positions of the types that hold the type at `position`.
    subscript(position: Int) -> ArraySlice<Int32> {
        holders[Int(starts[position])..<Int(starts[position + 1])]
    }

    static func of(_ spec: Spec) -> TypeHolders {
        spec.remembered(TypeHolders.self) { TypeHolders($0) }
    }

    /// By position rather than a table from name to names: a field's type
    /// is looked up once (`Spec.position(of:)`) and nothing else is hashed,
    /// and no name is retained for each entry.
    private init(_ spec: Spec) {
        let types = spec.types
        // Each (held, holder) pair, in the order of the types and their
        // fields, then counted and placed by held type.
        var pairs: [(held: Int32, holder: Int32)] = []
        pairs.reserveCapacity(types.count * 4)
        for position in types.indices {
            // A repeated name stands for its first declaration, as a name
            // looked up does.
            let holder = Int32(truncatingIfNeeded: spec.firstPosition(ofNameAt: position))
            func add(_ held: String?) {
                if let held, let heldPosition = spec.position(of: held) {
                    pairs.append((Int32(truncatingIfNeeded: heldPosition), holder))
                }
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
        var starts = [Int32](repeating: 0, count: types.count + 1)
        for pair in pairs { starts[Int(pair.held) + 1] += 1 }
        for position in types.indices { starts[position + 1] += starts[position] }
        // Each pair goes to the next free place of its held type's run,
        // which keeps the holders of a type in the order they were found.
        var next = starts
        var holders = [Int32](repeating: 0, count: pairs.count)
        for pair in pairs {
            holders[Int(next[Int(pair.held)])] = pair.holder
            next[Int(pair.held)] += 1
        }
        self.holders = holders
        self.starts = starts
    }
}
