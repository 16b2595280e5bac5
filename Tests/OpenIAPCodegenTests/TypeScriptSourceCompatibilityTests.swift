import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The TypeScript side of the source rules, checked with tsc: for spec pairs
/// of `CompatibilityCases`, a piece of app, SDK or bridge code that uses the
/// OLD module (`openiap.ts`, and the client where it calls one) is compiled
/// against the TypeScript rendered from OLD (it must compile) and from NEW
/// (it must fail exactly when the pair's rule says it breaks TypeScript).
/// One tsc run checks every usage on both sides. The Swift side of every
/// pair is `SwiftAPIDigesterTests`, the Kotlin side
/// `KotlinSourceCompatibilityTests`.
@Suite struct TypeScriptSourceCompatibilityTests {
    struct Usage: Sendable {
        /// The `CompatibilityCase` whose specs are rendered.
        var pair: String
        /// The source rule the usage demonstrates.
        var rule: CompatibilityRule.ID
        /// TypeScript beside `openiap.ts`, written against OLD.
        var code: String
    }

    /// What every usage imports; tsc needs no more (unused imports are fine).
    static let client = "import { createOpenIAPClient } from \"./openiap-client\";\n"

    static let usages: [Usage] = [
        // Arguments: one is passed as itself, several as an object, so a
        // second argument changes the calls (a first one, optional, would not).
        Usage(pair: "optionalArgumentAdded", rule: .optionalArgumentAdded, code: client + """
            import type { ProductRequest } from "./openiap";
            declare const request: ProductRequest;
            export const products = createOpenIAPClient(async () => ({ result: [] })).fetchProducts(request);
            """),
        Usage(pair: "requiredArgumentAdded", rule: .requiredArgumentAdded, code: client + """
            export const products = createOpenIAPClient(async () => ({ result: [] })).fetchProducts({ skus: ["a"] });
            """),
        Usage(pair: "argumentRemoved", rule: .argumentRemoved, code: client + """
            export const products = createOpenIAPClient(async () => ({ result: [] })).fetchProducts({ params: { skus: ["a"] }, currency: "EUR" });
            """),
        // A single argument names no key in calls, but the JSON call does.
        Usage(pair: "argumentRenamed", rule: .argumentRenamed, code: """
            import type { OpenIAPCall } from "./openiap";
            export const call: OpenIAPCall = { operation: "fetchProducts", args: { params: { skus: ["a"] } } };
            """),
        Usage(pair: "argumentsReordered", rule: .argumentOrderChanged, code: client + """
            export const products = createOpenIAPClient(async () => ({ result: [] })).fetchProducts({ currency: "EUR", params: { skus: ["a"] } });
            """),
        Usage(pair: "argumentNowPositional", rule: .argumentPositionalChanged, code: client + """
            export const products = createOpenIAPClient(async () => ({ result: [] })).fetchProducts({ skus: ["a"] });
            """),
        Usage(pair: "argumentNowRequired", rule: .argumentNowRequired, code: client + """
            export const done = createOpenIAPClient(async () => ({ result: true })).finishTransaction({ transactionId: "t" });
            """),
        Usage(pair: "argumentNowOptional", rule: .argumentNowOptional, code: client + """
            export const done = createOpenIAPClient(async () => ({ result: true })).finishTransaction({ transactionId: "t", isConsumable: true });
            """),
        Usage(pair: "argumentAliasRemoved", rule: .argumentAliasKeyRemoved, code: client + """
            export const products = createOpenIAPClient(async () => ({ result: [] })).fetchProducts({ params: { skus: ["a"] }, currencyCode: "EUR" });
            """),
        // Results.
        Usage(pair: "resultNowVoid", rule: .resultNowVoid, code: client + """
            export async function use(): Promise<boolean> {
              return createOpenIAPClient(async () => ({ result: true })).restorePurchases();
            }
            """),
        Usage(pair: "resultNoLongerVoid", rule: .resultNoLongerVoid, code: client + """
            export async function use(): Promise<void> {
              await createOpenIAPClient(async () => ({ result: null })).restorePurchases();
            }
            """),
        Usage(pair: "resultNowRequired", rule: .resultNowRequired, code: client + """
            export async function use(): Promise<string> {
              return (await createOpenIAPClient(async () => ({ result: "USA" })).getStorefront()) ?? "none";
            }
            """),
        // Groups: the type apps use leaves them to the bridge, the JSON's holds them.
        Usage(pair: "exactlyOneGroupAdded", rule: .exactlyOneVariantsNarrowed, code: """
            import type { OpenIAPWireTypes } from "./openiap";
            export const both: OpenIAPWireTypes["Request"] = { apple: "a", google: "g" };
            """),
        Usage(pair: "atLeastOneGroupAdded", rule: .atLeastOneVariantsNarrowed, code: """
            import type { OpenIAPWireTypes } from "./openiap";
            export const none: OpenIAPWireTypes["Request"] = {};
            """),
        Usage(pair: "recordBecomesOneOf", rule: .recordOneOfChanged, code: """
            import type { Fetched } from "./openiap";
            export const products = (fetched: Fetched): string[] => fetched.products ?? [];
            """),
        Usage(pair: "exactlyOneBecomesChoice", rule: .choiceChanged, code: """
            import type { Request } from "./openiap";
            export const request: Request = { apple: "a" };
            """),
        // Fields, enums, unions, aliases.
        Usage(pair: "requiredFieldsSwapped", rule: .fieldOrderChanged, code: """
            import type { Outcome } from "./openiap";
            export const outcome: Outcome = { store: "google", isValid: true };
            """),
        Usage(pair: "fieldAliasRemoved", rule: .fieldAliasKeyRemoved, code: """
            import type { Request } from "./openiap";
            export const request: Request = { ios: "a" };
            """),
        Usage(pair: "closedEnumValueAddedToOutput", rule: .enumValueAdded, code: """
            import type { Format } from "./openiap";
            export function name(format: Format): string {
              switch (format) {
                case "json": return "JSON";
                case "toml": return "TOML";
                default: {
                  const unreachable: never = format;
                  return unreachable;
                }
              }
            }
            """),
        Usage(pair: "opaqueValueRemoved", rule: .opaqueValueRemoved, code: """
            import type { Environment } from "./openiap";
            export const xcode: Environment = "Xcode";
            """),
        Usage(pair: "openUnionMemberAdded", rule: .unionMemberAdded, code: """
            import type { Purchase } from "./openiap";
            export function store(purchase: Purchase): string {
              switch (purchase.kind) {
                case "apple": return "App Store";
                case "google": return "Google Play";
                default: {
                  const unreachable: never = purchase;
                  return unreachable;
                }
              }
            }
            """),
        Usage(pair: "unionUnknownPolicyChanged", rule: .unionUnknownPolicyChanged, code: """
            import type { Apple, Purchase } from "./openiap";
            declare const apple: Apple;
            export const purchase: Purchase = apple;
            """),
        Usage(pair: "aliasTargetChanged", rule: .aliasTargetChanged, code: """
            import type { ReceiptInput } from "./openiap";
            export const input: ReceiptInput = { id: "r" };
            """),
    ]

