/// `generator diff OLD NEW --format json`: the report of `CompatibilityReport.json()`
/// and, under `migration`, the migration guide's content for tools. The
/// entries are the Markdown guide's, with the same texts: the summary lines,
/// then one entry per change (area, rule, severity, the change, who is
/// affected, what to do, the before and after snippet per language), then
/// the removed elements and their replacements.

import OpenIAPSpec
import OpenIAPCodegen

extension MigrationGuide {
    public func json() -> String {
        JSONValue.object(report.jsonMembers() + [.init("migration", migrationJSON())]).printed() + "\n"
    }

    func migrationJSON() -> JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        let entries: [JSONValue] = entries().map { entry in
            .object([
                .init("area", .string(entry.area.rawValue)),
                .init("rule", .string(entry.finding.id.rawValue)),
                .init("severity", .string(entry.finding.severity.rawValue)),
                .init("change", .string(entry.finding.message)),
                .init("who", .string(entry.who)),
                .init("whatToDo", .string(entry.whatToDo)),
                .init(
                    "snippets",
                    .array(
                        entry.snippets.map { snippet in
                            .object([
                                .init("language", .string(snippet.language)),
                                .init("before", .string(snippet.before)),
                                .init("after", .string(snippet.after)),
                            ])
                        })),
            ])
        }
        let removed: [JSONValue] = removedElements().map { row in
            .object([
                .init("removed", .string(row.removed)),
                .init("replacement", optional(row.replacement)),
                .init("deprecatedSince", optional(row.since)),
                .init("removeIn", optional(row.removeIn)),
            ])
        }
        return .object([
            .init("title", .string(title)),
            .init("oldVersion", .string(report.old.version)),
            .init("newVersion", .string(report.new.version)),
            .init("summary", .array(summaryLines().map { .string(String($0.dropFirst(2))) })),
            .init("entries", .array(entries)),
            .init("removed", .array(removed)),
        ])
    }
}
