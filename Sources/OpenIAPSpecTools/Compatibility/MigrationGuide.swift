/// `generator diff OLD NEW --format markdown`: a migration guide a
/// maintainer can paste into release notes. A summary says who breaks; one
/// entry per finding, grouped by area, says who is affected and what to do,
/// and where an element moved to another (a declared rename, a deprecation
/// or removal that names its replacement) shows the change as a before and
/// an after snippet in Swift, Kotlin and TypeScript, written with the
/// generated names (`MigrationSnippets`); a table lists the removed
/// elements and their replacements. Deterministic: no dates, no paths but
/// the labels given.

import OpenIAPSpec
import OpenIAPCodegen

public struct MigrationGuide {
    public let report: CompatibilityReport
    let old: Spec
    let new: Spec

    /// An element of the old spec and the element of the new one that takes its place.
    struct Move {
        var old: SpecElement
        var new: SpecElement
        /// How: "renamed", "deprecated" (the old one is still there), "removed".
        var how: String
    }

    public init(old: Spec, oldLabel: String, new: Spec, newLabel: String) {
        self.old = old
        self.new = new
        report = CompatibilityReport(old: old, oldLabel: oldLabel, new: new, newLabel: newLabel)
    }

    /// The elements that moved, in the order of the old spec. A moved
    /// operation or argument shows as a call of the operation; events are
    /// named in the text only.
    var moves: [Move] {
        var result: [Move] = []
        let newElements = new.elements
        var seen: Set<String> = []
        for element in newElements {
            guard let from = element.annotations.renamedFrom else { continue }
            let oldID = element.owner.map { owner in "\(new[owner]?.annotations.renamedFrom ?? owner).\(from)" } ?? from
            if let before = old.element(oldID), seen.insert(oldID).inserted {
                result.append(Move(old: before, new: element, how: "renamed"))
            }
        }
        for element in old.elements where !seen.contains(element.id) {
            let current = new.element(newID(of: element))
            let deprecation = current?.annotations.deprecation ?? element.annotations.deprecation
            guard let replacement = deprecation?.replacement, let target = new.element(replacement) else { continue }
            guard seen.insert(element.id).inserted else { continue }
            result.append(Move(old: element, new: target, how: current == nil ? "removed" : "deprecated"))
        }
        // Events get no snippet: a listener is not a call (`MigrationCall`).
        return result.filter { move in
            let isCall = [SpecElement.Kind.operation, .argument].contains(move.old.kind)
            return !isCall || (MigrationCall(move.old, in: old) != nil && MigrationCall(move.new, in: new) != nil)
        }
    }

    /// The guide as Markdown, rendered from `entries()` (the JSON format
    /// carries the same entries: `MigrationGuide+JSON.swift`).
    public func markdown() -> String {
        var out = "# \(title)\n\n"
        out += "## Summary\n\n" + summaryLines().joined(separator: "\n") + "\n"
        let entries = self.entries()
        for area in Area.allCases {
            let inArea = entries.filter { $0.area == area }
            guard !inArea.isEmpty else { continue }
            out += "\n## \(area.rawValue)\n"
            for entry in inArea {
                out += "\n### \(entry.finding.message)\n\n"
                out += "`\(entry.finding.id.rawValue)`, \(entry.finding.severity.rawValue). **Who:** \(entry.who). **What to do:** \(entry.whatToDo)\n"
                for snippet in entry.snippets {
                    let fence = snippet.language.lowercased()
                    out += "\n\(snippet.language) before (\(report.old.version)):\n\n```\(fence)\n\(snippet.before)```\n"
                    out += "\n\(snippet.language) after (\(report.new.version)):\n\n```\(fence)\n\(snippet.after)```\n"
                }
            }
        }
        let removed = removedElements()
        if !removed.isEmpty {
            var lines = ["", "## Removed, and what replaces it", "", "| removed | replacement | deprecated since | was to go in |", "|---|---|---|---|"]
            for row in removed {
                lines.append("| `\(row.removed)` | \(row.replacement.map { "`\($0)`" } ?? "none") | \(row.since ?? "") | \(row.removeIn ?? "") |")
            }
            out += lines.joined(separator: "\n") + "\n"
        }
        return out
    }

    var title: String { "Migrating from \(report.old.version) to \(report.new.version)" }

    /// One change of the guide: a finding, who it affects, what to do, and
    /// for an element that moved, a before and after snippet per language.
    struct Entry {
        var area: Area
        var finding: CompatibilityFinding
        var who: String
        var whatToDo: String
        var snippets: [Snippet]
    }

    /// The same use of an element in one language, against each side.
    struct Snippet {
        var language: String
        var before: String
        var after: String
    }

    /// A row of the table of removed elements.
    struct Removal {
        var removed: String
        var replacement: String?
        var since: String?
        var removeIn: String?
    }

    /// Every entry, grouped by area in `Area` order, findings in the
    /// report's order within an area; snippets are numbered through the
    /// whole guide so that their functions do not collide.
    func entries() -> [Entry] {
        let moves = self.moves
        var result: [Entry] = []
        var snippetNumber = 0
        for area in Area.allCases {
            for finding in report.findings where Area.of(finding) == area {
                var snippets: [Snippet] = []
                for move in moves where attaches(move, to: finding) {
                    snippetNumber += 1
                    for (language, before, after) in MigrationSnippets.pairs(move, old: old, new: new, number: snippetNumber) {
                        snippets.append(Snippet(language: language, before: before, after: after))
                    }
                }
                result.append(
                    Entry(area: area, finding: finding, who: who(finding), whatToDo: whatToDo(finding, moves), snippets: snippets))
            }
        }
        return result
    }

