import Foundation
import Testing

@testable import OpenIAPCodegen

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
        Usage(pair: "openUnionMemberAdded", rule: .unionMemberAdded, code: """
            fun use(purchase: Purchase): String = when (purchase) {
                is Purchase.Apple -> purchase.value.kind
                is Purchase.Google -> purchase.value.kind
                is Purchase.Unrecognized -> "?"
            }
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

    @Test(arguments: usages)
    func kotlinCompilesAsTheRuleSays(_ usage: Usage) throws {
        let pair = try #require(CompatibilityCase.all.first { $0.name == usage.pair })
        let (old, new) = try pair.specs()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kotlin-compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let breaks = CompatibilityRules.rule(usage.rule).breaksSourceIn.contains(.kotlin)
        for (side, spec) in [("old", old), ("new", new)] {
            let folder = directory.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let templates = try TemplateSet.load(
                directory: GoldenTests.packageRoot.appendingPathComponent("Templates/kotlin").path, displayPath: "kotlin")
            var sources: [String] = []
            for file in try KotlinTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version))
            where file.path != "OpenIAPOrgJson.kt" {
                let path = folder.appendingPathComponent(file.path)
                try Data(file.contents.utf8).write(to: path)
                sources.append(path.path)
            }
            let usageFile = folder.appendingPathComponent("Usage.kt")
            try ("package \(KotlinNames.packageName)\n\n" + usage.code + "\n").write(to: usageFile, atomically: true, encoding: .utf8)
            let result = try ExternalTool.run(
                [GoldenTests.packageRoot.appendingPathComponent("scripts/kotlin.sh").path, "compile",
                 folder.appendingPathComponent("out.jar").path] + sources + [usageFile.path],
                in: folder)
            if side == "old" || !breaks {
                #expect(result.status == 0, "\(side): kotlinc failed:\n\(result.output)")
            } else {
                #expect(result.status != 0, "\(side): compiled, although \(usage.rule.rawValue) says Kotlin breaks")
                // A compile error, not a warning turned into one.
                #expect(result.output.contains("error:") && !result.output.contains("warnings found"), "\(result.output)")
            }
        }
    }
}
