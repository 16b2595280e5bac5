import Foundation
import OpenIAPSpec
import OpenIAPSpecTools

/// `generator diff`: compares two versions of the spec and prints the
/// compatibility report (see `CompatibilityRules` for what is judged).
extension GeneratorCommand {
    public static let diffUsage = """
        usage: generator diff OLD [NEW] [options]
               generator diff --against REV [NEW] [options]
               generator diff --rules

        Compares two versions of the spec and reports, separately, wire
        compatibility (old apps reading new outputs, new servers reading old
        inputs) and source compatibility (Swift, TypeScript and Kotlin code
        written against OLD, compiled against NEW).

        OLD and NEW are spec files or folders; NEW defaults to Schema.

        options:
          --against REV      read OLD from git revision REV, at NEW's path
          --format FORMAT    text (default), json (the report and, under
                             "migration", the migration guide's entries), or
                             markdown: a migration guide for release notes
                             (Docs/Releases.md)
          --allow-breaking   exit 0 even when something breaks
          --rules            print the rule tables (Markdown) and exit
          --help             print this help

        Findings print as path:line:column: severity: [RULE] message; removals
        point into OLD and say so. A finding on an operation says whose code
        it is about after the rule: callers (code that calls the operation or
        listens for the event) or implementers (SDKs that implement it). The
        exit status is 1 when a finding is breaking (unless --allow-breaking)
        or a spec has errors, 2 on misuse.
        """

    func runDiff(_ arguments: [String]) -> Int32 {
        var positional: [String] = []
        var revision: String?
        var format = "text"
        var allowBreaking = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                standardOutput(Self.diffUsage + "\n")
                return 0
            case "--rules":
                standardOutput(CompatibilityReport.markdownRuleTables())
                return 0
            case "--allow-breaking":
                allowBreaking = true
            case "--against", "--format":
                index += 1
                guard index < arguments.count else { return diffMisuse("\(argument) needs a value") }
                if argument == "--against" { revision = arguments[index] } else { format = arguments[index] }
            default:
                if argument.hasPrefix("-"), argument != "-" { return diffMisuse("unknown argument '\(argument)'") }
                positional.append(argument)
            }
            index += 1
        }
        guard ["text", "json", "markdown"].contains(format) else {
            return diffMisuse("unknown format '\(format)'; expected text, json or markdown")
        }
        let maximum = revision == nil ? 2 : 1
        guard positional.count <= maximum else { return diffMisuse("too many spec paths") }
        guard revision != nil || !positional.isEmpty else { return diffMisuse("name the OLD spec, or use --against REV") }

        let newPath = revision == nil ? (positional.count == 2 ? positional[1] : "Schema") : (positional.first ?? "Schema")
        let report: CompatibilityReport
        do {
            let oldSpec: Spec
            let oldLabel: String
            if let revision {
                oldSpec = try SpecLoader.build(from: GitSpecSource.sources(revision: revision, path: newPath))
                oldLabel = "\(revision):\(newPath)"
            } else {
                oldSpec = try SpecLoader.load(path: positional[0])
                oldLabel = positional[0]
            }
            let newSpec = try SpecLoader.load(path: newPath)
            if format != "text" {
                // Both carry the migration guide: JSON adds it to the report.
                let guide = MigrationGuide(old: oldSpec, oldLabel: oldLabel, new: newSpec, newLabel: newPath)
                standardOutput(format == "json" ? guide.json() : guide.markdown())
                return guide.report.hasBreaking && !allowBreaking ? 1 : 0
            }
            report = CompatibilityReport(old: oldSpec, oldLabel: oldLabel, new: newSpec, newLabel: newPath)
        } catch {
            standardError(error.description + "\n")
            return 1
        }
        standardOutput(report.text())
        guard report.hasBreaking else { return 0 }
        if allowBreaking { return 0 }
        standardError("generator diff: breaking changes found; pass --allow-breaking to accept them\n")
        return 1
    }

    private func diffMisuse(_ message: String) -> Int32 {
        standardError("generator diff: error: \(message)\n\n\(Self.diffUsage)\n")
        return 2
    }
}
