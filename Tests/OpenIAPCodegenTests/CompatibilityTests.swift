import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `generator diff`: the rule table, one spec pair per rule, the Horizon
/// evolution, the report formats and the command line.
@Suite struct CompatibilityTests {
    // MARK: - The rule table

    @Test func everyRuleIdentifierHasExactlyOneRule() {
        let ids = CompatibilityRules.all.map(\.id)
        #expect(ids.count == Set(ids).count, "a rule is listed twice")
        #expect(Set(ids) == Set(CompatibilityRule.ID.allCases))
        for rule in CompatibilityRules.all {
            #expect(!rule.rationale.isEmpty && !rule.rationale.contains("\n"), "\(rule.id.rawValue): one-line rationale")
        }
    }

    @Test func sourceRulesNameTheLanguagesTheyBreak() {
        for rule in CompatibilityRules.all {
            if rule.axis == .wire || rule.severity == .note {
                #expect(rule.breaksSourceIn.isEmpty, "\(rule.id.rawValue) is not a source break and names no language")
            } else {
                #expect(!rule.breaksSourceIn.isEmpty, "\(rule.id.rawValue) names the languages it breaks")
                #expect(rule.breaksSourceIn == SourceLanguage.allCases.filter(rule.breaksSourceIn.contains), "in order, once each")
            }
        }
        // Where the languages differ: exactly-one groups are types only in
        // TypeScript; TypeScript has no opaque constants, no unknown member
        // and no shared-set interface that other code implements.
        #expect(CompatibilityRules.rule(.exactlyOneVariantsNarrowed).breaksSourceIn == [.typescript])
        for id: CompatibilityRule.ID in [.opaqueValueRemoved, .unionUnknownPolicyChanged, .sharedFieldAdded] {
            #expect(CompatibilityRules.rule(id).breaksSourceIn == [.swift, .kotlin], "\(id.rawValue)")
        }
        // An exhaustive Kotlin `when` misses a new value or member, as a Swift `switch` does.
        for id: CompatibilityRule.ID in [.enumValueAdded, .unionMemberAdded, .enumOpened, .fieldNowRequired] {
            #expect(CompatibilityRules.rule(id).breaksSourceIn == [.swift, .typescript, .kotlin], "\(id.rawValue)")
        }
    }

    @Test func ruleTableHasTheLanguageColumn() {
        let table = CompatibilityReport.markdownRuleTable().split(separator: "\n")
        #expect(table[0] == "| rule | axis | severity | breaks source in | rationale |")
        #expect(table.contains { $0.hasPrefix("| `EXACTLY_ONE_VARIANTS_NARROWED` | source | breaking | TypeScript | ") })
        #expect(table.contains { $0.hasPrefix("| `ENUM_VALUE_ADDED` | source | breaking | Swift, TypeScript, Kotlin | ") })
        #expect(table.contains { $0.hasPrefix("| `TYPE_ADDED` | source | note |  | ") })
        #expect(table.contains { $0.hasPrefix("| `CLOSED_ENUM_VALUE_ADDED` | wire | breaking |  | ") })
    }

    @Test func everyRuleHasASpecPair() {
        let covered = Set(CompatibilityCase.all.flatMap(\.expected))
        let missing = CompatibilityRule.ID.allCases.filter { !covered.contains($0) }.map(\.rawValue)
        #expect(missing.isEmpty, "rules without a spec pair: \(missing)")
        let names = CompatibilityCase.all.map(\.name)
        #expect(names.count == Set(names).count)
    }

    // MARK: - One spec pair per rule

    @Test(arguments: CompatibilityCase.all)
    func specPair(_ pair: CompatibilityCase) throws {
        let findings = try pair.findings()
        let found = findings.map(\.id.rawValue).sorted()
        #expect(found == pair.expected.map(\.rawValue).sorted(), "\(findings.map(CompatibilityReport.line))")
        for finding in findings {
            let file = finding.location?.file ?? ""
            #expect(file.hasPrefix(finding.side == .old ? "old/" : "new/"), "\(CompatibilityReport.line(finding))")
        }
    }

