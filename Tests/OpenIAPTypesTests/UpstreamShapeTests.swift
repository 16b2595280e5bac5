import Foundation
import OpenIAPBridge
import OpenIAPTypes
import Testing

/// The generated types in upstream's shape (issue #28), at run time: what
/// the initializers default, what unions answer for the shared fields (an
/// unknown member included), how oneOf results and named choices read and
/// write their unchanged JSON, the enums' failable `init?(rawValue:)`, and
/// an Apple module, conforming to `OpenIapModuleProtocol` with listeners,
/// served by the dispatcher. (That the shapes compile as upstream's callers
/// write them is `scripts/compat.sh swift`.)
@Suite struct UpstreamShapeTests {
    static func json(_ value: some Encodable) throws -> TestJSON {
        try TestJSON.parse(JSONEncoder().encode(value))
    }

    // MARK: - Records

    /// The discriminator a record always has when a union reads it is its
    /// initializer's default, as the optional fields' nil is.
    @Test func initializersDefaultTheImpliedTags() {
        let product = ProductIOS(
            currency: "USD", description: "d", displayName: nil, displayNameIOS: "n", displayPrice: "$1", id: "p",
            isFamilyShareableIOS: false, jsonRepresentationIOS: "{}", title: "t", typeIOS: .consumable)
        #expect(product.platform == .ios && product.type == .inApp)
        let subscription = ProductSubscriptionAndroid(
            currency: "USD", description: "d", displayPrice: "$1", id: "s", nameAndroid: "n", subscriptionOffers: [], title: "t")
        #expect(subscription.platform == .android && subscription.type == .subs)
        #expect(VerifyPurchaseResultIOS(isValid: true, jwsRepresentation: "j", receiptData: "r").store == .apple)
        // A spec default is the default (upstream leaves it nil).
        #expect(PurchaseUpdatedListenerOptions().dedupeTransactionIOS == true)
    }

    /// The spec-order initializer builds the same value as the alphabetical one.
    @Test func bothInitializersBuildTheSameValue() {
        let iapkit = RequestVerifyPurchaseWithIapkitProps(apple: RequestVerifyPurchaseWithIapkitAppleProps(jws: "j"))
        let alphabetical = VerifyPurchaseWithProviderProps(iapkit: iapkit, provider: .iapkit)
        let specOrder = VerifyPurchaseWithProviderProps(provider: .iapkit, iapkit: iapkit)
        #expect(alphabetical == specOrder)
    }

    // MARK: - Unions

    @Test func unionsExposeTheSharedFields() throws {
        let data = try Data(contentsOf: FixtureCorpusTests.root.appendingPathComponent("Purchase/valid.google.json"))
        let purchase = try JSONDecoder().decode(Purchase.self, from: data)
        guard case let .purchaseAndroid(android) = purchase else {
            Issue.record("a Google purchase decoded as \(purchase)")
            return
        }
        #expect(purchase.productId == android.productId && purchase.store == .google && purchase.id == android.id)
        // The shared fields through the protocol, as upstream's `PurchaseCommon`.
        let common: any PurchaseCommon = purchase
        #expect(common.transactionDate == android.transactionDate)
    }

