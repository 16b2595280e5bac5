import Foundation
import OpenIAPBridge
import OpenIAPMemoryStore
import OpenIAPTypes
import Testing

/// The generated `OpenIAPDispatcher` over `MemoryStore`: every reply shape,
/// the errors the bridge makes itself (with their paths), errors the SDK
/// throws, listeners over the bridge, and hostile messages. Replies are
/// compared as parsed JSON.
@Suite struct DispatcherTests {
    /// The events a dispatcher hands over, in the order they came.
    final class EventLog: @unchecked Sendable {
        // `@unchecked`: `events` is only touched under `lock`.
        private let lock = NSLock()
        private var events: [Data] = []

        var sink: @Sendable (Data) -> Void { { [self] data in lock.withLock { events.append(data) } } }

        /// The events once at least `count` have come (waiting at most ten
        /// seconds), parsed.
        func wait(for count: Int) async throws -> [TestJSON] {
            for _ in 0..<2000 where lock.withLock({ events.count }) < count { try await Task.sleep(for: .milliseconds(5)) }
            return try lock.withLock { events }.map(TestJSON.parse)
        }
    }

    static func dispatcher(
        store: IapStore = .google, sdk: (any OpenIAPCommonOperations & Sendable)? = nil, events: EventLog = EventLog()
    ) -> OpenIAPDispatcher {
        OpenIAPDispatcher(store: store, sdk: sdk ?? MemoryStore(store: store), events: events.sink)
    }

    /// The reply to `message`, parsed.
    func reply(_ dispatcher: OpenIAPDispatcher, _ message: String) async throws -> TestJSON {
        try TestJSON.parse(await dispatcher.handle(Data(message.utf8)))
    }

    func json(_ text: String) throws -> TestJSON { try TestJSON.parse(Data(text.utf8)) }

    /// `{"error": {"code": code, "message": message}}`.
    func error(_ code: String, _ message: String) throws -> TestJSON {
        .object(["error": .object(["code": try json("\"\(code)\""), "message": .string(Array(message.unicodeScalars))])])
    }

    /// The error code and message of a reply that must be an error.
    func failure(_ reply: TestJSON) -> (code: String, message: String)? {
        guard case let .object(members) = reply, members.count == 1, case let .object(error)? = members["error"],
              case let .string(code)? = error["code"], case let .string(message)? = error["message"]
        else { return nil }
        return (String(String.UnicodeScalarView(code)), String(String.UnicodeScalarView(message)))
    }

    static let premium = #"{"params": {"requestPurchase": {"google": {"skus": ["com.example.premium"]}}}}"#

    // MARK: - Results

