import OpenIAPSpec
import OpenIAPCodegen

/// The findings of one `generator diff` run and their renderings: compiler
/// style text, JSON, and the Markdown rule tables Docs/SpecChanges.md carries.
public struct CompatibilityReport: Sendable {
    /// One side of the comparison as the user named it.
    public struct Side: Sendable {
        /// The path (or `REV:path`) the spec was read from.
        public var label: String
        public var version: String

        public init(label: String, version: String) {
            self.label = label
            self.version = version
        }
    }

    public var old: Side
    public var new: Side
    /// Ordered by axis, then location.
    public var findings: [CompatibilityFinding]

    public init(old: Side, new: Side, findings: [CompatibilityFinding]) {
        self.old = old
        self.new = new
        self.findings = SpecComparison.ordered(findings)
    }

    /// Compares two specs and wraps the result.
    public init(old: Spec, oldLabel: String, new: Spec, newLabel: String) {
        self.init(
            old: Side(label: oldLabel, version: old.version), new: Side(label: newLabel, version: new.version),
            findings: SpecComparison.compare(old: old, new: new))
    }

    public var hasBreaking: Bool { findings.contains { $0.severity == .breaking } }

    public func findings(on axis: CompatibilityAxis) -> [CompatibilityFinding] { findings.filter { $0.axis == axis } }

    public func count(_ axis: CompatibilityAxis, _ severity: CompatibilitySeverity) -> Int {
        findings.filter { $0.axis == axis && $0.severity == severity }.count
    }

    /// What each axis asks, printed as its heading.
    public static func question(_ axis: CompatibilityAxis) -> String {
        switch axis {
        case .wire: "old apps reading new outputs, new servers reading old inputs"
        case .source: "Swift, TypeScript and Kotlin code written against the old types, compiled against the new"
        }
    }

    // MARK: - Text

