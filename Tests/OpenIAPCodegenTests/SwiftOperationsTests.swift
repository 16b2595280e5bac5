import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// What the Swift target makes of operations, decided by the spec: the
/// protocols and arguments records whenever there are operations, the
/// replies and the dispatcher only when the spec declares what a bridge
/// answers with (`Spec.bridgeProblem`). The generated code itself is compiled and
/// run by the escaping check, the golden files and `OpenIAPTypesTests`.
@Suite struct SwiftOperationsTests {
    static let header = "spec:\n  version: 1.0.0\n"
    static let bridge = """
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

        """
    static let operations = "queries:\n  find:\n    args:\n      ids: String[]\n    result: Bool\n"

    func spec(_ text: String) throws -> Spec {
        try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: Self.header + text)])
    }

    /// The files of the Swift target and, unless `bridge` is false, of the
    /// Swift bridge target, by name (no name is in both). The spec is loaded
    /// as the generator loads it with only these targets: with their checks
    /// (`GenerationTarget.check`) and no other target's.
    func files(_ text: String, bridge: Bool = true) throws -> [String: String] {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates/swift")
        let set = try TemplateSet.load(directory: templates.path, displayPath: "swift")
        let targets: [any GenerationTarget] = bridge ? [SwiftTarget(), SwiftBridgeTarget()] : [SwiftTarget()]
        var options = Generator.Options()
        options.availableTargets = targets
        let spec = try Generator(options: options).load([SpecLoader.Source(path: "a.yaml", text: Self.header + text)])
        let rendered = try targets.flatMap { try $0.render(spec, templates: set, header: GeneratedHeader(specVersion: "1.0.0")) }
        return Dictionary(uniqueKeysWithValues: rendered.map { ($0.path, $0.contents) })
    }

    @Test func withoutOperationsThereIsNoAPI() throws {
        let output = try files(Self.bridge)
        #expect(output[SwiftNames.operationsFileName] == nil)
        #expect(output[SwiftNames.dispatcherFileName] == nil)
    }

    /// The JSON bridge is a target (and library) of its own: the types'
    /// target has the API and no reply type or dispatcher; the bridge has
    /// the dispatcher and the reply types, and imports the types' module.
    @Test func theBridgeIsItsOwnTarget() throws {
        let output = try files(Self.bridge + Self.operations, bridge: false)
        let operations = try #require(output[SwiftNames.operationsFileName])
        #expect(operations.contains("    func find(ids: [String]) async throws -> Bool\n"))
        #expect(!operations.contains("Reply"))
        #expect(output[SwiftNames.dispatcherFileName] == nil && output[SwiftNames.repliesFileName] == nil)
        #expect(!(output["OpenIAPTypeRegistry.swift"] ?? "").contains("Reply"))
        #expect(SwiftBridgeTarget().outputFolder == "SwiftBridge")
        #expect(SwiftBridgeTarget().templateFolder == SwiftTarget().name)
        let bridge = try files(Self.bridge + Self.operations)
        let dispatcher = try #require(bridge[SwiftNames.dispatcherFileName])
        let replies = try #require(bridge[SwiftNames.repliesFileName])
        #expect(dispatcher.contains("\nimport OpenIAPTypes\n") && replies.contains("\nimport OpenIAPTypes\n"))
        #expect(!dispatcher.contains("enum OpenIAPReply"))
        #expect(replies.contains("public enum OpenIAPReply<Result: Codable & Hashable & Sendable>"))
    }

    @Test func withTheBridgeTypesThereAreRepliesAndADispatcher() throws {
        let output = try files(Self.bridge + Self.operations)
        let operations = try #require(output[SwiftNames.operationsFileName])
        #expect(operations.contains("public protocol OpenIAPCommonOperations {"))
        #expect(operations.contains("public protocol OpenIapModuleProtocol: OpenIAPCommonOperations {"))
        #expect(operations.contains("public protocol OpenIAPAndroidOperations: OpenIAPCommonOperations, Sendable {"))
        #expect(operations.contains("    func find(ids: [String]) async throws -> Bool\n"))
        #expect(operations.contains("public struct FindArgs: Codable, Hashable, Sendable, OpenIAPValidatable {"))
        #expect(operations.contains("extension PurchaseError: Error {}"))
        let replies = try #require(output[SwiftNames.repliesFileName])
        #expect(replies.contains("public typealias FindReply = OpenIAPReply<Bool>"))
        #expect(replies.contains("    public static let replyTypes: [String: Entry] = [\n        \"FindReply\": FindReply.self,\n    ]\n"))
        let dispatcher = try #require(output[SwiftNames.dispatcherFileName])
        #expect(dispatcher.contains("""
                    case "find":
                        return OpenIAPOperationEntry(
                            stores: [IapStore.apple, IapStore.google], platform: .common, arguments: FindArgs.self
                        ) { sdk, arguments in
                            let args = arguments as! FindArgs
                            return try await sdk.find(ids: args.ids)
                        }
            """))
        // Nothing is deprecated, so the table is not either.
        #expect(!dispatcher.contains("@available"))
        let registry = try #require(output["OpenIAPTypeRegistry.swift"])
        #expect(registry.contains("\"FindArgs\": FindArgs.self,") && !registry.contains("FindReply"))
    }

    /// A spec whose only operations are events has a dispatcher for its
    /// listeners and no reply type: the registry of replies is empty, and
    /// still a dictionary.
    @Test func aBridgeWithoutQueriesHasAnEmptyReplyRegistry() throws {
        let events = "events:\n  found:\n    payload: Bool\n"
        let output = try files(Self.bridge + events)
        let replies = try #require(output[SwiftNames.repliesFileName])
        #expect(replies.contains("    public static let replyTypes: [String: Entry] = [:]\n"))
        #expect(!replies.contains("typealias"))
    }

    /// Without the types a bridge answers with, the protocols and arguments
    /// are still made, but no reply type and no dispatcher.
    @Test func withoutTheBridgeTypesThereIsNoDispatcher() throws {
        let output = try files(Self.operations)
        let operations = try #require(output[SwiftNames.operationsFileName])
        #expect(operations.contains("public struct FindArgs"))
        #expect(!operations.contains("Reply") && !operations.contains("extension PurchaseError"))
        #expect(output[SwiftNames.dispatcherFileName] == nil)
        #expect(!(output["OpenIAPTypeRegistry.swift"] ?? "").contains("FindReply"))
    }

    @Test func theBridgeTypesMustHaveTheirShape() throws {
        func problem(_ types: String) throws -> String? {
            try spec(types + Self.operations).bridgeProblem
        }
        let noRecord = "the spec has no record 'PurchaseError' with a required 'code' and 'message' and no other required field"
        #expect(try problem(Self.bridge) == nil)
        #expect(try spec(Self.bridge).bridgeProblem == "the spec has no operations")
        #expect(try problem("") == noRecord)
        #expect(try problem(Self.bridge.replacingOccurrences(of: "PurchaseError", with: "Failure")) == noRecord)
        #expect(try problem(Self.bridge.replacingOccurrences(of: "message: String", with: "message: String?")) == noRecord)
        #expect(try problem(Self.bridge.replacingOccurrences(of: "productId: String?", with: "productId: String")) == noRecord)
        #expect(try problem(Self.bridge.replacingOccurrences(of: "IapStore", with: "Storefront")) == "the spec declares no enum 'IapStore'")
        // A closed ErrorCode must list the codes the bridge makes; an open
        // one takes them from their raw values, and a string code is fine.
        let closed = Self.bridge.replacingOccurrences(
            of: "values: [unknown, developer-error, feature-not-supported]", with: "closed: true\n    values: [unknown]")
        #expect(try problem(closed) == "the closed enum 'ErrorCode' has no value 'developer-error', 'feature-not-supported'")
        let open = Self.bridge.replacingOccurrences(of: "[unknown, developer-error, feature-not-supported]", with: "[unknown]")
        #expect(try problem(open) == nil)
        let openDispatcher = try #require(try files(open + Self.operations)[SwiftNames.dispatcherFileName])
        #expect(openDispatcher.contains(#"error(ErrorCode(wireValue: "developer-error"), message)"#))
        #expect(openDispatcher.contains("error(ErrorCode.unknown, "))
        let string = Self.bridge.replacingOccurrences(of: "code: ErrorCode", with: "code: String")
        #expect(try problem(string) == nil)
        let stringDispatcher = try #require(try files(string + Self.operations)[SwiftNames.dispatcherFileName])
        #expect(stringDispatcher.contains(#"error("developer-error", message)"#))
        #expect(stringDispatcher.contains("static func error(_ code: String, _ message: String) -> PurchaseError {"))
    }

    /// The docs of a method come from the spec: the operation's doc, each
    /// argument's (with its default), the result's, the errors with their
    /// reasons, and the stores.
    @Test func methodsAreDocumentedFromTheSpec() throws {
        let text = Self.bridge.replacingOccurrences(of: "feature-not-supported]", with: "feature-not-supported, not-prepared]") + """
            queries:
              find:
                doc: Finds things.
                args:
                  ids:
                    type: String[]
                    doc: Which things.
                  limit:
                    type: Int?
                    default: 3
                result:
                  type: Bool
                  doc: True when found.
                errors:
                  not-prepared: The connection is closed.
                stores: [google]
            """
        let operations = try #require(try files(text)[SwiftNames.operationsFileName])
        #expect(operations.contains("""
                /// Finds things.
                ///
                /// - Parameters:
                ///   - ids: Which things.
                ///   - limit: Defaults to `3` when absent.
                /// - Returns: True when found.
                /// - Throws: `PurchaseError`, whose `code` is one of these:
                ///   - `.notPrepared`: The connection is closed.
                /// - Note: Implemented by the store `google`.
                func find(ids: [String], limit: Int?) async throws -> Bool
            """))
    }

    /// The Apple module's protocol has the SDK's shape: an argument of
    /// Android's is not there (the operation leaves the common protocol for
    /// both platforms' own), and events are listener functions returning a
    /// `Subscription`, with a form without options, and streams for modules
    /// that are `Sendable`; Android's protocol keeps the argument and the
    /// streams.
    @Test func eachPlatformHasItsSignatures() throws {
        let text = Self.bridge + """
            queries:
              find:
                args:
                  ids: String[]
                  fast:
                    type: Bool?
                    platform: android
                result: Bool
            events:
              found:
                args:
                  options: Bool?
                payload: Bool
              foundIOS:
                payload: String
              lostAndroid:
                payload: String
            """
        let output = try files(text)
        let operations = try #require(output[SwiftNames.operationsFileName])
        let common = try #require(operations.range(of: "public protocol OpenIAPCommonOperations {"))
        let apple = try #require(operations.range(of: "public protocol OpenIapModuleProtocol: OpenIAPCommonOperations {"))
        let android = try #require(operations.range(of: "public protocol OpenIAPAndroidOperations: OpenIAPCommonOperations, Sendable {"))
        #expect(!operations[common.upperBound..<apple.lowerBound].contains("func find"))
        let appleBody = operations[apple.upperBound..<android.lowerBound]
        #expect(appleBody.contains("    func find(ids: [String]) async throws -> Bool\n"))
        #expect(appleBody.contains("    func foundListener(_ listener: @escaping FoundListener, options: Bool?) -> Subscription\n"))
        // A suffixed event whose name without the suffix is taken keeps it.
        #expect(appleBody.contains("    func foundListenerIOS(_ listener: @escaping FoundIOSListener) -> Subscription\n"))
        #expect(appleBody.contains("    func removeListener(_ subscription: Subscription)\n"))
        #expect(!appleBody.contains("lostAndroid") && !appleBody.contains("-> AsyncStream"))
        let androidBody = operations[android.upperBound...]
        #expect(androidBody.contains("    func find(ids: [String], fast: Bool?) async throws -> Bool\n"))
        #expect(androidBody.contains("    func found(options: Bool?) async -> AsyncStream<Bool>\n"))
        #expect(androidBody.contains("    func lostAndroid() async -> AsyncStream<String>\n"))
        #expect(operations.contains("    public func foundListener(_ listener: @escaping FoundListener) -> Subscription {\n        foundListener(listener, options: nil)\n"))
        #expect(operations.contains("extension OpenIapModuleProtocol where Self: Sendable {"))
        #expect(operations.contains("    public func found(options: Bool?) async -> AsyncStream<Bool> {"))
        #expect(operations.contains("public typealias FoundListener = @Sendable (Bool) -> Void"))
        // Without an `IapEvent` enum, a subscription names its event with a string.
        #expect(operations.contains("    public let eventType: String\n"))
        let dispatcher = try #require(output[SwiftNames.dispatcherFileName])
        #expect(dispatcher.contains("""
                            if let sdk = common as? any OpenIAPAndroidOperations {
                                return try await sdk.find(ids: args.ids, fast: args.fast)
                            }
                            let sdk = common as! any OpenIapModuleProtocol & Sendable
                            return try await sdk.find(ids: args.ids)
            """))
    }

    /// An operation that answers nothing makes `VoidResult` Swift's `Void`,
    /// as upstream declares it; a spec record of that name keeps its JSON as
    /// `OpenIAPVoidResult`, listed in the registry under its spec name.
    @Test func voidResultIsVoid() throws {
        let text = Self.bridge + """
              VoidResult:
                fields:
                  success: Bool
            mutations:
              restore:
                result: Void

            """
        let output = try files(text.replacingOccurrences(of: "      productId: String?\n\n  VoidResult", with: "      productId: String?\n  VoidResult"))
        let operations = try #require(output[SwiftNames.operationsFileName])
        #expect(operations.contains("public typealias VoidResult = Void\n"))
        #expect(operations.contains("    func restore() async throws\n"))
        let types = try #require(output["A.swift"])
        #expect(types.contains("public struct OpenIAPVoidResult: Codable, Hashable, Sendable, OpenIAPValidatable {"))
        #expect(!types.contains("struct VoidResult"))
        #expect(try #require(output["OpenIAPTypeRegistry.swift"]).contains(#""VoidResult": OpenIAPVoidResult.self,"#))
    }

    /// Names the Swift API takes for itself are refused in a spec, with
    /// the place of the type; so are union members that would give two
    /// cases one name.
    @Test func namesTheSwiftAPITakesAreRefused() throws {
        func problem(_ text: String) throws -> String? {
            do {
                _ = try files(text)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let events = "events:\n  found:\n    payload: Bool\n"
        let subscription = try problem(Self.bridge + "  Subscription:\n    fields:\n      id: String\n" + events)
        #expect(subscription?.contains("a.yaml:") == true)
        #expect(subscription?.contains("type name 'Subscription' is taken in Swift by the class the listener functions return") == true)
        // TypeScript's rule is TypeScript's own: with only the Swift targets
        // it is not applied (upstream's types.ts declares `Subscription` too).
        #expect(subscription?.contains("TypeScript") == false)
        let module = try problem(Self.bridge + "  OpenIapModuleProtocol:\n    fields:\n      id: String\n" + events)
        #expect(module?.contains("type name 'OpenIapModuleProtocol' is taken in Swift by the Apple SDK's protocol") == true)
        #expect(try problem(Self.bridge + "  FoundListener:\n    fields:\n      id: String\n" + events)?.contains("'FoundListener' is taken") == true)
        let refers = Self.bridge + "  VoidResult:\n    fields:\n      ok: Bool\n  Box:\n    fields:\n      inner: VoidResult\n"
            + "mutations:\n  restore:\n    result: Void\n"
        #expect(try problem(refers)?.contains("'Box' refers to 'VoidResult', which Swift declares as Void") == true)
        let clash = """
            records:
              ProductIOS:
                fields:
                  kind: String
              ProductIos:
                fields:
                  kind: String
            unions:
              Product:
                discriminator: kind
                members:
                  a: ProductIOS
                  b: ProductIos
            """
        #expect(try problem(clash)?.contains("would both be the Swift case 'productIos'") == true)
    }
}
