import OpenIAPSpec

/// Which types have something to validate, worked out once for every
/// target that emits validation (Swift's `validate()`, Kotlin's): records
/// with constraints, exactly-one or at-least-one groups, and every record,
/// union and alias that contains one of them, found outwards through who
/// holds whom (`TypeHolders`), so long chains of types cost linear time.
enum ValidatingTypes {
    static func names(in spec: Spec) -> Set<String> {
        let types = spec.types
        // The table of holders is the spec's (TypeScript's check has
        // usually made it already): building a table of containers by name
        // here, a hash per field, cost 5 million instructions at 1,000
        // types.
        let holders = TypeHolders.of(spec)
        var reached = [Bool](repeating: false, count: types.count)
        var pending: [Int] = []
        for position in types.indices {
            guard case let .record(r) = types[position],
                !r.exactlyOne.isEmpty || !r.atLeastOne.isEmpty || r.fields.contains(where: { !$0.constraints.isEmpty })
            else { continue }
            let first = spec.firstPosition(ofNameAt: position)
            if !reached[first] {
                reached[first] = true
                pending.append(first)
            }
        }
        var result: Set<String> = []
        while let position = pending.popLast() {
            result.insert(types[position].name)
            for holder in holders[position] where !reached[Int(holder)] {
                // A shared field set validates nothing itself: its fields
                // are also the fields of the records that include it.
                if case .fieldSet = types[Int(holder)] { continue }
                reached[Int(holder)] = true
                pending.append(Int(holder))
            }
        }
        return result
    }
}