    /// Compiler-style lines, one section per axis:
    ///
    ///     Schema/x.yaml:12:7: breaking: [FIELD_REMOVED] field 'a' of record 'R' was removed (old spec)
    public func text() -> String {
        var lines = ["generator diff: \(old.label) (\(old.version)) → \(new.label) (\(new.version))"]
        for axis in CompatibilityAxis.allCases {
            lines.append("")
            lines.append("\(axis.rawValue) (\(Self.question(axis))): \(summary(axis))")
            for finding in findings(on: axis) { lines.append(Self.line(finding)) }
        }
        lines.append("")
        let breaking = CompatibilityAxis.allCases.map { (axis: $0, count: count($0, .breaking)) }.filter { $0.count > 0 }
        if breaking.isEmpty {
            lines.append("result: no breaking changes")
        } else {
            lines.append(
                "result: breaking changes (" + breaking.map { "\($0.axis.rawValue): \($0.count)" }.joined(separator: ", ") + ")"
                    + (breakingFor.isEmpty ? "" : "; breaks \(breakingFor.map(\.rawValue).joined(separator: ", "))"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `compatible` or `BREAKING`, with the counts of each severity.
    public func summary(_ axis: CompatibilityAxis) -> String {
        let counts = CompatibilitySeverity.allCases.compactMap { severity -> String? in
            let n = count(axis, severity)
            guard n > 0 else { return nil }
            let word = severity == .breaking ? "breaking" : severity.rawValue + (n == 1 ? "" : "s")
            return "\(n) \(word)"
        }
        let verdict = count(axis, .breaking) > 0 ? "BREAKING" : "compatible"
        return counts.isEmpty ? "\(verdict), no changes" : "\(verdict) (\(counts.joined(separator: ", ")))"
    }

    /// One finding; a finding on an operation says whose code it is about
    /// after the rule: `[ARGUMENT_NOW_OPTIONAL] implementers: argument …`.
    static func line(_ finding: CompatibilityFinding) -> String {
        let place = finding.location.map { "\($0): " } ?? "generator: "
        let side = finding.side == .old ? " (old spec)" : ""
        let whose = finding.rule.whose.isEmpty ? "" : finding.rule.whose.map(\.rawValue).joined(separator: ", ") + ": "
        return "\(place)\(finding.severity.rawValue): [\(finding.id.rawValue)] \(whose)\(finding.message)\(side)"
    }

    /// Whose code the breaking findings on operations break, in
    /// `CompatibilityParty` order.
    public var breakingFor: [CompatibilityParty] {
        let parties = Set(findings.filter { $0.severity == .breaking }.flatMap(\.rule.whose))
        return CompatibilityParty.allCases.filter(parties.contains)
    }

    // MARK: - JSON

    /// The same content as `text()`, for tools. Findings carry the rule's
    /// rationale, and `side` says which spec the location points into.
    public func json() -> String {
        JSONValue.object(jsonMembers()).printed() + "\n"
    }

    /// The members of `json()`'s document, which the migration guide's JSON
    /// extends (`MigrationGuide.json()`).
    func jsonMembers() -> [JSONValue.Member] {
        func side(_ s: Side) -> JSONValue {
            .object([.init("path", .string(s.label)), .init("version", .string(s.version))])
        }
        let summary: [JSONValue.Member] = CompatibilityAxis.allCases.map { axis in
            .init(
                axis.rawValue,
                .object(
                    [.init("verdict", .string(count(axis, .breaking) > 0 ? "breaking" : "compatible"))]
                        + CompatibilitySeverity.allCases.map { .init($0.rawValue, .integer(Int64(count(axis, $0)))) }))
        }
        let items: [JSONValue] = findings.map { finding in
            var members: [JSONValue.Member] = [
                .init("axis", .string(finding.axis.rawValue)),
                .init("severity", .string(finding.severity.rawValue)),
                .init("rule", .string(finding.id.rawValue)),
            ]
            if !finding.rule.whose.isEmpty {
                members.append(.init("whose", .array(finding.rule.whose.map { .string($0.rawValue) })))
            }
            members += [
                .init("message", .string(finding.message)),
                .init("side", .string(finding.side.rawValue)),
            ]
            if let location = finding.location {
                members += [
                    .init("file", .string(location.file)),
                    .init("line", .integer(Int64(location.line))),
                    .init("column", .integer(Int64(location.column))),
                ]
            }
            if !finding.rule.breaksSourceIn.isEmpty {
                members.append(.init("breaksSourceIn", .array(finding.rule.breaksSourceIn.map { .string($0.rawValue) })))
            }
            members.append(.init("rationale", .string(finding.rule.rationale)))
            return .object(members)
        }
        return [
            .init("old", side(old)),
            .init("new", side(new)),
            .init("breaking", .bool(hasBreaking)),
            .init("breakingFor", .array(breakingFor.map { .string($0.rawValue) })),
            .init("summary", .object(summary)),
            .init("findings", .array(items)),
        ]
    }

    // MARK: - Rule table

    /// What `generator diff --rules` prints: the table of the rules on
    /// types, then the table of the rules on operations.
    public static func markdownRuleTables() -> String {
        markdownRuleTable() + "\n" + markdownOperationRuleTable()
    }

    /// The rules on operations as Markdown, exactly as Docs/SpecChanges.md shows
    /// them: the rule table with a column saying whose code each is about.
    public static func markdownOperationRuleTable(_ rules: [CompatibilityRule] = CompatibilityRules.operationRules) -> String {
        var lines = [
            "| rule | axis | whose | severity | breaks source in | rationale |", "|---|---|---|---|---|---|",
        ]
        for rule in rules {
            let rationale = rule.rationale.replacingOccurrences(of: "|", with: "\\|")
            let whose = rule.whose.map(\.rawValue).joined(separator: ", ")
            lines.append(
                "| `\(rule.id.rawValue)` | \(rule.axis.rawValue) | \(whose) | \(rule.severity.rawValue) | \(languages(rule)) | \(rationale) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rules on types as Markdown, exactly as Docs/SpecChanges.md shows them.
    public static func markdownRuleTable(_ rules: [CompatibilityRule] = CompatibilityRules.typeRules) -> String {
        var lines = ["| rule | axis | severity | breaks source in | rationale |", "|---|---|---|---|---|"]
        for rule in rules {
            let rationale = rule.rationale.replacingOccurrences(of: "|", with: "\\|")
            lines.append(
                "| `\(rule.id.rawValue)` | \(rule.axis.rawValue) | \(rule.severity.rawValue) | \(languages(rule)) | \(rationale) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The "breaks source in" cell: the languages whose source the rule's
    /// change breaks, empty for a rule that breaks none.
    private static func languages(_ rule: CompatibilityRule) -> String {
        rule.breaksSourceIn.map(\.rawValue).joined(separator: ", ")
    }
}
