/// Records that can never be built: their required fields lead back to
/// themselves (without passing a list, a map or an optional field), so no
/// finite value has them all. A union is buildable when one of its members
/// is (or when it keeps unknown payloads), an alias when its target is.
///
/// Worked forward from what is buildable without any record, through the
/// types that depend on each newly buildable one, so the cost stays linear
/// in the size of the spec, however long its chains are. The validator
/// reports these records; a target that refuses other cycles of records
/// leaves them out, as they are reported already.
public struct RequiredCycles: Sendable {
    /// The spec the search ran on; names resolve through it.
    private let spec: Spec
    /// Per position in `spec.types` (a name's first declaration, as
    /// `spec[name]` finds it), whether a finite value of the type exists.
    private let satisfiable: [Bool]

    public init(_ spec: Spec) {
        self.init(spec) { spec.position(of: $0) }
    }

    /// The search over `spec`, where `lookUp(name)` is `spec.position(of:
    /// name)`: the validator finds names by their bytes, at a fraction of
    /// the cost of the spec's dictionary.
    init(_ spec: Spec, lookUp: (String) -> Int?) {
        // Kept by position in `spec.types` (a name's first declaration, as
        // `spec[name]` finds it) rather than in dictionaries keyed by name.
        let typeCount = spec.types.count
        var satisfiable = [Bool](repeating: false, count: typeCount)
        var ready: [Int] = []
        /// Per record, how many of its required fields still wait for their type.
        var waiting = [Int?](repeating: nil, count: typeCount)
        /// Who waits for a type: records (once per required field) and
        /// unions, as (type, dependent) pairs, grouped by type below. One flat
        /// list instead of a list per type: most types have no dependents,
        /// and the lists' allocations and reference counts cost more than
        /// the search.
        var waits: [(type: Int, dependent: Int)] = []
        for (position, type) in spec.types.enumerated() {
            let me = spec.firstPosition(ofNameAt: position)
            switch type {
            case .enumeration, .opaqueString, .fieldSet:
                ready.append(me)
            case let .alias(a):
                // As a union of one member: buildable when its target is.
                if let target = lookUp(a.target) { waits.append((target, me)) } else { ready.append(me) }
            case let .union(u):
                let members = u.members.map { lookUp( $0.typeName) }
                if u.unknownTag == .keep || members.contains(nil) {
                    ready.append(me)
                } else {
                    for case let member? in members { waits.append((member, me)) }
                }
            case let .record(r):
                var required = 0
                for index in r.fields.indices where r.fields[index].isRequired {
                    guard case let .named(name) = r.fields[index].type, let target = lookUp( name) else { continue }
                    required += 1
                    waits.append((target, me))
                }
                if required == 0 { ready.append(me) } else { waiting[me] = required }
            }
        }
        // The dependents of type `t` are `dependents[start[t]..<start[t + 1]]`,
        // in the order they were found.
        var start = [Int](repeating: 0, count: typeCount + 1)
        for wait in waits { start[wait.type + 1] += 1 }
        for index in 0..<typeCount { start[index + 1] += start[index] }
        var dependents = [Int](repeating: 0, count: waits.count)
        var next = start
        for wait in waits {
            dependents[next[wait.type]] = wait.dependent
            next[wait.type] += 1
        }
        while let type = ready.popLast() {
            guard !satisfiable[type] else { continue }
            satisfiable[type] = true
            for dependent in dependents[start[type]..<start[type + 1]] where !satisfiable[dependent] {
                if let count = waiting[dependent] {
                    waiting[dependent] = count - 1
                    if count == 1 { ready.append(dependent) }
                } else {
                    // A union needs one satisfiable member.
                    ready.append(dependent)
                }
            }
        }
        self.spec = spec
        self.satisfiable = satisfiable
    }

    /// The records that can never be built, in `spec.types` order.
    public var unbuildableRecords: [RecordType] {
        var result: [RecordType] = []
        for (position, type) in spec.types.enumerated() {
            guard case let .record(record) = type, !satisfiable[spec.firstPosition(ofNameAt: position)] else { continue }
            result.append(record)
        }
        return result
    }

    /// The names of `unbuildableRecords`.
    public var unbuildable: Set<String> {
        Set(unbuildableRecords.map(\.name))
    }

    /// The required fields that lead from the record `start` back round, as
    /// `A.b → B, B.a → A` (a long cycle by its first steps).
    public func cyclePath(from start: String) -> String {
        var path = [start]
        var current = start
        var visited: Set<String> = [start]
        while let record = spec.record(current),
              let next = record.fields.first(where: {
                  if $0.isRequired, case let .named(n) = $0.type, !(spec.position(of: n).map { satisfiable[$0] } ?? false) { return true }
                  return false
              }),
              case let .named(name) = next.type
        {
            // A long cycle is shown by its first steps.
            if path.count > 8 {
                path.append("…")
                break
            }
            path.append("\(current).\(next.name) → \(name)")
            if !visited.insert(name).inserted { break }
            current = name
        }
        return path.dropFirst().joined(separator: ", ")
    }
}