    enum Area: String, CaseIterable {
        case types = "Types"
        case fields = "Fields"
        case values = "Enum values and union members"
        case operations = "Operations"
        case wire = "On the wire"

        static func of(_ finding: CompatibilityFinding) -> Area {
            if finding.axis == .wire { return .wire }
            if !finding.rule.whose.isEmpty { return .operations }
            let id = finding.id.rawValue
            if id.hasPrefix("ENUM") || id.hasPrefix("OPAQUE") || id.hasPrefix("UNION") { return .values }
            if id.hasPrefix("TYPE") || id.hasPrefix("ALIAS") { return .types }
            if id.hasPrefix("REMOVED_") || id == "DEPRECATION_ADDED" {
                if finding.message.hasPrefix("field") { return .fields }
                return finding.message.hasPrefix("value") ? .values : .types
            }
            return .fields
        }
    }

    /// The summary's bullet lines: the wire, then each language, then the
    /// changes that break nothing.
    func summaryLines() -> [String] {
        var lines: [String] = []
        let wire = report.count(.wire, .breaking)
        lines.append("- On the wire (\(CompatibilityReport.question(.wire))): \(wire == 0 ? "nothing breaks" : "\(wire) breaking change\(wire == 1 ? "" : "s")").")
        for language in SourceLanguage.allCases {
            let count = report.findings.filter { $0.severity == .breaking && $0.rule.breaksSourceIn.contains(language) }.count
            lines.append("- \(language.rawValue) code written against \(report.old.version): \(count == 0 ? "compiles" : "\(count) breaking change\(count == 1 ? "" : "s")").")
        }
        let notes = report.findings.filter { $0.severity != .breaking }.count
        lines.append("- \(notes) further change\(notes == 1 ? "" : "s") that break\(notes == 1 ? "s" : "") nothing (warnings and notes).")
        return lines
    }

    private func who(_ finding: CompatibilityFinding) -> String {
        if finding.axis == .wire { return "apps and servers exchanging the JSON" }
        var parts: [String] = []
        if !finding.rule.whose.isEmpty { parts.append(finding.rule.whose.map(\.rawValue).joined(separator: " and ")) }
        if finding.rule.breaksSourceIn.isEmpty {
            parts.append("nobody's code breaks")
        } else {
            parts.append(finding.rule.breaksSourceIn.map(\.rawValue).joined(separator: ", ") + " code")
        }
        return parts.joined(separator: "; ")
    }

    private func whatToDo(_ finding: CompatibilityFinding, _ moves: [Move]) -> String {
        if let move = moves.first(where: { attaches($0, to: finding) }) {
            switch move.how {
            case "renamed": return "Write `\(move.new.id)` where you wrote `\(move.old.id)`; the old name \(Self.oldNameKept(move.old.kind))."
            case "deprecated": return "Move from `\(move.old.id)` to `\(move.new.id)`\(removal(move.old)); until then the old one compiles with a warning."
            default: return "Use `\(move.new.id)` instead of `\(move.old.id)`."
            }
        }
        return finding.rule.rationale
    }

    /// What becomes of the old name of an element renamed with
    /// `renamedFrom:` (Docs/Releases.md, "What each language gets").
    static func oldNameKept(_ kind: SpecElement.Kind) -> String {
        switch kind {
        case .type: "still compiles, deprecated, until it is removed"
        case .field:
            "still compiles in Swift and Kotlin (initializer and constructor labels too), deprecated, until it is removed; "
                + "in TypeScript only where the field lists it in `aliases`"
        case .value: "still compiles in Swift, deprecated, until it is removed; in Kotlin and TypeScript it no longer does"
        case .operation, .argument: "no longer compiles"
        }
    }

    /// Whether the finding is about the move: the rename itself, the
    /// deprecation of the old element, or its removal.
    private func attaches(_ move: Move, to finding: CompatibilityFinding) -> Bool {
        guard finding.axis == .source else { return false }
        switch move.how {
        case "renamed": return finding.side == .new && finding.location == move.new.location
        case "deprecated":
            return finding.side == .new && finding.location == new.element(newID(of: move.old))?.location
                && (finding.id == .deprecationAdded || finding.id == .operationDeprecationAdded)
        default: return finding.side == .old && finding.location == move.old.location
        }
    }

    /// The id an old element has in the new spec when its owner was renamed
    /// (`renamedFrom`), else its own.
    private func newID(of element: SpecElement) -> String {
        guard let owner = element.owner, new[owner] == nil,
            let renamed = new.types.first(where: { $0.annotations.renamedFrom == owner })
        else { return element.id }
        return "\(renamed.name).\(element.name)"
    }

    private func removal(_ element: SpecElement) -> String {
        let deprecation = new.element(newID(of: element))?.annotations.deprecation ?? element.annotations.deprecation
        return deprecation?.removeIn.map { " before \($0), which may remove it" } ?? ""
    }

    /// The removed elements (types, fields, values, operations, arguments)
    /// in the old spec's order, with what the old spec said replaces them.
    func removedElements() -> [Removal] {
        let removed = report.findings.filter {
            $0.side == .old && ($0.id == .typeRemoved || $0.id == .fieldRemoved || $0.id == .enumValueRemoved
                || $0.id == .opaqueValueRemoved || $0.id == .operationRemoved || $0.id == .argumentRemoved)
        }
        var rows: [Removal] = []
        var listed: Set<String> = []
        for element in old.elements where removed.contains(where: { $0.location == element.location }) {
            guard listed.insert(element.id).inserted else { continue }
            let deprecation = element.annotations.deprecation
            rows.append(Removal(removed: element.id, replacement: deprecation?.replacement, since: deprecation?.since, removeIn: deprecation?.removeIn))
        }
        return rows
    }
}