    @Test func everyUsageNamesARuleOfItsPair() throws {
        for usage in Self.usages {
            let pair = try #require(CompatibilityCase.all.first { $0.name == usage.pair }, "\(usage.pair)")
            #expect(pair.expected.contains(usage.rule), "\(usage.pair) reports \(usage.rule.rawValue)")
        }
        // Both kinds of verdict are exercised.
        #expect(Set(Self.usages.map { CompatibilityRules.rule($0.rule).breaksSourceIn.contains(.typescript) }) == [true, false])
    }

    @Test func tscCompilesAsTheRulesSay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("typescript-compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let templates = try TemplateSet.load(
            directory: GoldenTests.packageRoot.appendingPathComponent("Templates/typescript").path, displayPath: "typescript")
        // Relative path of each usage file -> whether tsc must reject it.
        var files: [String: Bool] = [:]
        for (index, usage) in Self.usages.enumerated() {
            let pair = try #require(CompatibilityCase.all.first { $0.name == usage.pair })
            let (old, new) = try pair.specs()
            let breaks = CompatibilityRules.rule(usage.rule).breaksSourceIn.contains(.typescript)
            for (side, spec) in [("old", old), ("new", new)] {
                let folder = "\(index)-\(usage.pair)/\(side)"
                let url = directory.appendingPathComponent(folder)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                for file in try TypeScriptTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: spec.version)) {
                    try Data(file.contents.utf8).write(to: url.appendingPathComponent(file.path))
                }
                try (usage.code + "\n").write(to: url.appendingPathComponent("usage.ts"), atomically: true, encoding: .utf8)
                files["\(folder)/usage.ts"] = side == "new" && breaks
            }
        }
        let result = try ExternalTool.run(
            ["tsc", "--strict", "--noEmit", "--target", "es2020", "--lib", "es2020", "--module", "commonjs", "--pretty", "false"]
                + files.keys.sorted(),
            in: directory)
        // The files tsc reported an error in.
        var failing: Set<String> = []
        for line in result.output.split(separator: "\n") where line.contains("): error TS") {
            failing.insert(String(line.prefix { $0 != "(" }))
        }
        for (file, mustFail) in files.sorted(by: { $0.key < $1.key }) {
            #expect(failing.contains(file) == mustFail, "\(file): \(mustFail ? "compiled, although its rule says TypeScript breaks" : "tsc failed")\n\(result.output)")
        }
        // Only usage files fail: the generated modules compile on both sides.
        #expect(failing.isSubset(of: Set(files.keys)), "\(result.output)")
    }
}
