import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The migration guide of `generator diff --format markdown` over the pair
/// of Tests/Releases (scripts/releases.sh compiles its snippets).
@Suite struct MigrationGuideTests {
    static func guide() throws -> MigrationGuide {
        let root = HorizonEvolution.packageRoot.appendingPathComponent("Tests/Releases")
        let old = try SpecLoader.load(path: root.appendingPathComponent("Old").path)
        let new = try SpecLoader.load(path: root.appendingPathComponent("New").path)
        return MigrationGuide(old: old, oldLabel: "Tests/Releases/Old", new: new, newLabel: "Tests/Releases/New")
    }

    @Test func theGuideNamesEveryMoveWithSnippets() throws {
        let text = try Self.guide().markdown()
        #expect(text.hasPrefix("# Migrating from 1.0.0 to 2.0.0\n\n## Summary\n"))
        for (language, before, after) in [
            ("Swift", "func migration1(_ value: Receipt) -> Receipt {", "func migration1(_ value: PurchaseReceipt) -> PurchaseReceipt {"),
            ("Swift", "    _ = value.token\n", "    _ = value.purchaseToken\n"),
            ("Kotlin", "(value: Receipt): Any? = value.token\n", "(value: PurchaseReceipt): Any? = value.purchaseToken\n"),
            ("TypeScript", "  return value.success;", "  return value.isValid;"),
            // A moved query and a moved argument show as calls.
            ("Swift", "    _ = try await api.offers(sku: sku)\n", "    _ = try await api.discounts(sku: sku)\n"),
            (
                "Swift", "code: String, offer: String?) async throws {\n    _ = try await api.redeem(code: code, offer: offer)\n",
                "code: String, discount: String?) async throws {\n    _ = try await api.redeem(code: code, offer: nil, discount: discount)\n"
            ),
            ("Kotlin", "    api.redeem(code = code, offer = offer)\n", "    api.redeem(code = code, discount = discount)\n"),
            ("TypeScript", "  await api.offers(sku);\n", "  await api.discounts(sku);\n"),
            ("TypeScript", "  await api.redeem({ code, offer });\n", "  await api.redeem({ code, discount });\n"),
        ] {
            #expect(text.contains(before), "\(language) before: \(before)")
            #expect(text.contains(after), "\(language) after: \(after)")
        }
        // Deterministic: the same pair gives the same bytes.
        #expect(try Self.guide().markdown() == text)
    }

    @Test func docsShowTheGuideOfThePair() throws {
        let page = try String(
            contentsOfFile: HorizonEvolution.packageRoot.appendingPathComponent("Docs/Releases.md").path, encoding: .utf8)
        #expect(page.contains(try Self.guide().markdown()), "Docs/Releases.md: paste `swift run generator diff Tests/Releases/Old Tests/Releases/New --format markdown`")
    }
}

extension MigrationGuideTests {
    @Test func removalsAreTabledWithTheirReplacements() throws {
        let pair = try #require(CompatibilityCase.schedules.first { $0.name == "deprecated field removed before its removeIn" })
        let (old, new) = try pair.specs()
        let text = MigrationGuide(old: old, oldLabel: "old", new: new, newLabel: "new").markdown()
        #expect(text.contains("\n## Removed, and what replaces it\n\n| removed | replacement | deprecated since | was to go in |\n|---|---|---|---|\n| `Receipt.token` | `Receipt.id` |  | 2.0.0 |\n"))
        #expect(text.contains("`REMOVED_BEFORE_SCHEDULE`, breaking."))
    }
}

extension MigrationGuideTests {
    /// Tests/Releases/Hostile: names that are keywords or that the snippets'
    /// own names would take (scripts/releases.sh compiles its guide).
    @Test func hostileNamesAreEscapedAndKeptApart() throws {
        let root = HorizonEvolution.packageRoot.appendingPathComponent("Tests/Releases/Hostile")
        let old = try SpecLoader.load(path: root.appendingPathComponent("Old").path)
        let new = try SpecLoader.load(path: root.appendingPathComponent("New").path)
        let text = MigrationGuide(old: old, oldLabel: "old", new: new, newLabel: "new").markdown()
        for expected in [
            // The SDK parameter steps aside for an argument called `api`.
            "func migration5(_ api_: some OpenIAPCommonOperations, api: String, `default`: String?) async throws {\n"
                + "    _ = try await api_.peek(api: api, default: `default`)\n",
            // `self` is a positional argument; its Swift parameter takes another name.
            "    try await api_.close(self_, api: nil, with: with)\n",
            // A Kotlin parameter of a named type imports it.
            "import dev.openiap.types.Lid\nimport dev.openiap.types.OpenIAPCommonOperations\n",
            // A TypeScript keyword as a parameter gets a `_`.
            "  await api_.close({ self, with: _with });\n",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
    }
}
