import OpenIAPSpec

/// Which types have something to validate, worked out once for every
/// target that emits validation (Swift's `validate()`, Kotlin's): records
/// with constraints, exactly-one or at-least-one groups, and every record,
/// union and alias that contains one of them, found outwards through who
/// contains whom, so long chains of types cost linear time.
enum ValidatingTypes {
    static func names(in spec: Spec) -> Set<String> {
        var containers: [String: [String]] = [:]
        var pending: [String] = []
        for type in spec.types {
            switch type {
            case let .record(r):
                if !r.exactlyOne.isEmpty || !r.atLeastOne.isEmpty || r.fields.contains(where: { !$0.constraints.isEmpty }) {
                    pending.append(r.name)
                }
                // By position, so that only the type is copied out of each field.
                for index in r.fields.indices {
                    if let leaf = r.fields[index].type.namedLeaf { containers[leaf, default: []].append(r.name) }
                }
            case let .union(u):
                for member in u.members { containers[member.typeName, default: []].append(u.name) }
            case let .alias(a):
                // The same type: it validates when its target does.
                containers[a.target, default: []].append(a.name)
            default:
                break
            }
        }
        var result: Set<String> = []
        while let name = pending.popLast() {
            if result.insert(name).inserted { pending.append(contentsOf: containers[name] ?? []) }
        }
        return result
    }
}