    @Test func removalsPointIntoTheOldSpecAndSaySo() throws {
        let pair = CompatibilityCase.all.first { $0.name == "requiredOutputFieldRemoved" }!
        let (old, new) = try pair.specs()
        let report = CompatibilityReport(old: old, oldLabel: "old", new: new, newLabel: "new")
        let text = report.text()
        #expect(
            text.contains(
                "old/requiredOutputFieldRemoved.yaml:7:7: breaking: [FIELD_REMOVED] required field 'note' of record 'Receipt' was removed (old spec)\n"))
        #expect(
            text.contains(
                "old/requiredOutputFieldRemoved.yaml:7:7: breaking: [OUTPUT_REQUIRED_FIELD_REMOVED] required field 'note' of record 'Receipt' was removed (old spec)\n"))
    }

    @Test func additionsPointIntoTheNewSpec() throws {
        let pair = CompatibilityCase.all.first { $0.name == "requiredInputFieldAdded" }!
        let findings = try pair.findings()
        #expect(
            findings.map(CompatibilityReport.line) == [
                "new/requiredInputFieldAdded.yaml:7:7: breaking: [INPUT_REQUIRED_FIELD_ADDED] required field 'store' was added to input 'Request'",
                "new/requiredInputFieldAdded.yaml:7:7: breaking: [REQUIRED_FIELD_ADDED] required field 'store' was added to input 'Request'",
            ])
    }

    @Test func anAmbiguousRenameIsARemovalAndAnAddition() throws {
        // Two fields with the same doc disappear and two appear: no guess.
        let (old, new) = (
            try SpecLoader.build(from: [
                .init(
                    path: "old.yaml",
                    text: CompatibilityCase.header + """
                        records:
                          Receipt:
                            fields:
                              a: {type: String?, doc: Same.}
                              b: {type: String?, doc: Same.}
                        """)
            ]),
            try SpecLoader.build(from: [
                .init(
                    path: "new.yaml",
                    text: CompatibilityCase.header + """
                        records:
                          Receipt:
                            fields:
                              c: {type: String?, doc: Same.}
                              d: {type: String?, doc: Same.}
                        """)
            ])
        )
        let ids = SpecComparison.compare(old: old, new: new).map(\.id)
        #expect(ids.filter { $0 == .fieldRemoved }.count == 2)
        #expect(ids.filter { $0 == .optionalFieldAdded }.count == 2)
        #expect(!ids.contains(.fieldRenamed))
    }

    @Test func aRenamedTypeIsTheSameTypeInFieldsThatUseIt() throws {
        let old = try SpecLoader.build(from: [
            .init(
                path: "old.yaml",
                text: CompatibilityCase.header + """
                    enums:
                      Store:
                        doc: Where it was bought.
                        values: [apple]
                    records:
                      Receipt:
                        fields:
                          store: Store
                    """)
        ])
        let new = try SpecLoader.build(from: [
            .init(
                path: "new.yaml",
                text: CompatibilityCase.header + """
                    enums:
                      IapStore:
                        doc: Where it was bought.
                        values: [apple]
                    records:
                      Receipt:
                        fields:
                          store: IapStore
                    """)
        ])
        #expect(SpecComparison.compare(old: old, new: new).map(\.id) == [.typeRenamed])
    }

    @Test func sharedFieldChangesReachEveryIncludingRecord() throws {
        let old = try SpecLoader.build(from: [
            .init(
                path: "old.yaml",
                text: CompatibilityCase.header + """
                    shared:
                      Common:
                        fields:
                          id: String
                    records:
                      A: {include: [Common], fields: {a: Int}}
                      B: {include: [Common], fields: {b: Int}}
                    """)
        ])
        let new = try SpecLoader.build(from: [
            .init(
                path: "new.yaml",
                text: CompatibilityCase.header + """
                    shared:
                      Common:
                        fields:
                          id: String?
                    records:
                      A: {include: [Common], fields: {a: Int}}
                      B: {include: [Common], fields: {b: Int}}
                    """)
        ])
        let messages = SpecComparison.compare(old: old, new: new).filter { $0.id == .outputFieldNowOptional }.map(\.message)
        #expect(messages == ["field 'id' of record 'A' is now optional", "field 'id' of record 'B' is now optional"])
    }

    // MARK: - Horizon

    /// Upstream's Horizon addition must be non-breaking on both axes: a new
    /// input type, a new optional field, and a new member of an exactly-one
    /// group (old clients still set exactly one of the members they know).
    @Test func horizonAfter321IsCompatibleOnBothAxes() throws {
        let (oldSources, newSources) = try HorizonEvolution.sources()
        let old = try SpecLoader.build(from: oldSources)
        let new = try SpecLoader.build(from: newSources)
        #expect(old["RequestVerifyPurchaseWithIapkitHorizonProps"] == nil)
        #expect(old.record("RequestVerifyPurchaseWithIapkitProps")?.field("horizon") == nil)
        let report = CompatibilityReport(old: old, oldLabel: "Schema@3.2.1", new: new, newLabel: "Schema")
        #expect(!report.hasBreaking, "\(report.text())")
        #expect(report.findings.allSatisfy { $0.severity == .note }, "\(report.text())")
        #expect(report.findings.map(\.id).sorted { $0.rawValue < $1.rawValue } == [.exactlyOneMemberAdded, .optionalFieldAdded, .typeAdded])
        // The note points at the group in the NEW spec, wherever it sits today.
        let group = try #require(new.record("RequestVerifyPurchaseWithIapkitProps")?.exactlyOne.first)
        #expect(
            report.text().contains(
                "\(group.location): note: [EXACTLY_ONE_MEMBER_ADDED] exactly-one group of input 'RequestVerifyPurchaseWithIapkitProps' gained 'horizon'\n"))
    }

    // MARK: - Report formats

    @Test func jsonReportCarriesEveryFinding() throws {
        let pair = CompatibilityCase.all.first { $0.name == "outputFieldNowOptional" }!
        let (old, new) = try pair.specs()
        let report = CompatibilityReport(old: old, oldLabel: "o", new: new, newLabel: "n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["breaking"] as? Bool == true)
        let summary = try #require(object["summary"] as? [String: [String: Any]])
        #expect(summary["wire"]?["verdict"] as? String == "breaking")
        #expect(summary["wire"]?["breaking"] as? Int == 1)
        #expect(summary["wire"]?["note"] as? Int == 0)
        #expect(summary["source"]?["breaking"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["OUTPUT_FIELD_NOW_OPTIONAL", "FIELD_NOW_OPTIONAL"])
        #expect(findings.first?["axis"] as? String == "wire")
        #expect(findings.first?["file"] as? String == "new/outputFieldNowOptional.yaml")
        #expect(findings.first?["line"] as? Int == 6)
        #expect(findings.first?["side"] as? String == "new")
        #expect(findings.first?["rationale"] as? String == CompatibilityRules.rule(.outputFieldNowOptional).rationale)
        // A wire finding names no language; a source finding the ones it breaks.
        #expect(findings.first?["breaksSourceIn"] == nil)
        #expect(findings.last?["breaksSourceIn"] as? [String] == ["Swift", "TypeScript", "Kotlin"])
    }

    @Test func textReportHasOneSectionPerAxis() throws {
        let pair = CompatibilityCase.all.first { $0.name == "openEnumValueAddedToOutput" }!
        let (old, new) = try pair.specs()
        let text = CompatibilityReport(old: old, oldLabel: "o", new: new, newLabel: "n").text()
        #expect(
            text == """
                generator diff: o (1.0.0) → n (1.0.0)

                wire (old apps reading new outputs, new servers reading old inputs): compatible (1 note)
                new/openEnumValueAddedToOutput.yaml:5:29: note: [OPEN_ENUM_VALUE_ADDED] value 'amazon' was added to enum 'Store'

                source (Swift, TypeScript and Kotlin code written against the old types, compiled against the new): BREAKING (1 breaking)
                new/openEnumValueAddedToOutput.yaml:5:29: breaking: [ENUM_VALUE_ADDED] value 'amazon' was added to enum 'Store'

                result: breaking changes (source: 1)

                """)
    }

    // MARK: - Operations

    /// The spec of `text` after the header, read from `a.yaml`.
    static func spec(_ text: String) throws -> Spec {
        try SpecLoader.build(from: [.init(path: "a.yaml", text: CompatibilityCase.header + text)])
    }

    @Test func everyOperationRuleSaysWhoseCodeItIsAbout() {
        for rule in CompatibilityRules.operationRules {
            #expect(!rule.whose.isEmpty, "\(rule.id.rawValue)")
            #expect(rule.whose == CompatibilityParty.allCases.filter(rule.whose.contains), "\(rule.id.rawValue): parties in order, once")
            // What fails on the wire is a caller's call or its decoding; a
            // store that joins is the one wire change an implementer acts on.
            if rule.axis == .wire, rule.id != .operationStoreAdded { #expect(rule.whose == [.callers], "\(rule.id.rawValue)") }
        }
        #expect(CompatibilityRules.typeRules.allSatisfy { $0.whose.isEmpty })
        #expect(Set(CompatibilityRules.all.map(\.id)) == Set(CompatibilityRules.typeRules.map(\.id) + CompatibilityRules.operationRules.map(\.id)))
    }

    /// The field rules that the field comparison cannot fire on an
    /// operation's arguments: rules on types, enums and unions, rules that
    /// only outputs fire (the arguments are an input), and rules on what an
    /// arguments record never has (shared sets, exactly-one groups, another
    /// direction, `oneOf` and named choices). Every other rule on types must have an argument rule in
    /// `CompatibilityRules.argumentRules`, so that no finding on an operation
    /// lacks whose code it is about: a rule added to the field comparison
    /// fails this test until it is mapped there or listed here.
    static let notAboutArguments: Set<CompatibilityRule.ID> = [
        .typeRemoved, .typeRenamed, .typeRenamedOldNameKept, .typeKindChanged, .typeAdded, .typeWireFormChanged, .recordDirectionChanged,
        .sharedFieldAdded, .includeRemoved, .exactlyOneVariantsNarrowed, .exactlyOneGroupAdded, .exactlyOneGroupRemoved,
        .exactlyOneMemberAdded, .exactlyOneMemberRemoved, .outputRequiredFieldRemoved, .outputFieldNowOptional, .constraintLoosened,
        .enumValueAdded, .enumValueRemoved, .enumValueRenamed, .enumOpened, .enumClosed, .opaqueValueRemoved, .closedEnumValueAdded,
        .openEnumValueAdded, .closedEnumValueRemoved, .openEnumValueRemoved, .enumNowClosed, .unionMemberAdded, .unionMemberRemoved,
        .unionMemberRenamed, .unionMemberTypeChanged, .unionUnknownPolicyChanged, .closedUnionMemberAdded, .openUnionMemberAdded,
        .closedUnionMemberRemoved, .openUnionMemberRemoved, .unionTagChanged, .unionMemberWireTypeChanged, .unionDiscriminatorChanged,
        .atLeastOneVariantsNarrowed, .atLeastOneGroupAdded, .atLeastOneGroupRemoved, .atLeastOneMemberAdded, .atLeastOneMemberRemoved,
        .recordOneOfChanged, .choiceChanged,
        // Of records reached through unions, never of an operation's arguments.
        .tagDefaultRemoved, .tagDefaultChanged,
        // An alias is a type; an argument of its type is judged as any other.
        .aliasTargetChanged, .aliasWireTargetChanged,
        // Reported for every kind of element, arguments among them, directly.
        .removedBeforeSchedule, .removedOnSchedule,
    ]

    @Test func everyFieldRuleOnArgumentsHasAnArgumentRule() {
        let typeRules = Set(CompatibilityRules.typeRules.map(\.id))
        let mapped = Set(CompatibilityRules.argumentRules.keys)
        let unmapped = typeRules.subtracting(mapped).subtracting(Self.notAboutArguments).map(\.rawValue).sorted()
        #expect(unmapped.isEmpty, "field rules the arguments may fire without an argument rule: \(unmapped)")
        #expect(mapped.isDisjoint(with: Self.notAboutArguments))
        // Each field rule becomes an operation rule of the same axis, and
        // every part's rules are operation rules.
        for (rules, part) in [
            (CompatibilityRules.argumentRules, "arguments"), (CompatibilityRules.resultRules, "results"),
            (CompatibilityRules.payloadRules, "payloads"),
        ] {
            for (field, operation) in rules {
                #expect(CompatibilityRules.rule(field).whose.isEmpty, "\(part): \(field.rawValue) is a field rule")
                #expect(!CompatibilityRules.rule(operation).whose.isEmpty, "\(part): \(operation.rawValue) is an operation rule")
                #expect(CompatibilityRules.rule(field).axis == CompatibilityRules.rule(operation).axis, "\(part): \(field.rawValue)")
            }
        }
    }

    @Test func operationFindingsSayWhoseCodeTheyConcern() throws {
        let pair = CompatibilityCase.all.first { $0.name == "argumentNowRequired" }!
        let lines = try pair.findings().map(CompatibilityReport.line)
        #expect(
            lines == [
                "new/argumentNowRequired.yaml:20:7: breaking: [CALL_ARGUMENT_NOW_REQUIRED] callers: argument 'isConsumable' of mutation 'finishTransaction' is now required",
                "new/argumentNowRequired.yaml:20:7: breaking: [ARGUMENT_NOW_REQUIRED] callers, implementers: argument 'isConsumable' of mutation 'finishTransaction' is now required",
            ])
        let optional = CompatibilityCase.all.first { $0.name == "argumentNowOptional" }!
        let (old, new) = try optional.specs()
        let text = CompatibilityReport(old: old, oldLabel: "o", new: new, newLabel: "n").text()
        #expect(
            text.hasSuffix(
                """
                source (Swift, TypeScript and Kotlin code written against the old types, compiled against the new): BREAKING (1 breaking)
                new/argumentNowOptional.yaml:20:7: breaking: [ARGUMENT_NOW_OPTIONAL] implementers: argument 'isConsumable' of mutation 'finishTransaction' is now optional

                result: breaking changes (source: 1); breaks implementers

                """), "\(text)")
    }

    @Test func operationMessagesNameTheOperation() throws {
        func expect(_ name: String, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let lines = try CompatibilityCase.all.first { $0.name == name }!.findings().map(CompatibilityReport.line)
            #expect(lines == expected, sourceLocation: sourceLocation)
        }
        try expect(
            "requiredArgumentAdded",
            [
                "new/requiredArgumentAdded.yaml:20:7: breaking: [CALL_REQUIRED_ARGUMENT_ADDED] callers: required argument 'currency' was added to query 'fetchProducts'",
                "new/requiredArgumentAdded.yaml:20:7: breaking: [REQUIRED_ARGUMENT_ADDED] callers, implementers: required argument 'currency' was added to query 'fetchProducts'",
            ])
        try expect(
            "argumentRemoved",
            [
                "old/argumentRemoved.yaml:20:7: warning: [CALL_ARGUMENT_REMOVED] callers: optional argument 'currency' of query 'fetchProducts' was removed (old spec)",
                "old/argumentRemoved.yaml:20:7: breaking: [ARGUMENT_REMOVED] callers, implementers: optional argument 'currency' of query 'fetchProducts' was removed (old spec)",
            ])
        try expect(
            "argumentDefaultChanged",
            [
                "new/argumentDefaultChanged.yaml:20:7: warning: [CALL_ARGUMENT_DEFAULT_CHANGED] callers: default of argument 'isConsumable' of mutation 'finishTransaction' changed from false to true"
            ])
        try expect(
            "resultNowOptional",
            [
                "new/resultNowOptional.yaml:18:13: breaking: [REPLY_RESULT_NOW_OPTIONAL] callers: result of query 'getStorefront' is now optional",
                "new/resultNowOptional.yaml:18:13: breaking: [RESULT_NOW_OPTIONAL] callers, implementers: result of query 'getStorefront' is now optional",
            ])
        try expect(
            "eventPayloadTypeChanged",
            [
                "new/eventPayloadTypeChanged.yaml:18:14: breaking: [DELIVERED_PAYLOAD_TYPE_CHANGED] callers: payload of event 'storefrontChanged' changed type from 'String' to 'Product'",
                "new/eventPayloadTypeChanged.yaml:18:14: breaking: [EVENT_PAYLOAD_TYPE_CHANGED] callers, implementers: payload of event 'storefrontChanged' changed type from 'String' to 'Product'",
            ])
        try expect(
            "operationAdded",
            [
                "new/operationAdded.yaml:21:3: note: [OPERATION_ADDED] callers: query 'getStorefront' was added",
                "new/operationAdded.yaml:21:3: breaking: [OPERATION_REQUIREMENT_ADDED] implementers: query 'getStorefront' was added",
            ])
        try expect(
            "operationKindChanged",
            [
                "new/operationKindChanged.yaml:17:3: warning: [OPERATION_KIND_CHANGED] callers: query 'syncPurchases' is now a mutation"
            ])
        try expect(
            "operationBecomesEvent",
            [
                "new/operationBecomesEvent.yaml:17:3: breaking: [CALLED_OPERATION_FORM_CHANGED] callers: mutation 'productChanged' is now an event",
                "new/operationBecomesEvent.yaml:17:3: breaking: [OPERATION_FORM_CHANGED] callers, implementers: mutation 'productChanged' is now an event",
            ])
        try expect(
            "operationErrorRemoved",
            [
                "old/operationErrorRemoved.yaml:23:7: note: [OPERATION_ERROR_REMOVED] callers: query 'fetchProducts' no longer fails with 'network-error' (old spec)"
            ])
        // A store that `stores:` leaves out was derived: it points at the name.
        try expect(
            "operationStoreRemoved",
            [
                "old/operationStoreRemoved.yaml:17:3: breaking: [OPERATION_STORE_REMOVED] callers: mutation 'verifyPurchase' is no longer implemented on store 'amazon' (old spec)"
            ])
        try expect(
            "operationStoreAdded",
            [
                "new/operationStoreAdded.yaml:21:29: warning: [OPERATION_STORE_ADDED] implementers: mutation 'verifyPurchase' is now implemented on store 'amazon'"
            ])
    }

    @Test func jsonReportSaysWhose() throws {
        let pair = CompatibilityCase.all.first { $0.name == "operationAdded" }!
        let (old, new) = try pair.specs()
        let report = CompatibilityReport(old: old, oldLabel: "o", new: new, newLabel: "n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(object["breakingFor"] as? [String] == ["implementers"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["OPERATION_ADDED", "OPERATION_REQUIREMENT_ADDED"])
        #expect(findings.map { $0["whose"] as? [String] } == [["callers"], ["implementers"]])
        #expect(findings.map { $0["severity"] as? String } == ["note", "breaking"])
        // Findings on types carry no `whose`.
        let typePair = CompatibilityCase.all.first { $0.name == "typeAdded" }!
        let (o, n) = try typePair.specs()
        let typeReport = try #require(
            try JSONSerialization.jsonObject(with: Data(CompatibilityReport(old: o, oldLabel: "o", new: n, newLabel: "n").json().utf8))
                as? [String: Any])
        #expect(typeReport["breakingFor"] as? [String] == [])
        #expect((typeReport["findings"] as? [[String: Any]])?.first?["whose"] == nil)
    }

    /// Stores that neither side writes follow `IapStore`: a store added to
    /// the enum is reported once, by the enum rules, not per operation.
    @Test func derivedStoresFollowTheStoreEnum() throws {
        func spec(_ stores: String) throws -> Spec {
            try Self.spec(
                """
                enums:
                  IapStore:
                    values: [\(stores)]
                queries:
                  getStorefront:
                    result: String
                mutations:
                  syncIOS:
                    result: Bool
                """)
        }
        let old = try spec("unknown, apple, google")
        let new = try spec("unknown, apple, google, amazon")
        #expect(new.operation("getStorefront")?.stores.map(\.store) == ["apple", "google", "amazon"])
        #expect(SpecComparison.compare(old: old, new: new).map(\.id) == [.openEnumValueAdded, .enumValueAdded])
    }

    /// An operation's arguments are read by new SDKs and its result by old
    /// callers, like inputs and outputs: a value removed from an enum that
    /// only output records and an argument use is a wire change for the
    /// argument's readers.
    @Test func typesOperationsUseAreJudgedInTheirDirection() throws {
        func spec(_ values: String) throws -> Spec {
            try Self.spec(
                """
                enums:
                  Platform:
                    values: [\(values)]
                records:
                  Receipt:
                    fields:
                      platform: Platform
                queries:
                  receipts:
                    args:
                      platform: Platform
                    result: Receipt[]
                """)
        }
        let old = try spec("ios, android, web")
        let new = try spec("ios, android")
        let usage = SpecComparison.usage(in: old)
        #expect(usage["Platform"] == [.input, .output])
        #expect(usage["ReceiptsArgs"] == [.input])
        #expect(SpecComparison.compare(old: old, new: new).map(\.id) == [.openEnumValueRemoved, .enumValueRemoved])
    }

    // MARK: - Docs

    /// The rule tables of Docs/SpecChanges.md are the rule data printed as
    /// Markdown; change the rules and paste `swift run generator diff
    /// --rules` into them. The CI recipe there and the plugin's command line
    /// in Docs/Usage.md are the commands this package really has.
    @Test func theDocsShowTheRuleTable() throws {
        let root = HorizonEvolution.packageRoot
        let changes = try String(contentsOfFile: root.appendingPathComponent("Docs/SpecChanges.md").path, encoding: .utf8)
        #expect(
            changes.contains(CompatibilityReport.markdownRuleTable()),
            "Docs/SpecChanges.md: paste `swift run generator diff --rules` into the rule table")
        #expect(
            changes.contains(CompatibilityReport.markdownOperationRuleTable()),
            "Docs/SpecChanges.md: paste the second table of `swift run generator diff --rules` into the table of operation rules")
        #expect(changes.contains("swift run generator diff --against origin/main"))
        #expect(changes.contains("swift run generator --check"))
        let usage = try String(contentsOfFile: root.appendingPathComponent("Docs/Usage.md").path, encoding: .utf8)
        #expect(usage.contains("swift package --allow-writing-to-package-directory generate-openiap-types"))
    }
}
