import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The Kotlin side of the source rules, checked with kotlinc: for spec pairs
/// of `CompatibilityCases`, a piece of app code that uses the OLD types is
/// compiled against the Kotlin rendered from OLD (it must compile) and from
/// NEW (it must fail exactly when the pair's rule says it breaks Kotlin).
/// The Swift side of every pair is `SwiftAPIDigesterTests`.
@Suite struct KotlinSourceCompatibilityTests {
    struct Usage: Sendable, CustomTestStringConvertible {
        /// The `CompatibilityCase` whose specs are rendered.
        var pair: String
        /// The source rule the usage demonstrates.
        var rule: CompatibilityRule.ID
        /// Kotlin code in the generated package, written against OLD.
        var code: String

        var testDescription: String { "\(pair) (\(rule.rawValue))" }
    }

    static let usages: [Usage] = [
        // An exhaustive `when` over an open enum misses the new value.
        Usage(pair: "openEnumValueAddedToOutput", rule: .enumValueAdded, code: """
            fun use(store: Store): Int = when (store) {
                Store.Apple -> 1
                Store.Google -> 2
                is Store.Unrecognized -> 0
            }
            """),
        // ...and over a closed one.
        Usage(pair: "closedEnumValueAddedToOutput", rule: .enumValueAdded, code: """
            fun use(format: Format): Int = when (format) {
                Format.Json -> 1
                Format.Toml -> 2
            }
            """),
        // The union's members are the records that extend it.
        Usage(pair: "openUnionMemberAdded", rule: .unionMemberAdded, code: """
            fun use(purchase: Purchase): String = when (purchase) {
                is Apple -> purchase.kind
                is Google -> purchase.kind
                is Purchase.Unrecognized -> "?"
            }
            """),
        // A record that leaves the union no longer extends it.
        Usage(pair: "unionMemberTypeChanged", rule: .unionMemberTypeChanged, code: """
            fun use(purchase: Purchase): Boolean = purchase is Google
            """),
        // Tags name nothing in Kotlin: a new tag leaves the code alone.
        Usage(pair: "unionTagChanged", rule: .unionMemberRenamed, code: """
            fun use(purchase: Purchase): Int = when (purchase) {
                is Apple -> 1
                is Google -> 2
                is Purchase.Unrecognized -> 0
            }
            """),
        // A oneOf record is a sealed class with a class per field.
        Usage(pair: "recordBecomesOneOf", rule: .recordOneOfChanged, code: """
            val fetched: Fetched = Fetched(products = listOf("a"))
            """),
        // A named choice's cases are classes nested in the choice's class
        // (`Request_`: the record's own name is taken).
        Usage(pair: "choiceCaseRenamed", rule: .choiceChanged, code: """
            val request: Request = Request(request = Request.Request_.Purchase("sku"))
            """),
        Usage(pair: "unionUnknownPolicyChanged", rule: .unionUnknownPolicyChanged, code: """
            fun use(purchase: Purchase): Boolean = purchase is Purchase.Unrecognized
            """),
        Usage(pair: "opaqueValueRemoved", rule: .opaqueValueRemoved, code: """
            val xcode: Environment = Environment.Xcode
            """),
        Usage(pair: "enumOpened", rule: .enumOpened, code: """
            val all: Array<Format> = Format.values()
            """),
        // Kotlin checks exactly-one groups in validate() only: both compile.
        Usage(pair: "exactlyOneGroupAdded", rule: .exactlyOneVariantsNarrowed, code: """
            val both: Request = Request(apple = "a", google = "g")
            """),
        // Constructor calls that name their arguments do not care about order.
        Usage(pair: "requiredFieldsSwapped", rule: .fieldOrderChanged, code: """
            val outcome: Outcome = Outcome(store = "google", isValid = true)
            """),
        // Operations: an SDK's class implements the interface...
        Usage(pair: "operationAdded", rule: .operationRequirementAdded, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun fetchProducts(params: ProductRequest): List<Product> = emptyList()
            }
            """),
        // ...and its `override` of an operation that is gone overrides nothing.
        Usage(pair: "operationRemoved", rule: .operationRemoved, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun fetchProducts(params: ProductRequest): List<Product> = emptyList()
                override suspend fun getStorefront(): String = "US"
            }
            """),
        // A caller of the old operations still compiles.
        Usage(pair: "operationAdded", rule: .operationAdded, code: """
            suspend fun use(sdk: OpenIAPCommonOperations): Int = sdk.fetchProducts(ProductRequest(skus = listOf("a"))).size
            """),
        // The interface declares a new optional argument `= null`, but an
        // override must take every parameter.
        Usage(pair: "optionalArgumentAdded", rule: .optionalArgumentAdded, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun fetchProducts(params: ProductRequest): List<Product> = emptyList()
            }
            """),
        Usage(pair: "argumentNowOptional", rule: .argumentNowOptional, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun finishTransaction(transactionId: String, isConsumable: Boolean): Boolean = isConsumable
            }
            """),
        Usage(pair: "resultNowRequired", rule: .resultNowRequired, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun getStorefront(): String? = null
            }
            """),
        // Kotlin keeps the names of positional arguments, in calls and overrides.
        Usage(pair: "argumentNowPositional", rule: .argumentPositionalChanged, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun fetchProducts(params: ProductRequest): List<Product> = emptyList()
            }

            suspend fun use(sdk: OpenIAPCommonOperations): Int = sdk.fetchProducts(params = ProductRequest(skus = listOf("a"))).size
            """),
        // A result that becomes nothing (Unit) no longer matches an override that returns one...
        Usage(pair: "resultNowVoid", rule: .resultNowVoid, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun restorePurchases(): Boolean = true
            }
            """),
        // ...and an override that returns nothing no longer matches a result.
        Usage(pair: "resultNoLongerVoid", rule: .resultNoLongerVoid, code: """
            class Sdk : OpenIAPCommonOperations {
                override suspend fun restorePurchases() {}
            }
            """),
        // An alias is its target: a value of the old target is not one of the new.
        Usage(pair: "aliasTargetChanged", rule: .aliasTargetChanged, code: """
            val input: ReceiptInput = Receipt(id = "r")
            """),
        // Kotlin has no alias keys: calls name the argument itself.
        Usage(pair: "argumentAliasRemoved", rule: .argumentAliasKeyRemoved, code: """
            suspend fun use(sdk: OpenIAPCommonOperations): Int =
                sdk.fetchProducts(params = ProductRequest(skus = listOf("a")), currency = "EUR").size
            """),
    ]

    @Test func everyUsageNamesARuleOfItsPair() throws {
        for usage in Self.usages {
            let pair = try #require(CompatibilityCase.all.first { $0.name == usage.pair }, "\(usage.pair)")
            #expect(pair.expected.contains(usage.rule), "\(usage.pair) reports \(usage.rule.rawValue)")
        }
        // Both kinds of verdict are exercised.
        #expect(Set(Self.usages.map { CompatibilityRules.rule($0.rule).breaksSourceIn.contains(.kotlin) }) == [true, false])
    }

    /// Every usage's OLD and NEW side, each rendered in a package of its own
    /// (`--kotlin-package`), so that kotlinc runs twice rather than twice per
    /// usage: once over every side that must compile (warnings as errors),
    /// once over the NEW sides that must not, where each usage must have an
    /// error of its own and the generated code none.
    @Test func kotlinCompilesAsTheRulesSay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kotlin-compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let templates = try TemplateSet.load(
            directory: GoldenTests.packageRoot.appendingPathComponent("Templates/kotlin").path, displayPath: "kotlin")
        var compiling: [String] = []
        var failing: [String] = []
        var failingUsages: [(usage: Usage, file: String)] = []
        for (index, usage) in Self.usages.enumerated() {
            let pair = try #require(CompatibilityCase.all.first { $0.name == usage.pair })
            let (old, new) = try pair.specs()
            let breaks = CompatibilityRules.rule(usage.rule).breaksSourceIn.contains(.kotlin)
            for (side, spec) in [("old", old), ("new", new)] {
                let package = "compat.u\(index).\(side)"
                let folder = directory.appendingPathComponent("u\(index)-\(side)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                var sources: [String] = []
                for file in try KotlinTarget(packageName: package).render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version))
                where file.path != "OpenIAPOrgJson.kt" {
                    let path = folder.appendingPathComponent(file.path)
                    try Data(file.contents.utf8).write(to: path)
                    sources.append(path.path)
                }
                let usageFile = folder.appendingPathComponent("Usage.kt")
                try ("package \(package)\n\n" + usage.code + "\n").write(to: usageFile, atomically: true, encoding: .utf8)
                if side == "new" && breaks {
                    failing += sources + [usageFile.path]
                    // kotlinc names the files it reports relative to where it runs.
                    failingUsages.append((usage, "u\(index)-new/Usage.kt"))
                } else {
                    compiling += sources + [usageFile.path]
                }
            }
        }
        let script = GoldenTests.packageRoot.appendingPathComponent("scripts/kotlin.sh").path
        let compiled = try ExternalTool.run([script, "compile", directory.appendingPathComponent("compiling.jar").path] + compiling, in: directory)
        #expect(compiled.status == 0, "the sides that must compile did not:\n\(compiled.output)")
        let failed = try ExternalTool.run([script, "compile", directory.appendingPathComponent("failing.jar").path] + failing, in: directory)
        #expect(failed.status != 0)
        // Errors only, each in a usage: a warning turned into an error, or an
        // error in generated code, would prove nothing.
        let errors = failed.output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains("warnings found") }
        for line in errors {
            #expect(failingUsages.contains { line.hasPrefix($0.file + ":") }, "not an error of a usage: \(line)")
        }
        for (usage, file) in failingUsages {
            #expect(errors.contains { $0.hasPrefix(file + ":") }, "new: compiled, although \(usage.rule.rawValue) says Kotlin breaks (\(usage.pair))")
        }
    }
}
