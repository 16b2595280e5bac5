import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `generator diff --format json` carries the migration guide's entries:
/// the guide's Markdown, read back line by line, must say exactly what the
/// JSON says (same summary, same entries with the same texts and snippets,
/// same removed elements).
@Suite struct MigrationGuideJSONTests {
    /// What a guide says, from either format.
    struct Content: Equatable {
        var title = ""
        var summary: [String] = []
        var entries: [[String]] = []  // area, rule, severity, change, who, what to do, then language, before, after per snippet
        var removed: [[String]] = []  // removed, replacement ("none" when none), since, removeIn
    }

    /// Reads the Markdown of `MigrationGuide.markdown()`.
    static func read(markdown: String) throws -> Content {
        var content = Content()
        var area = ""
        var section = ""
        let lines = markdown.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.hasPrefix("# ") { content.title = String(line.dropFirst(2)) }
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                area = section
            } else if section == "Summary", line.hasPrefix("- ") {
                content.summary.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("### ") {
                content.entries.append([area, "", "", String(line.dropFirst(4)), "", ""])
            } else if line.hasPrefix("`"), line.contains("**Who:** "), !content.entries.isEmpty {
                let rule = line.dropFirst().prefix { $0 != "`" }
                let afterRule = line.dropFirst(rule.count + 4)  // "`RULE`, "
                let severity = afterRule.prefix { $0 != "." }
                let who = try #require(line.range(of: "**Who:** ")).upperBound
                let what = try #require(line.range(of: ". **What to do:** "))
                content.entries[content.entries.count - 1][1...5] = [
                    String(rule), String(severity), content.entries.last![3], String(line[who..<what.lowerBound]),
                    String(line[what.upperBound...]),
                ]
            } else if let match = line.firstMatch(of: /^(Swift|Kotlin|TypeScript) (before|after) \([^)]*\):$/) {
                index += 2  // the blank line and the fence
                var code = ""
                while lines[index] != "```" {
                    code += lines[index] + "\n"
                    index += 1
                }
                index += 1
                if match.2 == "before" { content.entries[content.entries.count - 1].append(String(match.1)) }
                content.entries[content.entries.count - 1].append(code)
            } else if section == "Removed, and what replaces it", line.hasPrefix("| `") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                content.removed.append(cells.map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) })
            }
        }
        return content
    }

    /// Reads the `migration` member of `generator diff --format json`.
    static func read(json: String) throws -> Content {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let migration = try #require(object["migration"] as? [String: Any])
        var content = Content()
        content.title = try #require(migration["title"] as? String)
        content.summary = try #require(migration["summary"] as? [String])
        for entry in try #require(migration["entries"] as? [[String: Any]]) {
            var row = try ["area", "rule", "severity", "change", "who", "whatToDo"].map { try #require(entry[$0] as? String) }
            for snippet in try #require(entry["snippets"] as? [[String: String]]) {
                row += try ["language", "before", "after"].map { try #require(snippet[$0]) }
            }
            content.entries.append(row)
        }
        for row in try #require(migration["removed"] as? [[String: Any]]) {
            content.removed.append(["removed", "replacement", "deprecatedSince", "removeIn"].map { row[$0] as? String ?? "" })
            if content.removed[content.removed.count - 1][1].isEmpty { content.removed[content.removed.count - 1][1] = "none" }
        }
        return content
    }

    @Test func theJSONCarriesTheGuideOfTheReleasesPair() throws {
        let root = CommandHarness.packageRoot.appendingPathComponent("Tests/Releases").path
        let arguments = ["diff", "\(root)/Old", "\(root)/New", "--allow-breaking", "--format"]
        let markdown = CommandHarness.run(arguments + ["markdown"])
        let json = CommandHarness.run(arguments + ["json"])
        #expect(markdown.status == 0 && json.status == 0, "\(markdown.err)\(json.err)")
        let fromMarkdown = try Self.read(markdown: markdown.out)
        let fromJSON = try Self.read(json: json.out)
        #expect(fromMarkdown.entries.count == MigrationGuideTests.entryCount(markdown.out))
        #expect(fromJSON.entries.count == fromMarkdown.entries.count)
        #expect(fromJSON == fromMarkdown)
        #expect(fromJSON.entries.contains { $0.count > 6 }, "the pair's guide has snippets")
        // The report's own members stay as they were.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["findings"] as? [Any])?.count == CompatibilityReport(
            old: try SpecLoader.load(path: "\(root)/Old"), oldLabel: "", new: try SpecLoader.load(path: "\(root)/New"), newLabel: ""
        ).findings.count)
        // Deterministic.
        #expect(CommandHarness.run(arguments + ["json"]).out == json.out)
    }

    @Test func theJSONCarriesTheRemovedElements() throws {
        let pair = try #require(CompatibilityCase.schedules.first { $0.name == "deprecated field removed before its removeIn" })
        let (old, new) = try pair.specs()
        let guide = MigrationGuide(old: old, oldLabel: "old", new: new, newLabel: "new")
        let fromJSON = try Self.read(json: guide.json())
        #expect(fromJSON.removed == [["Receipt.token", "Receipt.id", "", "2.0.0"]])
        #expect(fromJSON == (try Self.read(markdown: guide.markdown())))
    }
}

extension MigrationGuideTests {
    /// The entries of a Markdown guide, counted by their headings.
    static func entryCount(_ markdown: String) -> Int {
        markdown.components(separatedBy: "\n").filter { $0.hasPrefix("### ") }.count
    }
}
