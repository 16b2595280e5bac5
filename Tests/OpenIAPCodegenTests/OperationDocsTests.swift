import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The shared layer's operation docs (`OperationDocs`): one operation
/// rendered in Swift, Kotlin and TypeScript says the same thing in each
/// language's docs, which stores implement it, an argument's default and its
/// deprecation, in the same words.
@Suite struct OperationDocsTests {
    static let spec = """
        spec:
          version: 1.0.0
        enums:
          ErrorCode:
            values: [unknown, developer-error, feature-not-supported]
          IapStore:
            values: [unknown, apple, google]
        records:
          PurchaseError:
            fields:
              code: ErrorCode
              message: String
              productId: String?
        queries:
          find:
            doc: Finds things.
            args:
              mode:
                type: String?
                default: fast
                deprecated: Pass speed instead.
              speed:
                type: Int?
            result: Bool
            stores: [apple, google]
        events:
          found:
            payload: Bool
            stores: [google]

        """

    /// Every file each language's target writes, joined, by target name.
    static func outputs() throws -> [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var options = Generator.Options()
        options.templatesRoot = root.appendingPathComponent("Templates").path
        options.targets = ["swift", "kotlin", "typescript"]
        let generator = Generator(options: options)
        let spec = try generator.load([SpecLoader.Source(path: "a.yaml", text: spec)])
        var result: [String: String] = [:]
        for file in try generator.render(spec) {
            let folder = String(file.path.prefix { $0 != "/" })
            result[folder, default: ""] += file.contents
        }
        return result
    }

    @Test func everyLanguageSaysTheSame() throws {
        let outputs = try Self.outputs()
        #expect(outputs.keys.sorted() == ["Kotlin", "Swift", "TypeScript"])
        let sentences = [
            "Implemented by the stores `apple` and `google`.",
            "Delivered by the store `google`.",
            #"Defaults to `"fast"` when absent."#,
            "Deprecated: Pass speed instead.",
            "The `speed` argument.",
        ]
        for (language, text) in outputs {
            for sentence in sentences where language != "TypeScript" || sentence != "The `speed` argument." {
                #expect(text.contains(sentence), "\(language) lacks \(sentence)")
            }
        }
    }

    @Test func theWordsAreWrittenOnce() {
        #expect(OperationDocs.listed(["a"]) == "a")
        #expect(OperationDocs.listed(["a", "b", "c"]) == "a, b and c")
        #expect(OperationDocs.deprecation("") == "Deprecated.")
        #expect(OperationDocs.defaultSentence("`1`") == "Defaults to `1` when absent.")
    }
}
