import Foundation
import OpenIAPBridge
import OpenIAPMemoryStore
import OpenIAPTypes
import Testing

/// A native module of a JavaScript bridge (React Native, Expo), reduced to
/// its two entry points, as Docs/SwiftBridge.md shows it: JavaScript passes the
/// operation's name and its arguments as JSON text and gets the reply's
/// JSON text back; events go out through the module's emitter.
final class PurchasesModule: Sendable {
    private let dispatcher: OpenIAPDispatcher

    init(sdk: any OpenIAPAndroidOperations, emit: @escaping @Sendable (String) -> Void) {
        dispatcher = OpenIAPDispatcher(store: .google, sdk: sdk) { event in
            emit(String(decoding: event, as: UTF8.self))
        }
    }

    /// `OpenIAP.call("finishTransaction", '{"purchase": {…}, "isConsumable": true}')`
    func call(_ operation: String, _ arguments: String) async -> String {
        let reply = await dispatcher.call(operation, arguments: Data(arguments.utf8))
        return String(decoding: reply, as: UTF8.self)
    }

    /// `OpenIAP.addListener("purchaseUpdated", '{"options": {}}', 7)`
    func addListener(_ event: String, _ arguments: String, _ subscription: Int64) async -> String {
        String(decoding: await dispatcher.subscribe(event, arguments: Data(arguments.utf8), subscription: subscription), as: UTF8.self)
    }

    func removeListener(_ subscription: Int64) async {
        _ = await dispatcher.unsubscribe(subscription)
    }
}

/// An app's use of an SDK, as Docs/Swift.md shows it (compiled, not run: the
/// listener's loop ends only with the SDK).
func finishAndListen(_ sdk: any OpenIAPAndroidOperations, _ purchase: Purchase, deliver: (Purchase) -> Void) async throws {
    try await sdk.finishTransaction(purchase: purchase, isConsumable: true)
    for await purchase in await sdk.purchaseUpdated(options: nil) { deliver(purchase) }
}

/// Whether an app grants a purchase, from IAPKit's answer: README's Swift
/// example and Docs/Swift.md's.
func isGranted(_ data: Data, expectedProductId: String) throws -> Bool {
    let result = try JSONDecoder().decode(RequestVerifyPurchaseWithIapkitResult.self, from: data)
    let granted = result.isValid
        && result.store == .google
        && (result.state == .entitled || result.state == .pendingAcknowledgment)
        && result.productId == expectedProductId
    return granted
}

/// A request checked before it is sent, and IAPKit's error body read as
/// what it is (Docs/Swift.md; compiled, not run).
func checkAndReport(_ props: RequestVerifyPurchaseWithIapkitProps, answer data: Data) throws {
    try props.validate()   // e.g. apple.jws: 12 characters are fewer than the minimum of 100
    if let failure = try? JSONDecoder().decode(IapkitErrorResponse.self, from: data) {
        for error in failure.errors { print(error.code, error.path ?? "-", error.message) }
    }
}

/// The examples of README.md and Docs/*.md, run; and each excerpt those
/// pages quote is still in the file it names, so that neither can drift
/// from the code.
@Suite struct ReadmeExamplesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theModuleAnswersJavaScript() async throws {
        let module = PurchasesModule(sdk: MemoryStore()) { _ in }
        let reply = await module.call("fetchProducts", #"{"params": {"skus": ["com.example.premium"], "type": "in-app"}}"#)
        let products = try JSONDecoder().decode(FetchProductsReply.self, from: Data(reply.utf8)).get().products
        #expect(products?.count == 1)
        #expect(await module.call("getPromotedProductIOS", "{}").contains(#""code":"feature-not-supported""#))
        #expect(await module.addListener("purchaseUpdated", "{}", 1) == #"{"result":null}"#)
        await module.removeListener(1)
    }

    @Test func theGrantRuleReadsIAPKitsAnswer() throws {
        let fixture = Self.packageRoot.appendingPathComponent(
            "Tests/Fixtures/RequestVerifyPurchaseWithIapkitResult/valid.docs-example.json")
        let data = try Data(contentsOf: fixture)
        #expect(try isGranted(data, expectedProductId: "premium_monthly"))
        #expect(try !isGranted(data, expectedProductId: "premium_yearly"))
        let pending = Data(#"{"store": "google", "isValid": true, "state": "PENDING_ACKNOWLEDGMENT", "productId": "p"}"#.utf8)
        #expect(try isGranted(pending, expectedProductId: "p"))
        let apple = Data(#"{"store": "apple", "isValid": true, "state": "entitled", "productId": "p"}"#.utf8)
        #expect(try !isGranted(apple, expectedProductId: "p"))
    }

    /// The pages that may quote code: README.md and every page of Docs/.
    static func pages() throws -> [URL] {
        let docs = packageRoot.appendingPathComponent("Docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [packageRoot.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    /// A block that follows `<!-- excerpt: path -->` in README.md or a page
    /// of Docs/ is that file's text, in pieces separated by lines that hold
    /// only `// …`.
    @Test func everyExcerptIsInItsFile() throws {
        var excerpts: [String: Int] = [:]
        for page in try Self.pages() {
            let name = String(page.path.dropFirst(Self.packageRoot.path.count + 1))
            let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("<!-- excerpt: ") {
                let path = String(line.dropFirst("<!-- excerpt: ".count).dropLast(" -->".count))
                let source = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
                try #require(lines[index + 1].hasPrefix("```"), "\(name): no code block after the excerpt line of \(path)")
                let block = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
                var pieces: [[String]] = [[]]
                for text in block {
                    if text.trimmingCharacters(in: .whitespaces) == "// …" { pieces.append([]) } else { pieces[pieces.count - 1].append(text) }
                }
                var rest = source[...]
                for piece in pieces where !piece.isEmpty {
                    let text = piece.joined(separator: "\n")
                    guard let found = rest.range(of: text) else {
                        Issue.record("\(name)'s excerpt of \(path) is no longer in it:\n\(text)")
                        break
                    }
                    rest = rest[found.upperBound...]
                }
                excerpts[name, default: 0] += 1
            }
        }
        // The pages that quote code today; a lost marker leaves its block unchecked.
        let expected = ["README.md": 2, "Docs/Swift.md": 4, "Docs/SwiftBridge.md": 1, "Docs/Kotlin.md": 2]
        for (page, count) in expected {
            #expect(excerpts[page, default: 0] >= count, "\(page) quotes \(excerpts[page, default: 0]) checked excerpts, expected at least \(count)")
        }
    }
}
