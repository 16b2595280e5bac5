import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The map form of `deprecated:` (reason, since, removeIn, replacement) and
/// the checks that need the whole spec, each with its exact message and place.
@Suite struct DeprecationTests {
    static let header = "spec:\n  version: 3.2.1\n"

    func errors(_ text: String) -> String {
        do {
            _ = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: Self.header + text)])
            return ""
        } catch {
            return error.description
        }
    }

    func spec(_ text: String) throws -> Spec {
        try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: Self.header + text)])
    }

    static let records = """
        records:
          Product:
            fields:
              id: String
              price: Double
              displayPrice:
                type: String
                deprecated:
                  reason: Format price yourself.
                  since: 3.1.0
                  removeIn: 4.0.0
                  replacement: Product.price
          OldProduct:
            deprecated: {replacement: Product, removeIn: 4.0.0}
            fields:
              id: String
        enums:
          IapStore:
            values:
              apple: Apple
              ios:
                doc: The old spelling.
                deprecated: {replacement: IapStore.apple}
        queries:
          fetchProducts:
            result: Product[]
          fetchAll:
            result: Product[]
            deprecated: {replacement: fetchProducts}

        """

    @Test func theMapFormIsRead() throws {
        let spec = try spec(Self.records)
        let field = try #require(spec.record("Product")?.field("displayPrice"))
        #expect(field.annotations.deprecated == "Format price yourself.")
        let deprecation = try #require(field.annotations.deprecation)
        #expect(deprecation.since == "3.1.0" && deprecation.removeIn == "4.0.0" && deprecation.replacement == "Product.price")
        #expect(deprecation.replacementLocation?.line == 14 && deprecation.location.line >= 9)
        // No reason: an empty message, as `deprecated: true` gives.
        #expect(spec.record("OldProduct")?.annotations.deprecated == "")
        #expect(spec.operation("fetchAll")?.annotations.deprecation?.replacement == "fetchProducts")
    }

    @Test func theStringFormHasNoDeprecationFacts() throws {
        let spec = try spec("records:\n  A:\n    fields:\n      a:\n        type: String\n        deprecated: use b\n      b: String\n")
        let a = try #require(spec.record("A")?.field("a"))
        #expect(a.annotations.deprecated == "use b" && a.annotations.deprecation == nil)
    }

    @Test func aMissingReplacementIsALocatedError() {
        let text = Self.records.replacingOccurrences(of: "replacement: Product.price", with: "replacement: Product.prize")
        #expect(errors(text) == "a.yaml:14:24: error: replacement 'Product.prize' of field 'Product.displayPrice' names no type, field, value, operation or argument of the spec; did you mean 'Product.price'?")
    }

    @Test func aDeprecatedReplacementIsAnError() {
        let chained = Self.records.replacingOccurrences(of: "replacement: Product.price", with: "replacement: OldProduct")
        #expect(errors(chained) == """
            a.yaml:14:24: error: replacement 'OldProduct' of field 'Product.displayPrice' is deprecated itself; name what replaces it ('Product')
            a.yaml:15:3: note: type 'OldProduct' is deprecated here
            """)
    }

    @Test func aReplacementInADeprecatedOwnerIsAnError() {
        // The replacement is not deprecated, its type is: using it would warn all the same.
        let text = Self.records.replacingOccurrences(of: "replacement: Product.price", with: "replacement: OldProduct.id")
        #expect(errors(text) == """
            a.yaml:14:24: error: replacement 'OldProduct.id' of field 'Product.displayPrice' belongs to type 'OldProduct', which is deprecated itself
            a.yaml:15:3: note: type 'OldProduct' is deprecated here
            """)
    }

    @Test func aCycleOfReplacementsIsOneError() {
        let text = Self.records
            .replacingOccurrences(of: "  fetchProducts:\n    result: Product[]\n", with: "  fetchProducts:\n    result: Product[]\n    deprecated: {replacement: fetchAll}\n")
        #expect(errors(text) == "a.yaml:29:31: error: replacements of deprecated elements form a cycle: fetchProducts -> fetchAll -> fetchProducts")
        let itself = Self.records.replacingOccurrences(of: "replacement: fetchProducts", with: "replacement: fetchAll")
        #expect(errors(itself) == "a.yaml:31:31: error: operation 'fetchAll' names itself as its replacement")
    }

    @Test func removeInMustBeALaterVersion() {
        let notVersion = Self.records.replacingOccurrences(of: "removeIn: 4.0.0\n", with: "removeIn: next\n")
        #expect(errors(notVersion) == "a.yaml:13:21: error: expected a version such as 1.2.3 for 'removeIn' of 'deprecated' (the spec version that may remove it), found 'next'")
        let early = Self.records.replacingOccurrences(of: "removeIn: 4.0.0\n", with: "removeIn: 3.1.0\n")
        #expect(errors(early) == "a.yaml:13:21: error: 'removeIn' 3.1.0 of field 'Product.displayPrice' must be later than the version it was deprecated in, 3.1.0")
        let beforeIntroduced = "records:\n  A:\n    since: 3.0.0\n    deprecated: {removeIn: 3.0.0-rc.1}\n    fields:\n      a: String\n"
        #expect(errors(beforeIntroduced) == "a.yaml:6:28: error: 'removeIn' 3.0.0-rc.1 of type 'A' must be later than the version it was introduced in, 3.0.0")
    }

    @Test func unknownKeysAreErrors() {
        #expect(errors("records:\n  A:\n    deprecated: {reason: r, removedIn: 4.0.0}\n    fields:\n      a: String\n")
            == "a.yaml:5:29: error: unknown key 'removedIn' in 'deprecated'; did you mean 'removeIn'?")
    }

    @Test func versionsAreOrderedAsSemanticVersions() {
        #expect(SpecVersion.precedes("3.2.1", "4.0.0") == true)
        #expect(SpecVersion.precedes("3.10.0", "3.9.0") == false)
        #expect(SpecVersion.precedes("4.0.0-rc.1", "4.0.0") == true)
        #expect(SpecVersion.precedes("4.0.0", "4.0.0-rc.1") == false)
        #expect(SpecVersion.precedes("4.0.0-beta.2", "4.0.0-beta.10") == true)
        #expect(SpecVersion.precedes("4.0.0-1", "4.0.0-alpha") == true)
        #expect(SpecVersion.precedes("4.0.0+b1", "4.0.0+b2") == false)
        #expect(SpecVersion.precedes("4.0", "4.0.0") == nil)
    }
}