    /// An unknown member answers what its JSON holds, with the right type,
    /// else a neutral value; a flag is never taken as set.
    @Test func anUnknownMemberReadsItsJSONAndFailsClosed() throws {
        let data = try Data(contentsOf: FixtureCorpusTests.root.appendingPathComponent("Purchase/valid.unknown-tag-future-store.json"))
        let purchase = try JSONDecoder().decode(Purchase.self, from: data)
        guard case .unrecognized = purchase else {
            Issue.record("a purchase of a future store decoded as \(purchase)")
            return
        }
        #expect(purchase.productId == "premium_monthly" && purchase.id == "GS-2026-0001")
        #expect(purchase.transactionDate == 1_784_160_000_000)
        #expect(purchase.store == .unrecognized("galaxy") && purchase.store.rawValue == "galaxy")
        #expect(purchase.quantity == 0 && purchase.purchaseToken == nil && !purchase.isAutoRenewing)
        let verified = try JSONDecoder().decode(
            VerifyPurchaseResult.self, from: Data(#"{"store": "galaxy", "isValid": true, "productId": "p"}"#.utf8))
        #expect(!verified.isValid, "an unknown verification result is never valid")
    }

    // MARK: - oneOf records

    @Test func oneOfResultsAreEnumsWithTheSameJSON() throws {
        let decoder = JSONDecoder()
        let products = try decoder.decode(FetchProductsResult.self, from: Data(#"{"products": []}"#.utf8))
        #expect(products == .products([]) && products.products?.count == 0 && products.subscriptions == nil)
        #expect(try Self.json(products) == (try TestJSON.parse(Data(#"{"products": []}"#.utf8))))
        // The first field in spec order wins; null is that case with nothing.
        let both = try decoder.decode(FetchProductsResult.self, from: Data(#"{"all": [], "products": null}"#.utf8))
        #expect(both == .products(nil))
        #expect(try Self.json(FetchProductsResult.products(nil)) == (try TestJSON.parse(Data(#"{"products": null}"#.utf8))))
        // None of the fields: a result of a later version, kept whole.
        let future = try decoder.decode(RequestPurchaseResult.self, from: Data(#"{"purchaseGroup": {"id": 1}}"#.utf8))
        guard case .unrecognized = future else {
            Issue.record("an unknown result decoded as \(future)")
            return
        }
        #expect(try Self.json(future) == (try TestJSON.parse(Data(#"{"purchaseGroup": {"id": 1}}"#.utf8))))
    }

    // MARK: - Named choices

    @Test func aChoiceIsOnePropertyAndTheWireKeepsItsFields() throws {
        let byPlatforms = RequestSubscriptionPropsByPlatforms(google: RequestSubscriptionAndroidProps(skus: ["premium"]))
        let props = RequestPurchaseProps(request: .subscription(byPlatforms))
        // The tag follows the case when not given, and is written.
        #expect(props.type == .subs && props.requestSubscription == byPlatforms && props.requestPurchase == nil)
        #expect(
            try Self.json(props)
                == (try TestJSON.parse(Data(#"{"requestSubscription": {"google": {"skus": ["premium"]}}, "type": "subs"}"#.utf8))))
        guard case .subscription(byPlatforms) = props.request else {
            Issue.record("request read back as \(props.request)")
            return
        }
        // Setting the choice sets its field and clears the other.
        var changed = props
        changed.request = .purchase(RequestPurchasePropsByPlatforms(google: RequestPurchaseAndroidProps(skus: ["coins"])))
        #expect(changed.requestSubscription == nil && changed.requestPurchase?.google?.skus == ["coins"])
        // Read from JSON without the tag, the case gives it; the JSON is kept.
        let decoded = try JSONDecoder().decode(
            RequestPurchaseProps.self, from: Data(#"{"requestSubscription": {"google": {"skus": ["premium"]}}}"#.utf8))
        #expect(decoded.type == .subs)
        #expect(try Self.json(decoded) == (try TestJSON.parse(Data(#"{"requestSubscription": {"google": {"skus": ["premium"]}}}"#.utf8))))
    }

    // MARK: - Enums

    @Test func enumsFailOnValuesTheyDoNotListAndDecodeThemAll() throws {
        #expect(IapStore(rawValue: "google") == .google)
        #expect(IapStore(rawValue: "galaxy") == nil)
        #expect(IapStore(wireValue: "galaxy") == .unrecognized("galaxy"))
        #expect(IapStore.allCases == IapStore.knownCases)
        #expect(try JSONDecoder().decode(IapStore.self, from: Data(#""galaxy""#.utf8)) == .unrecognized("galaxy"))
        // Decode-only aliases are spellings of the value.
        #expect(ErrorCode.allCases.count == ErrorCode.knownCases.count && ErrorCode.allCases.allSatisfy(\.isKnown))
    }

    // MARK: - The Apple module behind the dispatcher

    @Test func anAppleModuleIsServedThroughItsListeners() async throws {
        let module = AppleMemoryModule()
        let events = DispatcherTests.EventLog()
        let dispatcher = OpenIAPDispatcher(store: .apple, sdk: module, events: events.sink)
        // initConnection's config is Android's: the Apple module is called without it.
        #expect(try TestJSON.parse(await dispatcher.call("initConnection", arguments: Data(#"{"config": {}}"#.utf8)))
            == (try TestJSON.parse(Data(#"{"result": true}"#.utf8))))
        #expect(module.connections == 1)
        // A subscription registers a listener, whose deliveries become events.
        _ = await dispatcher.subscribe("purchaseUpdated", arguments: Data(#"{"options": {"dedupeTransactionIOS": false}}"#.utf8), subscription: 3)
        #expect(module.listenerCount == 1 && module.lastOptions?.dedupeTransactionIOS == false)
        module.deliver(.purchaseIos(AppleMemoryModule.purchase))
        let delivered = try await events.wait(for: 1)
        guard case let .object(members)? = delivered.first, members["event"] == .string(Array("purchaseUpdated".unicodeScalars)) else {
            Issue.record("events: \(delivered)")
            return
        }
        // Ending the subscription removes the listener through removeListener(_:).
        _ = await dispatcher.unsubscribe(3)
        for _ in 0..<2000 where module.listenerCount > 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(module.listenerCount == 0 && module.removed == 1)
        // Android's operations are not the Apple module's.
        let android = try TestJSON.parse(await dispatcher.call("consumePurchaseAndroid", arguments: Data(#"{"purchaseToken": "t"}"#.utf8)))
        #expect("\(android)".contains("feature-not-supported"))
    }

    @Test func listenersWithoutOptionsAndSubscriptionsRemoveOnce() {
        let module = AppleMemoryModule()
        let subscription = module.purchaseUpdatedListener { _ in }
        #expect(subscription.eventType == .purchaseUpdated && module.lastOptions == nil && module.listenerCount == 1)
        var cleanups = 0
        let other = Subscription(eventType: .purchaseError) { cleanups += 1 }
        other.remove()
        other.remove()
        #expect(cleanups == 1)
        module.removeAllListeners()
        #expect(module.listenerCount == 0)
    }
}

/// An Apple module whose store lives in memory, written as openiap-apple
/// writes its module (listener functions, `Subscription`s), and `Sendable`
/// so that the dispatcher can serve it. Only what the tests use does
/// anything.
final class AppleMemoryModule: OpenIapModuleProtocol, @unchecked Sendable {
    // `@unchecked`: the state is only touched under `lock`.
    private let lock = NSLock()
    private var listeners: [(Subscription, PurchaseUpdatedListener)] = []
    private var _connections = 0
    private var _removed = 0
    private var _lastOptions: PurchaseUpdatedListenerOptions?

    static let purchase = PurchaseIOS(
        id: "t1", isAutoRenewing: false, productId: "premium", purchaseState: .purchased, quantity: 1, transactionDate: 1,
        transactionId: "t1")

    var connections: Int { lock.withLock { _connections } }
    var removed: Int { lock.withLock { _removed } }
    var listenerCount: Int { lock.withLock { listeners.count } }
    var lastOptions: PurchaseUpdatedListenerOptions? { lock.withLock { _lastOptions } }

    func deliver(_ purchase: Purchase) {
        for (_, listener) in lock.withLock({ listeners }) { listener(purchase) }
    }

    struct Unsupported: Error {}

    func initConnection() async throws -> Bool {
        lock.withLock { _connections += 1 }
        return true
    }

    func endConnection() async throws -> Bool { true }
    func fetchProducts(_ params: ProductRequest) async throws -> FetchProductsResult { .products([]) }
    func getPromotedProductIOS() async throws -> ProductIOS? { nil }
    func requestPurchase(_ params: RequestPurchaseProps) async throws -> RequestPurchaseResult? { nil }
    func restorePurchases() async throws {}
    func getAvailablePurchases(_ options: PurchaseOptions?) async throws -> [Purchase] { [] }
    func getAllTransactionsIOS() async throws -> [PurchaseIOS] { [] }
    func finishTransaction(purchase: PurchaseInput, isConsumable: Bool?) async throws {}
    func getPendingTransactionsIOS() async throws -> [PurchaseIOS] { [] }
    func clearTransactionIOS() async throws -> Bool { true }
    func isTransactionVerifiedIOS(sku: String) async throws -> Bool { false }
    func getTransactionJwsIOS(sku: String) async throws -> String? { nil }
    func currentEntitlementIOS(sku: String) async throws -> PurchaseIOS? { nil }
    func latestTransactionIOS(sku: String) async throws -> PurchaseIOS? { nil }
    func getReceiptDataIOS() async throws -> String? { nil }
    func verifyPurchase(_ props: VerifyPurchaseProps) async throws -> VerifyPurchaseResult { throw Unsupported() }
    func verifyPurchaseWithProvider(_ props: VerifyPurchaseWithProviderProps) async throws -> VerifyPurchaseWithProviderResult {
        throw Unsupported()
    }
    func getStorefront() async throws -> String { "USA" }
    func getAppTransactionIOS() async throws -> AppTransaction? { nil }
    func getActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> [ActiveSubscription] { [] }
    func hasActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> Bool { false }
    func subscriptionStatusIOS(sku: String) async throws -> [SubscriptionStatusIOS] { [] }
    func isEligibleForIntroOfferIOS(groupID: String) async throws -> Bool { false }
    func beginRefundRequestIOS(sku: String) async throws -> String? { nil }
    func syncIOS() async throws -> Bool { true }
    func presentCodeRedemptionSheetIOS() async throws -> PurchaseIOS? { nil }
    func showManageSubscriptionsIOS() async throws -> [PurchaseIOS] { [] }
    func deepLinkToSubscriptions(_ options: DeepLinkOptions?) async throws {}
    func canPresentExternalPurchaseNoticeIOS() async throws -> Bool { false }
    func presentExternalPurchaseNoticeSheetIOS() async throws -> ExternalPurchaseNoticeResultIOS { throw Unsupported() }
    func presentExternalPurchaseLinkIOS(_ url: String) async throws -> ExternalPurchaseLinkResultIOS { throw Unsupported() }
    func isEligibleForExternalPurchaseCustomLinkIOS() async throws -> Bool { false }
    func getExternalPurchaseCustomLinkTokenIOS(
        _ tokenType: ExternalPurchaseCustomLinkTokenTypeIOS
    ) async throws -> ExternalPurchaseCustomLinkTokenResultIOS { throw Unsupported() }
    func showExternalPurchaseCustomLinkNoticeIOS(
        _ noticeType: ExternalPurchaseCustomLinkNoticeTypeIOS
    ) async throws -> ExternalPurchaseCustomLinkNoticeResultIOS { throw Unsupported() }

    func purchaseUpdatedListener(_ listener: @escaping PurchaseUpdatedListener, options: PurchaseUpdatedListenerOptions?) -> Subscription {
        let subscription = Subscription(eventType: .purchaseUpdated)
        lock.withLock {
            _lastOptions = options
            listeners.append((subscription, listener))
        }
        return subscription
    }

    func purchaseErrorListener(_ listener: @escaping PurchaseErrorListener) -> Subscription { Subscription(eventType: .purchaseError) }
    func promotedProductListenerIOS(_ listener: @escaping PromotedProductListener) -> Subscription {
        Subscription(eventType: .promotedProductIos)
    }
    func subscriptionBillingIssueListener(_ listener: @escaping SubscriptionBillingIssueListener) -> Subscription {
        Subscription(eventType: .subscriptionBillingIssue)
    }

    func removeListener(_ subscription: Subscription) {
        lock.withLock {
            listeners.removeAll { $0.0 === subscription }
            _removed += 1
        }
        subscription.remove()
    }

    func removeAllListeners() {
        lock.withLock { listeners.removeAll() }
    }
}
