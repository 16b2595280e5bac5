import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The targets' check hook (`GenerationTarget.check`): the spec loader knows
/// only the spec language, the generator adds every target's rules, and a
/// place two targets refuse is reported once.
@Suite struct TargetCheckTests {
    static let header = "spec:\n  version: 1.0.0\n"

    static func sources(_ text: String) -> [SpecLoader.Source] {
        [SpecLoader.Source(path: "a.yaml", text: header + text)]
    }

    static func generator(targets: [String] = []) -> Generator {
        var options = Generator.Options()
        options.targets = targets
        return Generator(options: options)
    }

    /// The errors `Generator.load` prints; "" when the spec loads.
    static func errors(_ text: String, targets: [String] = []) -> String {
        do {
            _ = try generator(targets: targets).load(sources(text))
            return ""
        } catch {
            return error.description
        }
    }

    @Test func theLoaderAloneKnowsOnlyTheSpecLanguage() throws {
        // A record named like a standard type is a fine spec; Swift and
        // Kotlin cannot write it.
        let text = "records:\n  Result:\n    fields:\n      id: String\n"
        let spec = try SpecLoader.build(from: Self.sources(text))
        #expect(spec.types.map(\.name) == ["Result"])
        #expect(Self.generator().targetProblems(spec).count == 1)
        // Swift refuses it first; Kotlin's error at the same place is not repeated.
        #expect(Self.errors(text)
            == "a.yaml:4:3: error: type name 'Result' is reserved in Swift: a generated type of that name would hide the standard one")
    }

    @Test func everyTargetChecksWhateverTheRunWrites() {
        // The spec is one contract for every SDK: a run that writes
        // TypeScript alone refuses what Swift cannot name all the same.
        let text = "enums:\n  Kind:\n    values: [in-app, in_app]\n"
        let expected = """
            a.yaml:5:22: error: value 'in_app' of 'Kind' collides with 'in-app': both are named 'inApp' in Swift
            a.yaml:5:14: note: 'in-app' declared here
            """
        #expect(Self.errors(text) == expected)
        #expect(Self.errors(text, targets: ["typescript"]) == expected)
    }

    @Test func eachTargetReportsWhatOnlyItCannotWrite() {
        // `ß` and `SS` stay apart in Swift (`ßx`, `sSx`) but not in Kotlin.
        #expect(Self.errors("enums:\n  Letters:\n    values: [ßx, SSx]\n") == """
            a.yaml:5:18: error: value 'SSx' of 'Letters' collides with 'ßx': both are named 'SSx' in Kotlin
            a.yaml:5:14: note: 'ßx' declared here
            """)
        #expect(Self.errors("queries:\n  valueOf: {result: Bool}\n")
            == "a.yaml:4:3: error: query name 'valueOf' is a member of every JavaScript object; a client method of that name would hide it")
    }

    @Test func theSpecsOwnProblemsAndTheTargetsAreReportedTogether() {
        // One run shows both: an unknown type (the spec's rule) and a Swift
        // collision, sorted by place.
        let text = "records:\n  A:\n    fields:\n      product-id: Missing\n      productId: String\n"
        #expect(Self.errors(text) == """
            a.yaml:6:7: error: unknown type 'Missing'
            a.yaml:7:7: error: field 'productId' of 'A' collides with 'product-id': both are named 'productId' in Swift
            a.yaml:6:7: note: 'product-id' declared here
            """)
    }

    @Test func aTargetThatRefusesNothingAddsNothing() throws {
        let spec = try Self.generator().load(Self.sources("records:\n  A:\n    fields:\n      id: String\n"))
        for target in Generator.allTargets { #expect(target.check(spec).isEmpty, "\(target.name)") }
        #expect(JSONSchemaTarget().check(try SpecLoader.build(from: Self.sources("records:\n  Result:\n    fields:\n      id: String\n"))).isEmpty)
    }
}