    @Test func aCallAnswersItsResult() async throws {
        let dispatcher = Self.dispatcher()
        let answer = try await reply(dispatcher, #"{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium", "nope"]}}}"#)
        #expect(answer == (try json("""
            {"result": {"products": [{"currency": "USD", "description": "Premium, from the memory store.", "displayPrice": "$4.99",
              "id": "com.example.premium", "nameAndroid": "Premium", "platform": "android", "price": 4.99, "title": "Premium", "type": "in-app"}]}}
            """)))
        // The reply decodes as the operation's reply type, which round-trips.
        let decoded = try JSONDecoder().decode(FetchProductsReply.self, from: await dispatcher.handle(
            Data(#"{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium"]}}}"#.utf8)))
        #expect(try decoded.get().products?.count == 1)
        #expect(try TestJSON.parse(JSONEncoder().encode(decoded)) == answer)
    }

    @Test func scalarAndListResults() async throws {
        let dispatcher = Self.dispatcher()
        #expect(try await reply(dispatcher, #"{"operation": "initConnection"}"#) == (try json(#"{"result": true}"#)))
        #expect(try await reply(dispatcher, #"{"operation": "getStorefront", "args": {}}"#) == (try json(#"{"result": "US"}"#)))
        #expect(try await reply(dispatcher, #"{"operation": "getAvailablePurchases"}"#) == (try json(#"{"result": []}"#)))
        #expect(try await reply(dispatcher, #"{"operation": "openRedeemOfferCodeAndroid", "args": null}"#) == (try json(#"{"result": false}"#)))
    }

    /// An optional result that is absent answers `{"result": null}`, and
    /// its reply type reads it back as nil.
    @Test func anAbsentOptionalResultIsNull() async throws {
        let dispatcher = Self.dispatcher()
        let message = #"{"operation": "requestPurchase", "args": {"params": {"requestSubscription": {"google": {"skus": ["com.example.monthly"]}}, "type": "subs"}}}"#
        let data = await dispatcher.handle(Data(message.utf8))
        #expect(try TestJSON.parse(data) == (try json(#"{"result": null}"#)))
        #expect(try JSONDecoder().decode(RequestPurchaseReply.self, from: data) == .result(nil))
    }

    @Test func finishingAPurchaseAndVerifyingIt() async throws {
        let dispatcher = Self.dispatcher()
        _ = try await reply(dispatcher, #"{"operation": "requestPurchase", "args": \#(Self.premium)}"#)
        let verify = #"{"operation": "verifyPurchaseWithProvider", "args": {"options": {"provider": "iapkit", "iapkit": {"google": {"purchaseToken": "memory-store-token-0001"}}}}}"#
        #expect(try await reply(dispatcher, verify) == (try json("""
            {"result": {"provider": "iapkit", "iapkit": {"store": "google", "isValid": true, "state": "pending-acknowledgment", "productId": "com.example.premium"}}}
            """)))
        // The purchase as the SDK delivered it (PurchaseInput is Purchase);
        // finishTransaction answers nothing, `null`.
        let finish = """
            {"operation": "finishTransaction", "args": {"purchase": {"id": "purchase-1", "productId": "com.example.premium", "transactionDate": 1,
             "store": "google", "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}, "isConsumable": false}}
            """
        #expect(try await reply(dispatcher, finish) == (try json(#"{"result": null}"#)))
        #expect(try await reply(dispatcher, verify) == (try json("""
            {"result": {"provider": "iapkit", "iapkit": {"store": "google", "isValid": true, "state": "entitled", "productId": "com.example.premium"}}}
            """)))
        // A second finish of the same purchase is the SDK's own error, passed through.
        #expect(try await reply(dispatcher, finish) == (try error("item-not-owned", "no unfinished purchase 'purchase-1'")))
    }

    // MARK: - Errors the SDK throws

    @Test func aThrownPurchaseErrorPassesThroughWithAllItsFields() async throws {
        let dispatcher = Self.dispatcher()
        #expect(try await reply(dispatcher, #"{"operation": "fetchProducts", "args": {"params": {"skus": []}}}"#)
            == (try error("empty-sku-list", "the request names no product")))
        let unknown = #"{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {"google": {"skus": ["nope"]}}}}}"#
        #expect(try await reply(dispatcher, unknown) == (try json("""
            {"error": {"code": "sku-not-found", "message": "no product 'nope' in the memory store", "productId": "nope"}}
            """)))
    }

    @Test func anyOtherThrownErrorIsUnknown() async throws {
        let dispatcher = Self.dispatcher(sdk: MemoryStore(storefront: nil))
        let answer = try await reply(dispatcher, #"{"operation": "getStorefront"}"#)
        #expect(failure(answer)?.code == "unknown")
        #expect(failure(answer)?.message.contains("NoStorefront") == true)
    }

    @Test func aResultJSONCannotCarryIsUnknown() async throws {
        let catalog = [MemoryStore.Item(id: "odd", title: "Odd", type: .inApp, price: .nan)]
        let dispatcher = Self.dispatcher(sdk: MemoryStore(catalog: catalog))
        let answer = try await reply(dispatcher, #"{"operation": "fetchProducts", "args": {"params": {"skus": ["odd"]}}}"#)
        #expect(failure(answer)?.code == "unknown")
        #expect(failure(answer)?.message.hasPrefix("the result cannot be written as JSON") == true)
    }

    // MARK: - Arguments that do not decode or validate

    /// Each bad argument answers `developer-error` naming the field path.
    @Test(arguments: [
        // Missing, at the top and nested.
        (#"{"operation": "fetchProducts"}"#, "args.params: required, but absent"),
        (#"{"operation": "fetchProducts", "args": {}}"#, "args.params: required, but absent"),
        (#"{"operation": "fetchProducts", "args": {"params": {}}}"#, "args.params.skus: required, but absent"),
        (#"{"operation": "fetchProducts", "args": {"params": null}}"#, "args.params: required, but null"),
        // Of the wrong type, at any depth and in lists.
        (#"{"operation": "fetchProducts", "args": {"params": {"skus": "com.example.premium"}}}"#, "args.params.skus: "),
        (#"{"operation": "fetchProducts", "args": {"params": {"skus": ["a", 1]}}}"#, "args.params.skus[1]: "),
        (#"{"operation": "fetchProducts", "args": {"params": {"skus": ["a"], "type": 1}}}"#, "args.params.type: "),
        (#"{"operation": "fetchProducts", "args": 5}"#, "args: "),
        (#"{"operation": "fetchProducts", "args": []}"#, "args: "),
        (#"{"operation": "getStorefront", "args": [1]}"#, "args: "),
        (#"{"operation": "finishTransaction", "args": {"purchase": {"id": "p"}}}"#, "args.purchase.store: required, but absent"),
        (#"{"operation": "finishTransaction", "args": {"purchase": {"id": "p", "store": "google"}, "isConsumable": "yes"}}"#, "args.purchase.productId: required, but absent"),
        (#"{"operation": "finishTransaction", "args": {"purchase": {"id": "p", "productId": "x", "transactionDate": 1, "store": "google", "quantity": 1.5, "purchaseState": "purchased", "isAutoRenewing": false}}}"#, "args.purchase.quantity: "),
        // Decoded, but validate() refuses them.
        (#"{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {}, "requestSubscription": {}}}}"#,
         "args.params: exactly one of requestPurchase, requestSubscription must be set; found 2"),
        (#"{"operation": "verifyPurchaseWithProvider", "args": {"options": {"provider": "iapkit", "iapkit": {"google": {"purchaseToken": "t"}, "apple": {"jws": "j"}}}}}"#,
         "args.options.iapkit: exactly one of apple, google, amazon, horizon must be set; found 2"),
    ])
    func badArgumentsNameTheirPath(message: String, expected: String) async throws {
        try await expectDeveloperError(message, startingWith: expected)
    }

    /// Arguments the spec does not know are ignored, as in any input: a
    /// newer client can call an older SDK.
    @Test func unknownArgumentKeysAreIgnored() async throws {
        let message = #"{"operation": "fetchProducts", "id": 3, "future": {"x": 1}, "args": {"later": [1, 2], "params": {"skus": ["com.example.premium"], "new": true}}}"#
        let answer = try await reply(Self.dispatcher(), message)
        #expect(failure(answer) == nil)
    }

    // MARK: - Messages the bridge refuses

    @Test(arguments: [
        ("", "message: "),
        ("not json", "message: "),
        ("[1, 2]", "message: "),
        ("\"fetchProducts\"", "message: "),
        ("null", "message: "),
        (#"{"operation": 5}"#, "operation: "),
        (#"{"operation": null}"#, "operation: required, but null"),
        (#"{}"#, "a message names exactly one of 'operation', 'subscribe' and 'unsubscribe'"),
        (#"{"operation": "fetchProducts", "unsubscribe": 1}"#, "a message names exactly one of"),
        (#"{"operation": "nope"}"#, "unknown operation 'nope'"),
        (#"{"operation": "purchaseUpdated"}"#, "unknown operation 'purchaseUpdated'"),
        (#"{"subscribe": "fetchProducts", "subscription": 1}"#, "unknown event 'fetchProducts'"),
        (#"{"subscribe": "purchaseUpdated"}"#, "subscription: required, but absent"),
        (#"{"subscribe": "purchaseUpdated", "subscription": "7"}"#, "subscription: "),
        (#"{"subscribe": "purchaseUpdated", "subscription": 7, "args": {"options": 5}}"#, "args.options: "),
        (#"{"unsubscribe": "seven"}"#, "unsubscribe: "),
    ])
    func refusedMessagesAreDeveloperErrors(message: String, expected: String) async throws {
        try await expectDeveloperError(message, startingWith: expected)
    }

    /// `message` answers a `developer-error` whose message starts with `expected`.
    func expectDeveloperError(_ message: String, startingWith expected: String) async throws {
        let answer = try await reply(Self.dispatcher(), message)
        let found = try #require(failure(answer), "not an error: \(answer)")
        #expect(found.code == "developer-error")
        #expect(found.message.hasPrefix(expected), "\(found.message)")
    }

    // MARK: - What the platform does not implement

    @Test func anOperationOfTheOtherPlatformIsNotSupported() async throws {
        let dispatcher = Self.dispatcher()
        #expect(try await reply(dispatcher, #"{"operation": "getPromotedProductIOS"}"#)
            == (try error("feature-not-supported", "'getPromotedProductIOS' is not available on the store 'google'")))
        // Even with arguments that would not decode: the platform is asked first.
        #expect(failure(try await reply(dispatcher, #"{"operation": "isEligibleForIntroOfferIOS", "args": {"groupID": 5}}"#))?.code
            == "feature-not-supported")
        #expect(failure(try await reply(dispatcher, #"{"subscribe": "promotedProductIOS", "subscription": 1}"#))?.code
            == "feature-not-supported")
    }

    /// `stores` decides too: Amazon has no verifyPurchase and no Google Play
    /// billing programs, though it runs the Android SDK.
    @Test func anOperationTheStoreLacksIsNotSupported() async throws {
        let dispatcher = Self.dispatcher(store: .amazon)
        #expect(try await reply(dispatcher, #"{"operation": "verifyPurchase", "args": {"options": {}}}"#)
            == (try error("feature-not-supported", "'verifyPurchase' is not available on the store 'amazon'")))
        #expect(failure(try await reply(dispatcher, #"{"operation": "showInAppMessagesAndroid"}"#))?.code == "feature-not-supported")
        #expect(failure(try await reply(dispatcher, #"{"subscribe": "userChoiceBillingAndroid", "subscription": 1}"#))?.code
            == "feature-not-supported")
        // What Amazon has still works.
        #expect(try await reply(dispatcher, #"{"operation": "acknowledgePurchaseAndroid", "args": {"purchaseToken": "x"}}"#)
            == (try error("item-not-owned", "no unfinished purchase token 'x'")))
    }

    /// An SDK that does not conform to the protocol of the store's platform
    /// does not implement its operations.
    @Test func anSDKWithoutThePlatformProtocolIsNotSupported() async throws {
        let dispatcher = Self.dispatcher(store: .apple, sdk: MemoryStore())
        #expect(try await reply(dispatcher, #"{"operation": "getPromotedProductIOS"}"#)
            == (try error("feature-not-supported", "this SDK does not implement 'getPromotedProductIOS'")))
        // The common operations it has.
        #expect(try await reply(dispatcher, #"{"operation": "getStorefront"}"#) == (try json(#"{"result": "US"}"#)))
    }

    // MARK: - The API without a message

    @Test func callTakesTheNameAndTheArgumentsJSON() async throws {
        let dispatcher = Self.dispatcher()
        #expect(try TestJSON.parse(await dispatcher.call("getStorefront")) == (try json(#"{"result": "US"}"#)))
        #expect(try TestJSON.parse(await dispatcher.call("getStorefront", arguments: Data("null".utf8))) == (try json(#"{"result": "US"}"#)))
        let products = await dispatcher.call("fetchProducts", arguments: Data(#"{"params": {"skus": ["com.example.coins_100"]}}"#.utf8))
        #expect(try JSONDecoder().decode(FetchProductsReply.self, from: products).get().products?.count == 1)
        // The paths start at `args` here too.
        #expect(failure(try TestJSON.parse(await dispatcher.call("fetchProducts")))?.message == "args.params: required, but absent")
        #expect(failure(try TestJSON.parse(await dispatcher.call("fetchProducts", arguments: Data(#"{"params": {"skus": [1]}}"#.utf8))))?
            .message.hasPrefix("args.params.skus[0]: ") == true)
        #expect(failure(try TestJSON.parse(await dispatcher.call("fetchProducts", arguments: Data("{".utf8))))?.message.hasPrefix("args: ") == true)
        #expect(failure(try TestJSON.parse(await dispatcher.call("nope")))?.message == "unknown operation 'nope'")
        #expect(failure(try TestJSON.parse(await dispatcher.call("getPromotedProductIOS")))?.code == "feature-not-supported")
    }

    // MARK: - Events

    @Test func aListenerGetsEveryPurchaseUntilItUnsubscribes() async throws {
        let store = MemoryStore()
        let events = EventLog()
        let dispatcher = Self.dispatcher(sdk: store, events: events)
        #expect(try await reply(dispatcher, #"{"subscribe": "purchaseUpdated", "subscription": 7, "args": {"options": {"dedupeTransactionIOS": false}}}"#)
            == (try json(#"{"result": null}"#)))
        #expect(await store.purchaseUpdatedListenerCount() == 1)
        // The same number cannot be taken twice.
        #expect(try await reply(dispatcher, #"{"subscribe": "purchaseUpdated", "subscription": 7}"#)
            == (try error("developer-error", "subscription: 7 is already in use")))
        _ = try await reply(dispatcher, #"{"operation": "requestPurchase", "args": \#(Self.premium)}"#)
        let first = try await events.wait(for: 1)
        #expect(first == [try json("""
            {"subscription": 7, "event": "purchaseUpdated", "payload": {"id": "purchase-1", "productId": "com.example.premium", "transactionDate": 1784160000001,
             "purchaseToken": "memory-store-token-0001", "store": "google", "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false,
             "isAcknowledgedAndroid": false}}
            """)])
        #expect(try await reply(dispatcher, #"{"unsubscribe": 7}"#) == (try json(#"{"result": null}"#)))
        // Ending the iteration removed the SDK's listener.
        for _ in 0..<1000 where await store.purchaseUpdatedListenerCount() > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(await store.purchaseUpdatedListenerCount() == 0)
        // Another listener gets the next purchase; the ended one gets nothing.
        _ = try await reply(dispatcher, #"{"subscribe": "purchaseUpdated", "subscription": 8}"#)
        _ = try await reply(dispatcher, #"{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {"google": {"skus": ["com.example.coins_100"]}}}}}"#)
        let all = try await events.wait(for: 2)
        #expect(all.count == 2)
        guard case let .object(members)? = all.last else { throw FixtureError("not an object: \(all)") }
        #expect(members["subscription"] == (try json("8")))
        // Unsubscribing a number not in use is no error.
        #expect(try await reply(dispatcher, #"{"unsubscribe": 99}"#) == (try json(#"{"result": null}"#)))
    }

    @Test func errorsReachTheirListeners() async throws {
        let events = EventLog()
        let dispatcher = Self.dispatcher(events: events)
        #expect(await dispatcher.subscribe("purchaseError", subscription: 1) == Data(#"{"result":null}"#.utf8))
        _ = await dispatcher.call("requestPurchase", arguments: Data(#"{"params": {"requestPurchase": {"google": {"skus": ["gone"]}}}}"#.utf8))
        #expect(try await events.wait(for: 1) == [try json("""
            {"subscription": 1, "event": "purchaseError", "payload": {"code": "sku-not-found", "message": "no product 'gone' in the memory store", "productId": "gone"}}
            """)])
        #expect(await dispatcher.unsubscribe(1) == Data(#"{"result":null}"#.utf8))
    }

    // MARK: - Hostile messages

    /// Nesting past the decoder's limit anywhere in a message, even in a
    /// key no one reads, is refused rather than followed.
    @Test func deepNestingIsRefused() async throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        for message in [
            #"{"operation": "fetchProducts", "args": {"params": {"skus": \#(deep)}}}"#,
            #"{"operation": "getStorefront", "args": {"unknown": \#(deep)}}"#,
            #"{"operation": "getStorefront", "extra": \#(deep)}"#,
        ] {
            #expect(failure(try await reply(Self.dispatcher(), message))?.code == "developer-error")
        }
    }

    /// A huge string decodes like any other; a huge name is not echoed back
    /// whole.
    @Test func hugeStringsAreCarriedButNotEchoed() async throws {
        let huge = String(repeating: "x", count: 5_000_000)
        let answer = try await reply(Self.dispatcher(), #"{"operation": "fetchProducts", "args": {"params": {"skus": ["\#(huge)", "com.example.premium"]}}}"#)
        #expect(failure(answer) == nil)
        let unknown = try #require(failure(try await reply(Self.dispatcher(), #"{"operation": "\#(huge)"}"#)))
        #expect(unknown.code == "developer-error")
        #expect(unknown.message.count <= 1001)
    }

    /// Of duplicate keys the first wins, as for every generated type, in the
    /// message and in its arguments.
    @Test func duplicateKeysKeepTheFirst() async throws {
        let dispatcher = Self.dispatcher()
        #expect(try await reply(dispatcher, #"{"operation": "getStorefront", "operation": "nope"}"#) == (try json(#"{"result": "US"}"#)))
        let answer = try await reply(dispatcher, #"{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium"], "skus": []}}}"#)
        #expect(failure(answer) == nil)
    }

    @Test func invalidUTF8IsRefused() async throws {
        var message = Data(#"{"operation": "fetchProducts", "args": {"params": {"skus": [""#.utf8)
        message.append(contentsOf: [0xFF, 0xFE])
        message.append(contentsOf: Data(#""]}}}"#.utf8))
        let answer = try TestJSON.parse(await Self.dispatcher().handle(message))
        #expect(failure(answer)?.code == "developer-error")
    }

    /// Calls in flight at once each get their own reply.
    @Test func concurrentCallsAreEachAnswered() async throws {
        let dispatcher = Self.dispatcher()
        let answers = await withTaskGroup(of: Data.self) { group in
            for index in 0..<50 {
                group.addTask {
                    await dispatcher.handle(Data(#"{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium", "n\#(index)"]}}}"#.utf8))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 50)
        #expect(Set(answers).count == 1)
    }

    // MARK: - Reply types

    /// An operation that answers nothing (`Void`) replies `{"result": null}`:
    /// its reply type reads that and nothing else, and writes it back.
    @Test func aReplyOfNothingIsNull() throws {
        let reply = try JSONDecoder().decode(FinishTransactionReply.self, from: Data(#"{"result": null}"#.utf8))
        #expect(reply == .result(OpenIAPNoResult()))
        #expect(try reply.get() == OpenIAPNoResult())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(reply), as: UTF8.self) == #"{"result":null}"#)
        for bad in [#"{"result": {"success": true}}"#, #"{"result": false}"#, #"{"result": 0}"#, #"{}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(RestorePurchasesReply.self, from: Data(bad.utf8)) }
        }
    }

    /// `PurchaseInput` is `Purchase` under another name, in the registry too.
    @Test func theAliasIsItsTarget() throws {
        let entry = try #require(OpenIAPTypeRegistry.types["PurchaseInput"])
        #expect(ObjectIdentifier(entry) == ObjectIdentifier(Purchase.self))
        let purchase = Purchase.purchaseAndroid(PurchaseAndroid(
            id: "p", productId: "x", transactionDate: 1, store: .google, quantity: 1, purchaseState: .purchased, isAutoRenewing: false))
        let arguments = FinishTransactionArgs(purchase: purchase, isConsumable: true)
        #expect(arguments.purchase == purchase)
    }

    @Test func replyTypesReadExactlyOneOfResultAndError() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(GetStorefrontReply.self, from: Data(#"{"result": "US"}"#.utf8)) == .result("US"))
        let failed = try decoder.decode(GetStorefrontReply.self, from: Data(#"{"error": {"code": "some-future-code", "message": "m"}}"#.utf8))
        #expect(failed == .error(PurchaseError(code: ErrorCode.unrecognized("some-future-code"), message: "m")))
        #expect(throws: PurchaseError.self) { try failed.get() }
        for bad in [#"{}"#, #"{"result": "US", "error": {"code": "unknown", "message": "m"}}"#, #"{"result": null}"#, #"{"error": null}"#, #"{"result": 5}"#] {
            #expect(throws: DecodingError.self, "\(bad)") { try decoder.decode(GetStorefrontReply.self, from: Data(bad.utf8)) }
        }
        #expect(try decoder.decode(GetTransactionJwsIOSReply.self, from: Data(#"{"result": null}"#.utf8)) == .result(nil))
        // The reply types are the bridge's, and so is their registry.
        #expect(OpenIAPTypeRegistry.types["FetchProductsReply"] == nil)
        #expect(OpenIAPTypeRegistry.replyTypes["FetchProductsReply"] != nil)
        #expect(OpenIAPTypeRegistry.replyTypes.count == 44)
        #expect(FixtureTypes.byName.count == OpenIAPTypeRegistry.types.count + 44)
        #expect(OpenIAPTypeRegistry.types["FinishTransactionArgs"] != nil)
        #expect(OpenIAPTypeRegistry.types["PurchaseUpdatedArgs"] != nil)
        #expect(OpenIAPTypeRegistry.types["PurchaseUpdatedReply"] == nil && OpenIAPTypeRegistry.replyTypes["PurchaseUpdatedReply"] == nil)
    }

    /// The fixture runner picks arguments and reply types by name, as it
    /// will for `Tests/Fixtures/<Operation>Args` and `<Operation>Reply` once
    /// every target has them; each payload gets the verdict its mark wants.
    @Test(arguments: [
        ("FinishTransactionArgs", "valid", #"{"purchase": {"id": "p", "productId": "x", "transactionDate": 1, "store": "google", "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}, "isConsumable": true}"#),
        ("FinishTransactionArgs", "invalid", #"{"purchase": {"id": "p", "productId": "x", "transactionDate": 1, "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}}"#),
        ("FinishTransactionArgs", "invalid", #"{"purchase": {"id": "p"}}"#),
        ("PurchaseInput", "valid", #"{"id": "p", "productId": "x", "transactionDate": 1, "store": "google", "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}"#),
        ("FinishTransactionReply", "valid", #"{"result": null}"#),
        ("FinishTransactionReply", "invalid", #"{"result": {"success": true}}"#),
        ("RequestPurchaseArgs", "constraint", #"{"params": {"requestPurchase": {}, "requestSubscription": {}}}"#),
        ("PurchaseUpdatedArgs", "valid", #"{"options": {"dedupeTransactionIOS": false}}"#),
        ("FetchProductsReply", "valid", #"{"result": {"products": []}}"#),
        ("FetchProductsReply", "valid", #"{"error": {"code": "a-future-code", "message": "m"}}"#),
        ("FetchProductsReply", "invalid", #"{"result": {}, "error": {"code": "unknown", "message": "m"}}"#),
        ("GetPromotedProductIOSReply", "valid", #"{"result": null}"#),
        ("GetStorefrontReply", "invalid", #"{"result": null}"#),
    ])
    func fixturesOfArgumentsAndReplies(type: String, mark: String, json: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("operation-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("\(mark).case.json")
        try Data(json.utf8).write(to: url)
        let fixture = FixtureCorpusTests.Case(type: type, file: url.lastPathComponent, mark: mark, url: url, expected: nil)
        #expect(try FixtureCorpusTests.verdict(fixture) == FixtureCorpusTests.allowed[mark])
    }

    /// `validate()` of a reply checks its result (through lists) and its
    /// error, with paths from the reply.
    @Test func replyValidationReachesIntoTheResult() throws {
        let body = String(repeating: "b", count: 16_385)
        let json = """
            {"result": {"provider": "iapkit", "iapkit": {"store": "google", "isValid": true, "state": "entitled",
             "clientPayload": {"format": "text", "body": "\(body)", "version": 1, "updatedAt": 1}}}}
            """
        let reply = try JSONDecoder().decode(VerifyPurchaseWithProviderReply.self, from: Data(json.utf8))
        #expect(throws: OpenIAPValidationError.self) { try reply.validate() }
        do {
            try reply.validate()
        } catch {
            #expect(error.pathDescription == "result.iapkit.clientPayload.body")
        }
        let list = try JSONDecoder().decode(GetAvailablePurchasesReply.self, from: Data(#"{"result": []}"#.utf8))
        try list.validate()
    }
}
