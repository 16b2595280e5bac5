import Foundation
import OpenIAPCodegen
import OpenIAPSpec
import OpenIAPTemplates
import Testing

// The seam between the generator and its targets, proven from outside: a
// target the library does not know, written here with plain (not
// `@testable`) imports, so that only what any user of the library sees is
// used. Docs/AddingATarget.md walks through this file.

/// A Markdown listing of the spec's types: one table row per type, with its
/// kind and the first line of its doc. Its template lives beside it
/// (`templatesDirectory`), not under the generator's `Templates/`.
struct ListingTarget: GenerationTarget {
    let name = "listing"
    let outputFolder = "Listing"
    /// The folder that holds `listing.tmpl`.
    let templatesDirectory: String?

    /// The listing's own rule: a row needs a doc, so an undocumented type is
    /// a located error, reported when the spec loads, with the spec's own.
    func check(_ spec: Spec) -> [Diagnostic] {
        spec.types.filter { ($0.annotations.doc ?? "").isEmpty }.map { type in
            .error("type '\(type.name)' has no doc, which its row in the listing needs", at: type.location)
        }
    }

    func jobs(_ spec: Spec, templates: TemplateSet, header: GeneratedHeader) throws(DiagnosticError) -> [RenderJob] {
        let rows: [TemplateValue] = spec.types.map { type in
            let summary = (type.annotations.doc ?? "").split(separator: "\n").first.map(String.init) ?? ""
            return ["name": .string(type.name), "kind": .string(type.sectionName), "summary": .string(summary)]
        }
        let context: TemplateValue = ["header": .string(header.text), "types": .list(rows)]
        return [
            RenderJob(cost: rows.count) { () throws(DiagnosticError) in
                [GeneratedFile(path: "types.md", contents: try templates.render("listing", context))]
            }
        ]
    }
}

@Suite struct ListingTargetTests {
    static let template = """
        <!-- {{header}} -->
        | type | kind | what |
        |---|---|---|
        {{#types}}
        | `{{name}}` | {{kind}} | {{summary}} |
        {{/types}}

        """

    /// A folder with the listing's template and a spec, removed after `body`.
    static func withFolder(spec: String, _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try template.write(to: folder.appendingPathComponent("templates/listing.tmpl"), atomically: true, encoding: .utf8)
        try spec.write(to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        try body(folder)
    }

    /// The generator's options for a run of the listing alone, beside the
    /// built-in targets.
    static func options(_ folder: URL) -> Generator.Options {
        var options = Generator.Options()
        options.schemaPath = folder.appendingPathComponent("spec.yaml").path
        options.outputDirectory = folder.appendingPathComponent("out").path
        options.availableTargets = Generator.allTargets + [ListingTarget(templatesDirectory: folder.appendingPathComponent("templates").path)]
        options.targets = ["listing"]
        return options
    }

    static let spec = """
        spec:
          version: 2.0.0
        enums:
          Store:
            doc: Where a purchase was made.
            values: [apple, google]
        records:
          Receipt:
            doc: |-
              What a store hands back.
              More lines are not listed.
            fields:
              id: String
              store: Store

        """

    @Test func theGeneratorRunsATargetItDoesNotKnow() throws {
        try Self.withFolder(spec: Self.spec) { folder in
            let generator = Generator(options: Self.options(folder))
            let changes = try generator.run()
            #expect(changes.count == 1)
            let written = try String(contentsOf: folder.appendingPathComponent("out/Listing/types.md"), encoding: .utf8)
            #expect(written == """
                <!-- \(GeneratedHeader(specVersion: "2.0.0").text) -->
                | type | kind | what |
                |---|---|---|
                | `Receipt` | records | What a store hands back. |
                | `Store` | enums | Where a purchase was made. |

                """)
            // Nothing else was written: the other targets were not selected.
            let folders = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            #expect(folders == ["Listing"])
            // And the output is up to date for `--check`.
            #expect(try generator.check().isEmpty)
        }
    }

    @Test func itsCheckRunsWhenTheSpecLoads() throws {
        let undocumented = Self.spec.replacingOccurrences(of: "    doc: Where a purchase was made.\n", with: "")
        try Self.withFolder(spec: undocumented) { folder in
            var problems = ""
            do {
                _ = try Generator(options: Self.options(folder)).run()
            } catch {
                problems = "\(error)"
            }
            #expect(problems.hasSuffix("spec.yaml:4:3: error: type 'Store' has no doc, which its row in the listing needs"))
            // A failed run writes nothing.
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    @Test func builtInChecksStillApply() throws {
        // The built-in targets' rules hold for a run of the listing too:
        // Swift cannot write a type named `Result`.
        let reserved = Self.spec.replacingOccurrences(of: "  Receipt:", with: "  Result:")
        try Self.withFolder(spec: reserved) { folder in
            var problems = ""
            do {
                _ = try Generator(options: Self.options(folder)).run()
            } catch {
                problems = "\(error)"
            }
            #expect(problems.contains("type name 'Result' is reserved in Swift"))
        }
    }
}
