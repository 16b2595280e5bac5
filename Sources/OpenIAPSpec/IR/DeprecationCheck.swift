/// Checks the map form of `deprecated:` against the whole spec: a
/// replacement names an element that exists, is not deprecated itself nor
/// a member of a deprecated type or operation, and
/// following replacements never comes back where it started; `removeIn`
/// comes after the version that deprecated the element (`since` of the
/// deprecation, else of the element).
///
/// An element of a shared field set shows up in every record that
/// includes it; each problem is reported once, where it is written.
enum DeprecationCheck {
    static func check(_ spec: Spec, into diagnostics: inout Diagnostics) {
        // Most specs write no map: a look at the annotations spares listing every element.
        guard usesDeprecationMaps(spec) else { return }
        let elements = spec.elements
        var byID: [String: Int] = [:]
        for (position, element) in elements.enumerated() where byID[element.id] == nil { byID[element.id] = position }
        var reported: Set<String> = []
        func report(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
            guard reported.insert("\(location?.description ?? "")\u{0}\(message)").inserted else { return }
            diagnostics.error(message, at: location, notes: notes)
        }
        for element in elements {
            guard let deprecation = element.annotations.deprecation else { continue }
            checkSchedule(element, deprecation, report)
            guard let replacement = deprecation.replacement else { continue }
            let at = deprecation.replacementLocation ?? deprecation.location
            guard let target = byID[replacement] else {
                let hint = Suggestions.didYouMean(replacement, in: elements.map(\.id))
                report("replacement '\(replacement)' of \(element.described) names no type, field, value, operation or argument of the spec\(hint)", at: at)
                continue
            }
            if replacement == element.id {
                report("\(element.described) names itself as its replacement", at: at)
                continue
            }
            if let cycle = cycle(from: element.id, elements, byID) {
                // Once per cycle, at the link written first.
                let first = cycle.compactMap { byID[$0].map { elements[$0] } }.min { $0.location < $1.location }
                if first?.id == element.id {
                    report("replacements of deprecated elements form a cycle: \((cycle + [element.id]).joined(separator: " -> "))", at: at)
                }
            } else if elements[target].annotations.deprecated != nil {
                let further = elements[target].annotations.deprecation?.replacement.map { "; name what replaces it ('\($0)')" } ?? ""
                report(
                    "replacement '\(replacement)' of \(element.described) is deprecated itself\(further)", at: at,
                    notes: [.note("\(elements[target].described) is deprecated here", at: elements[target].location)])
            } else if let owner = elements[target].owner.flatMap({ byID[$0] }), elements[owner].annotations.deprecated != nil {
                // Using it would warn all the same: a field of a deprecated
                // type, an argument of a deprecated operation.
                report(
                    "replacement '\(replacement)' of \(element.described) belongs to \(elements[owner].described), which is deprecated itself",
                    at: at, notes: [.note("\(elements[owner].described) is deprecated here", at: elements[owner].location)])
            }
        }
    }

    private static func usesDeprecationMaps(_ spec: Spec) -> Bool {
        // Each type's annotations are read where they are: `NamedType.annotations`
        // would copy them out, every string and the deprecation with them;
        // and each deprecation is only looked at (`hasDeprecationMap`).
        for type in spec.types {
            switch type {
            case let .record(r):
                if r.annotations.hasDeprecationMap || r.fields.contains(where: { $0.annotations.hasDeprecationMap }) { return true }
            case let .fieldSet(s):
                if s.annotations.hasDeprecationMap || s.fields.contains(where: { $0.annotations.hasDeprecationMap }) { return true }
            case let .enumeration(e):
                if e.annotations.hasDeprecationMap || e.values.contains(where: { $0.annotations.hasDeprecationMap }) { return true }
            case let .opaqueString(s):
                if s.annotations.hasDeprecationMap || s.knownValues.contains(where: { $0.annotations.hasDeprecationMap }) { return true }
            case let .union(u): if u.annotations.hasDeprecationMap { return true }
            case let .alias(a): if a.annotations.hasDeprecationMap { return true }
            }
        }
        return spec.operations.contains { $0.annotations.hasDeprecationMap || $0.arguments.contains { $0.annotations.hasDeprecationMap } }
    }

    /// The ids met following replacements from `id` when they lead back to
    /// `id` (starting with `id`), nil when they end or loop elsewhere.
    private static func cycle(from id: String, _ elements: [SpecElement], _ byID: [String: Int]) -> [String]? {
        var path = [id]
        var current = id
        while let position = byID[current], let next = elements[position].annotations.deprecation?.replacement {
            if next == id { return path }
            guard !path.contains(next) else { return nil }
            path.append(next)
            current = next
        }
        return nil
    }

    private static func checkSchedule(
        _ element: SpecElement, _ deprecation: Deprecation, _ report: (String, SourceLocation?, [Diagnostic]) -> Void
    ) {
        guard let removeIn = deprecation.removeIn else { return }
        let at = deprecation.removeInLocation ?? deprecation.location
        if let since = deprecation.since ?? element.annotations.since, SpecVersion.precedes(since, removeIn) == false {
            let which = deprecation.since != nil ? "deprecated in" : "introduced in"
            report("'removeIn' \(removeIn) of \(element.described) must be later than the version it was \(which), \(since)", at, [])
        }
    }
}

extension Annotations {
    /// Whether `deprecation` is set. Asked without copying the deprecation
    /// out, which `deprecation != nil` did (its strings and all) for every
    /// element of the spec, though nearly all have none.
    fileprivate var hasDeprecationMap: Bool {
        if case .some = deprecation { return true }
        return false
    }
}
