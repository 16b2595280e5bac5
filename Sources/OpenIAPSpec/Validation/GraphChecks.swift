/// The checks of the spec as a graph of types: what no finite value
/// satisfies, and what a reader could go round in without end.
extension SpecValidator {
    /// A record whose required fields lead back to itself (without passing a
    /// list, a map or an optional field) has no finite value
    /// (`RequiredCycles`).
    mutating func checkRequiredCycles() {
        let types = self.types
        let cycles = RequiredCycles(spec) { types.position(of: $0) }
        for record in cycles.unbuildableRecords {
            diagnostics.error(
                "record '\(record.name)' can never be built: its required fields form a cycle (\(cycles.cyclePath(from: record.name))); make one of them optional or a list",
                at: record.location)
        }
    }

    /// Unions that contain themselves through member unions alone (see
    /// `Containment`): a reader looking for the record a payload is could
    /// go from one union to the next without end. Cycles that pass a record
    /// are a matter for the targets: a language that stores records inline
    /// refuses some of them itself.
    mutating func checkUnionCycles() {
        // Made here, with the validator's faster look-up, unless a target's
        // check has asked for it first; kept for the Swift target's check
        // and render (`Spec.containment`).
        let types = self.types
        let containment = spec.remembered(Containment.self) { Containment($0) { types.position(of: $0) } }
        // Most specs have no such cycle; then the list of unions (a copy of
        // every one) is not made to be gone through for nothing.
        guard !containment.unionCycles.isEmpty else { return }
        for union in spec.unions where containment.unionCycles.contains(union.name) {
            // A union that names itself has an error of its own.
            if union.members.contains(where: { $0.typeName == union.name }) { continue }
            let path = containment.cycle(from: union.name, in: spec) { containment.unionCycles.contains($0) }
            diagnostics.error(
                "union '\(union.name)' contains itself through member unions (\(path)); a decoder could go round without end",
                at: union.location)
        }
    }
}
