import Foundation
import OpenIAPBridge
import OpenIAPMemoryStore
import OpenIAPTypes
import Testing

/// A native module of a JavaScript bridge (React Native, Expo), reduced to
/// its two entry points, as README shows it: JavaScript passes the
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

/// An app's use of an SDK, as README shows it (compiled, not run: the
/// listener's loop ends only with the SDK).
func finishAndListen(_ sdk: any OpenIAPAndroidOperations, _ purchase: Purchase, deliver: (Purchase) -> Void) async throws {
    try await sdk.finishTransaction(purchase: purchase, isConsumable: true)
    for await purchase in await sdk.purchaseUpdated(options: nil) { deliver(purchase) }
}

/// README's examples, run; and each excerpt README quotes is still in the
/// file it names, so that neither can drift from the code.
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

    /// A README block that follows `<!-- excerpt: path -->` is that file's
    /// text, in pieces separated by lines that hold only `// …`.
    @Test func everyExcerptIsInItsFile() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var excerpts = 0
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- excerpt: ") {
            let path = String(line.dropFirst("<!-- excerpt: ".count).dropLast(" -->".count))
            let source = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
            try #require(lines[index + 1].hasPrefix("```"), "no code block after the excerpt line of \(path)")
            let block = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
            var pieces: [[String]] = [[]]
            for text in block {
                if text.trimmingCharacters(in: .whitespaces) == "// …" { pieces.append([]) } else { pieces[pieces.count - 1].append(text) }
            }
            var rest = source[...]
            for piece in pieces where !piece.isEmpty {
                let text = piece.joined(separator: "\n")
                guard let found = rest.range(of: text) else {
                    Issue.record("README's excerpt of \(path) is no longer in it:\n\(text)")
                    break
                }
                rest = rest[found.upperBound...]
            }
            excerpts += 1
        }
        #expect(excerpts >= 2)
    }
}
