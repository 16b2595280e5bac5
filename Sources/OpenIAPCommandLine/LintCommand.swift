import Foundation
import OpenIAPCodegen
import OpenIAPSpec
import OpenIAPSpecTools

/// `generator lint`: the conventions of `LintRules` over a spec, without
/// generating anything. Generation runs the same checks and prints their
/// warnings; a rule the spec lists in `spec: lint: errors:` stops both.
extension GeneratorCommand {
    static let lintUsage = """
        usage: generator lint [--schema PATH] [--rules] [--examples]

        Checks the spec (default: Schema) against the OpenIAP conventions and
        prints each finding as path:line:column: warning: [RULE_ID] message.
        Exits 1 when the spec is invalid or a finding is an error (a rule the
        spec lists in `spec: lint: errors:`), 0 otherwise. Rules are switched
        off for the whole spec in `spec: lint: off:`, for one element with
        `lint: {off: [...]}`. --rules prints the rules as a Markdown table,
        --examples a section per rule with a spec it reports and the same
        spec fixed (Docs/Lint.md shows both).
        """

    func runLint(_ arguments: [String]) -> Int32 {
        var schema = "Schema"
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--help", "-h":
                standardOutput(Self.lintUsage + "\n")
                return 0
            case "--rules":
                standardOutput(Self.lintRuleTable())
                return 0
            case "--examples":
                standardOutput(Self.lintRuleExamples())
                return 0
            case "--schema":
                index += 1
                guard index < arguments.count else { return lintMisuse("--schema needs a value") }
                schema = arguments[index]
            default:
                return lintMisuse("unknown argument '\(arguments[index])'")
            }
            index += 1
        }
        do {
            let findings = SpecLinter.lint(try SpecLoader.load(path: schema))
            for finding in findings { standardError(finding.description + "\n") }
            let errors = findings.filter { $0.severity == .error }.count
            standardOutput("generator lint: \(findings.count) finding\(findings.count == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s")\n")
            return errors == 0 ? 0 : 1
        } catch {
            standardError(error.description + "\n")
            return 1
        }
    }

    /// The rules as Markdown: id, default severity, what each asks for.
    static func lintRuleTable() -> String {
        var lines = ["| rule | severity | asks for |", "|---|---|---|"]
        for rule in LintRules.all {
            lines.append("| `\(rule.id.rawValue)` | \(rule.severity.rawValue) | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A section per rule: its id, what it asks for, a spec file it
    /// reports and the same file clean.
    static func lintRuleExamples() -> String {
        LintRules.all.map { rule in
            "## `\(rule.id.rawValue)`\n\n\(rule.summary) Default: \(rule.severity.rawValue).\n\n"
                + "```yaml\n# \(rule.file), reported\n\(rule.bad)```\n\n```yaml\n# \(rule.file), clean\n\(rule.good)```\n"
        }.joined(separator: "\n")
    }

    private func lintMisuse(_ message: String) -> Int32 {
        standardError("generator lint: error: \(message)\n\n\(Self.lintUsage)\n")
        return 2
    }
}
