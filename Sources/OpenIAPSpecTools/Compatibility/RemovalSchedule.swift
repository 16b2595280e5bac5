/// Removals measured against the schedule the old spec announced: an
/// element whose deprecation says `removeIn: X` may go in release X or
/// later. Removing it sooner is an error of its own
/// (`REMOVED_BEFORE_SCHEDULE`); removing it on time is noted
/// (`REMOVED_ON_SCHEDULE`) next to the findings the removal triggers as
/// any removal does, which stand: clients built before it still break, and
/// the note tells the reader that the break was announced, so a major
/// release may carry it. An element removed without a schedule is judged
/// as before, by those findings alone.

import OpenIAPSpec
import OpenIAPCodegen

extension SpecComparison {
    mutating func checkRemovalSchedule() {
        let renamedOld = renamedOldIDs()
        var seen: Set<SourceLocation> = []
        for element in old.elements {
            guard let removeIn = element.annotations.deprecation?.removeIn else { continue }
            // A field a record includes from a shared set is reported once,
            // where it is written, like the set's own field.
            guard seen.insert(element.location).inserted else { continue }
            guard isRemoved(element, renamedOld: renamedOld) else { continue }
            let released = new.version
            if SpecVersion.precedes(released, removeIn) == true {
                report(
                    .removedBeforeSchedule,
                    "\(element.described) was removed in \(released), before \(removeIn), the release its deprecation announced",
                    at: element.annotations.deprecation?.removeInLocation ?? element.location, side: .old)
            } else {
                report(
                    .removedOnSchedule,
                    "\(element.described) was removed in \(released), as its deprecation announced (removeIn \(removeIn))",
                    at: element.annotations.deprecation?.removeInLocation ?? element.location, side: .old)
            }
        }
    }

    /// Whether `element` of the old spec is gone from the new one: neither
    /// it nor its owner under its new name has it, and no element of the new
    /// spec says it was `renamedFrom` it. A member whose owner went away
    /// counts as removed when the owner does not: then the owner's own
    /// schedule, if any, is what applies, and a member without one says nothing.
    private func isRemoved(_ element: SpecElement, renamedOld: Set<String>) -> Bool {
        guard !renamedOld.contains(element.id) else { return false }
        guard let owner = element.owner else {
            return new.element(element.id) == nil && (element.kind == .operation || new[element.id] == nil)
        }
        if old[owner] != nil {
            // A type: follow a rename of the type.
            let newOwner = new[owner] != nil ? owner : new.types.first { $0.annotations.renamedFrom == owner }?.name
            guard let newOwner else { return false }
            return new.element("\(newOwner).\(element.name)") == nil
        }
        guard new.operation(owner) != nil else { return false }
        return new.element(element.id) == nil
    }

    /// The ids of old elements that an element of the new spec says it was
    /// `renamedFrom`: renamed, not removed.
    private func renamedOldIDs() -> Set<String> {
        var result: Set<String> = []
        for element in new.elements {
            guard let from = element.annotations.renamedFrom else { continue }
            if let owner = element.owner {
                let oldOwner = new[owner]?.annotations.renamedFrom ?? owner
                result.insert("\(oldOwner).\(from)")
                result.insert("\(owner).\(from)")
            } else {
                result.insert(from)
            }
        }
        return result
    }
}
