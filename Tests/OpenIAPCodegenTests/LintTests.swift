import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// `generator lint`: each rule reports its bad example and only it, passes
/// its good one, can be switched off per spec and per element or made an
/// error, and Docs/Lint.md shows every rule's examples.
@Suite struct LintTests {
    func lint(_ text: String, file: String = "common.yaml") throws -> [Diagnostic] {
        SpecLinter.lint(try SpecLoader.build(from: [SpecLoader.Source(path: file, text: text)]))
    }

    func ids(_ findings: [Diagnostic]) -> [String] {
        findings.map { String($0.message.dropFirst().prefix { $0 != "]" }) }
    }

    @Test(arguments: LintRules.all.map(\.id))
    func theBadExampleBreaksTheRuleAndTheGoodOneNothing(_ id: LintRule.ID) throws {
        let rule = LintRules.rule(id)
        #expect(Set(ids(try lint(rule.bad, file: rule.file))) == [id.rawValue])
        #expect(try lint(rule.good, file: rule.file).isEmpty)
    }

    @Test func findingsAreLocatedWarnings() throws {
        let findings = try lint(LintRules.rule(.missingDoc).bad)
        #expect(findings.map(\.description) == [
            "common.yaml:4:3: warning: [MISSING_DOC] type 'Storefront' has no 'doc'",
            "common.yaml:6:7: warning: [MISSING_DOC] field 'Storefront.countryCode' has no 'doc'",
        ])
    }

    @Test func theSpecSwitchesRulesOffOrMakesThemErrors() throws {
        let bad = LintRules.rule(.missingDoc).bad
        let off = bad.replacingOccurrences(of: "  version: 3.2.1\n", with: "  version: 3.2.1\n  lint: {off: [MISSING_DOC]}\n")
        #expect(try lint(off).isEmpty)
        let errors = bad.replacingOccurrences(of: "  version: 3.2.1\n", with: "  version: 3.2.1\n  lint: {errors: [MISSING_DOC]}\n")
        #expect(try lint(errors).map(\.severity) == [.error, .error])
    }

    @Test func anElementSwitchesRulesOffForItself() throws {
        let text = LintRules.rule(.missingDoc).bad.replacingOccurrences(
            of: "  Storefront:\n", with: "  Storefront:\n    lint: {off: [MISSING_DOC]}\n")
        #expect(try lint(text).map(\.description) == [
            "common.yaml:7:7: warning: [MISSING_DOC] field 'Storefront.countryCode' has no 'doc'"
        ])
    }

    @Test func anUnknownRuleIsALocatedError() {
        let text = "spec:\n  version: 1.0.0\n  lint: {off: [MISSING_DOCS]}\nrecords:\n  A:\n    lint: {off: [IOS]}\n    fields:\n      a: String\n"
        #expect(throws: DiagnosticError.self) { try lint(text) }
        do {
            _ = try lint(text)
        } catch {
            #expect("\(error)" == """
                common.yaml:3:16: error: unknown lint rule 'MISSING_DOCS' in 'off' of 'lint'; did you mean 'MISSING_DOC'?
                common.yaml:6:18: error: unknown lint rule 'IOS' in 'off' of 'lint'; expected one of: \(LintRules.ids.joined(separator: ", "))
                """)
        }
    }

    @Test func iosSpellingAndPlatformFiles() {
        #expect(SpecLinter.hasIosSpelling("ProductIos") && SpecLinter.hasIosSpelling("isIosOnly") && SpecLinter.hasIosSpelling("Ios2"))
        #expect(!SpecLinter.hasIosSpelling("ProductIOS") && !SpecLinter.hasIosSpelling("Iosevka") && !SpecLinter.hasIosSpelling("bios"))
        #expect(SpecLinter.platformSuffix(of: "Schema/api-ios.yaml") == "IOS")
        #expect(SpecLinter.platformSuffix(of: "Schema/android.yaml") == "Android")
        #expect(SpecLinter.platformSuffix(of: "Schema/common.yaml") == nil && SpecLinter.platformSuffix(of: "bios.yaml") == nil)
    }

    @Test func generationStopsOnALintError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openiap-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let spec = LintRules.rule(.missingDoc).bad.replacingOccurrences(
            of: "  version: 3.2.1\n", with: "  version: 3.2.1\n  lint: {errors: [MISSING_DOC]}\n")
        try spec.write(to: folder.appendingPathComponent("common.yaml"), atomically: true, encoding: .utf8)
        var options = Generator.Options()
        options.schemaPath = folder.path
        options.outputDirectory = folder.appendingPathComponent("out").path
        #expect(throws: DiagnosticError.self) { try Generator(options: options).run() }
        #expect(!FileManager.default.fileExists(atPath: options.outputDirectory))
    }

    /// The lint runs beside the render; a run with lint errors and a broken
    /// template reports the lint errors alone, as when the lint ran first,
    /// and writes nothing.
    @Test func lintErrorsAreReportedInsteadOfRenderErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openiap-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let overrides = folder.appendingPathComponent("overrides/swift")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try "{{#unclosed}}\n".write(to: overrides.appendingPathComponent("record.tmpl"), atomically: true, encoding: .utf8)
        let spec = LintRules.rule(.missingDoc).bad.replacingOccurrences(
            of: "  version: 3.2.1\n", with: "  version: 3.2.1\n  lint: {errors: [MISSING_DOC]}\n")
        try spec.write(to: folder.appendingPathComponent("common.yaml"), atomically: true, encoding: .utf8)
        var options = Generator.Options()
        options.schemaPath = folder.appendingPathComponent("common.yaml").path
        options.templatesRoot = HorizonEvolution.packageRoot.appendingPathComponent("Templates").path
        options.templateOverrides = folder.appendingPathComponent("overrides").path
        options.outputDirectory = folder.appendingPathComponent("out").path
        // The override alone fails the render: the test holds a real failure.
        var clean = options
        clean.schemaPath = HorizonEvolution.packageRoot.appendingPathComponent("Schema").path
        let renderError = #expect(throws: DiagnosticError.self) { try Generator(options: clean).render() }
        #expect(renderError?.diagnostics.contains { $0.description.contains("record.tmpl") } == true)

        let error = #expect(throws: DiagnosticError.self) { try Generator(options: options).run() }
        let messages = error?.diagnostics.map(\.description) ?? []
        #expect(!messages.isEmpty && messages.allSatisfy { $0.contains("error: [MISSING_DOC]") }, "\(messages)")
        #expect(!FileManager.default.fileExists(atPath: options.outputDirectory))
    }

    @Test func theSchemaFollowsTheConventions() throws {
        let schema = HorizonEvolution.packageRoot.appendingPathComponent("Schema").path
        let findings = SpecLinter.lint(try SpecLoader.load(path: schema))
        #expect(findings.map(\.description) == [])
    }

    @Test func docsListEveryRuleWithItsExamples() throws {
        let page = try String(contentsOfFile: HorizonEvolution.packageRoot.appendingPathComponent("Docs/Lint.md").path, encoding: .utf8)
        #expect(page.contains(GeneratorCommand.lintRuleTable()), "Docs/Lint.md: paste `swift run generator lint --rules`")
        #expect(page.contains(GeneratorCommand.lintRuleExamples()), "Docs/Lint.md: paste `swift run generator lint --examples`")
        for rule in LintRules.all {
            #expect(GeneratorCommand.lintRuleExamples().contains("```yaml\n# \(rule.file), reported\n" + rule.bad + "```"))
        }
    }
}
