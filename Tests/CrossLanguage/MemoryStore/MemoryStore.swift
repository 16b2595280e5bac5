import Foundation
import OpenIAPTypes

/// An OpenIAP SDK for Android whose store lives in memory: a small catalog,
/// purchases that succeed at once, and a verification service that knows
/// the purchases it made. It is what the dispatcher's tests and the
/// cross-language test run against (the `openiap-memory-store` executable
/// serves it over JSON lines); it conforms to the generated protocol like a
/// real SDK would.
///
/// What it does, so that a test can rely on it:
/// - `fetchProducts` answers the catalog entries among the requested
///   identifiers (unknown ones are left out), `empty-sku-list` for none;
/// - `requestPurchase` of one known product delivers the new purchase to
///   every `purchaseUpdated` listener, then answers it (a subscription
///   answers null: its purchase arrives through the listeners only); an
///   unknown product is delivered to the `purchaseError` listeners and
///   thrown as `sku-not-found`, a non-consumable bought before as
///   `already-owned`;
/// - `finishTransaction` finishes a purchase it made once, `item-not-owned`
///   after that or for a purchase it does not know;
/// - `verifyPurchaseWithProvider` (IAPKit, with the purchase of the store
///   it plays: the token on Google Play, the receipt id, which is the
///   token, on Amazon, the product on Horizon) answers valid for a purchase
///   it made (`pending-acknowledgment` until finished, `entitled` after)
///   and `inauthentic` otherwise;
/// - `getStorefront` answers the storefront given, or throws an error that
///   is not a `PurchaseError` when given none;
/// - the billing programs and Billing Choice calls of Google Play are not
///   available (`feature-not-supported`).
public actor MemoryStore: OpenIAPAndroidOperations {
    /// A product of the catalog.
    public struct Item: Sendable {
        public var id: String
        public var title: String
        public var type: ProductType
        public var price: Double
        public var isConsumable: Bool

        public init(id: String, title: String, type: ProductType, price: Double, isConsumable: Bool = false) {
            self.id = id
            self.title = title
            self.type = type
            self.price = price
            self.isConsumable = isConsumable
        }
    }

    /// What the memory store sells unless told otherwise.
    public static let defaultCatalog = [
        Item(id: "com.example.coins_100", title: "100 Coins", type: .inApp, price: 0.99, isConsumable: true),
        Item(id: "com.example.premium", title: "Premium", type: .inApp, price: 4.99),
        Item(id: "com.example.monthly", title: "Monthly", type: .subs, price: 2.99),
    ]

    /// The storefront this store plays: `google`, `horizon` or `amazon`.
    public nonisolated let store: IapStore
    private let catalog: [Item]
    private let storefront: String?
    private var purchases: [PurchaseAndroid] = []
    private var finished: Set<String> = []
    private var made = 0
    private let updated = Listeners<Purchase>()
    private let failed = Listeners<PurchaseError>()
    private let billingIssues = Listeners<Purchase>()
    private let userChoices = Listeners<UserChoiceBillingDetails>()
    private let developerBilling = Listeners<DeveloperProvidedBillingDetailsAndroid>()

    public init(store: IapStore = .google, catalog: [Item] = MemoryStore.defaultCatalog, storefront: String? = "US") {
        self.store = store
        self.catalog = catalog
        self.storefront = storefront
    }

    /// What `getStorefront` throws without a storefront.
    public struct NoStorefront: Error {}

    /// How many `purchaseUpdated` listeners are registered: a test sees a
    /// listener go when its iteration ends.
    public func purchaseUpdatedListenerCount() -> Int { updated.count }

    // MARK: - Connection

    public func initConnection(config: InitConnectionConfig?) async throws -> Bool { true }

    public func endConnection() async throws -> Bool { true }

    // MARK: - Products

    public func fetchProducts(_ params: ProductRequest) async throws -> FetchProductsResult {
        guard !params.skus.isEmpty else { throw PurchaseError(code: .emptySkuList, message: "the request names no product") }
        let items = catalog.filter { params.skus.contains($0.id) }
        switch params.type ?? .inApp {
        case .subs:
            return .subscriptions(items.filter { $0.type == .subs }.map { .productSubscriptionAndroid(subscription($0)) })
        case .all:
            return .all(
                items.map {
                    $0.type == .subs ? .productSubscription(.productSubscriptionAndroid(subscription($0))) : .product(.productAndroid(product($0)))
                })
        default:
            return .products(items.filter { $0.type != .subs }.map { .productAndroid(product($0)) })
        }
    }

    private func product(_ item: Item) -> ProductAndroid {
        ProductAndroid(
            id: item.id, title: item.title, description: "\(item.title), from the memory store.", type: item.type,
            displayPrice: Self.displayPrice(item.price), currency: "USD", price: item.price, platform: .android,
            nameAndroid: item.title)
    }

    private func subscription(_ item: Item) -> ProductSubscriptionAndroid {
        ProductSubscriptionAndroid(
            id: item.id, title: item.title, description: "\(item.title), from the memory store.", type: item.type,
            displayPrice: Self.displayPrice(item.price), currency: "USD", price: item.price, platform: .android,
            nameAndroid: item.title, subscriptionOffers: [])
    }

    private static func displayPrice(_ price: Double) -> String {
        price.isFinite ? "$" + String(format: "%.2f", price) : "$?"
    }

    public func getStorefront() async throws -> String {
        guard let storefront else { throw NoStorefront() }
        return storefront
    }

    // MARK: - Purchases

    public func requestPurchase(_ params: RequestPurchaseProps) async throws -> RequestPurchaseResult? {
        let skus = params.requestPurchase?.google?.skus ?? params.requestSubscription?.google?.skus ?? []
        guard let sku = skus.first else {
            throw PurchaseError(code: .developerError, message: "the request has no Android props naming a product")
        }
        guard let item = catalog.first(where: { $0.id == sku }) else {
            let error = PurchaseError(code: .skuNotFound, message: "no product '\(sku)' in the memory store", productId: sku)
            failed.send(error)
            throw error
        }
        if !item.isConsumable, purchases.contains(where: { $0.productId == sku }) {
            throw PurchaseError(code: .alreadyOwned, message: "'\(sku)' was bought already", productId: sku)
        }
        made += 1
        let purchase = PurchaseAndroid(
            id: "purchase-\(made)", productId: sku, transactionDate: 1_784_160_000_000 + Double(made), purchaseToken: Self.token(made),
            store: store, quantity: 1, purchaseState: .purchased, isAutoRenewing: item.type == .subs, isAcknowledgedAndroid: false)
        purchases.append(purchase)
        updated.send(wrapped(purchase))
        return item.type == .subs ? nil : .purchases([wrapped(purchase)])
    }

    /// The purchase token (and Amazon receipt id) of the `number`th
    /// purchase: as long as the IAPKit server wants a token to be.
    static func token(_ number: Int) -> String {
        "memory-store-token-" + String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
    }

    /// `purchase` as a `Purchase` (its `store` is this store's).
    private func wrapped(_ purchase: PurchaseAndroid) -> Purchase {
        .purchaseAndroid(purchase)
    }

    public func finishTransaction(purchase: PurchaseInput, isConsumable: Bool?) async throws {
        guard let id = Self.id(of: purchase) else {
            throw PurchaseError(code: .itemNotOwned, message: "no unfinished purchase of a store this version does not know")
        }
        try finish(where: { $0.id == id }, consume: isConsumable ?? false, what: "purchase '\(id)'")
    }

    /// The identifier of a purchase of any store; nil for a member this
    /// version does not know.
    private static func id(of purchase: Purchase) -> String? {
        switch purchase {
        case let .purchaseIos(member): member.id
        case let .purchaseAndroid(member): member.id
        case .unrecognized: nil
        }
    }

    public func acknowledgePurchaseAndroid(purchaseToken: String) async throws -> Bool {
        try finish(where: { $0.purchaseToken == purchaseToken }, consume: false, what: "purchase token '\(purchaseToken)'")
        return true
    }

    public func consumePurchaseAndroid(purchaseToken: String) async throws -> Bool {
        try finish(where: { $0.purchaseToken == purchaseToken }, consume: true, what: "purchase token '\(purchaseToken)'")
        return true
    }

    /// Finishes the unfinished purchase that `matches`; consuming it also
    /// forgets it, so that it can be bought again.
    private func finish(where matches: (PurchaseAndroid) -> Bool, consume: Bool, what: String) throws {
        guard let index = purchases.firstIndex(where: { matches($0) && !finished.contains($0.id) }) else {
            throw PurchaseError(code: .itemNotOwned, message: "no unfinished \(what)")
        }
        finished.insert(purchases[index].id)
        purchases[index].isAcknowledgedAndroid = true
        if consume { purchases.remove(at: index) }
    }

    public func getAvailablePurchases(_ options: PurchaseOptions?) async throws -> [Purchase] {
        purchases.map(wrapped)
    }

    public func getActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> [ActiveSubscription] { [] }

    public func hasActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> Bool {
        purchases.contains { purchase in
            catalog.contains { $0.id == purchase.productId && $0.type == .subs }
                && (subscriptionIds ?? [purchase.productId]).contains(purchase.productId)
        }
    }

    public func restorePurchases() async throws {}

    public func deepLinkToSubscriptions(_ options: DeepLinkOptions?) async throws {}

    public func openRedeemOfferCodeAndroid() async throws -> Bool { false }

    // MARK: - Verification

    public func verifyPurchase(_ options: VerifyPurchaseProps) async throws -> VerifyPurchaseResult {
        throw PurchaseError(code: .purchaseVerificationFailed, message: "the memory store has no server to verify with")
    }

    public func verifyPurchaseWithProvider(_ options: VerifyPurchaseWithProviderProps) async throws -> VerifyPurchaseWithProviderResult {
        // The purchase of this store that the request names: by its token on
        // Google Play and Amazon (the receipt id), by its product on Horizon.
        let matches: (PurchaseAndroid) -> Bool
        switch store {
        case .horizon:
            guard let sku = options.iapkit?.horizon?.sku else {
                throw PurchaseError(code: .developerError, message: "options.iapkit.horizon.sku is needed on Horizon")
            }
            matches = { $0.productId == sku }
        case .amazon:
            guard let receipt = options.iapkit?.amazon?.receiptId else {
                throw PurchaseError(code: .developerError, message: "options.iapkit.amazon.receiptId is needed on Amazon")
            }
            matches = { $0.purchaseToken == receipt }
        default:
            guard let token = options.iapkit?.google?.purchaseToken else {
                throw PurchaseError(code: .developerError, message: "options.iapkit.google.purchaseToken is needed on Google Play")
            }
            matches = { $0.purchaseToken == token }
        }
        let result: RequestVerifyPurchaseWithIapkitResult
        if let purchase = purchases.last(where: matches) {
            let state: IapkitPurchaseState = finished.contains(purchase.id) ? .entitled : .pendingAcknowledgment
            result = RequestVerifyPurchaseWithIapkitResult(store: store, isValid: true, state: state, productId: purchase.productId)
        } else {
            result = RequestVerifyPurchaseWithIapkitResult(store: store, isValid: false, state: .inauthentic)
        }
        return VerifyPurchaseWithProviderResult(provider: options.provider, iapkit: result)
    }

    // MARK: - Google Play billing programs, which the memory store lacks

    private static func unavailable(_ what: String) -> PurchaseError {
        PurchaseError(code: .featureNotSupported, message: "the memory store has no \(what)")
    }

    public func isBillingProgramAvailableAndroid(program: BillingProgramAndroid) async throws -> BillingProgramAvailabilityResultAndroid {
        throw Self.unavailable("billing programs")
    }

    public func createBillingProgramReportingDetailsAndroid(
        program: BillingProgramAndroid, developerBillingType: DeveloperBillingTypeAndroid?
    ) async throws -> BillingProgramReportingDetailsAndroid {
        throw Self.unavailable("billing programs")
    }

    public func launchExternalLinkAndroid(params: LaunchExternalLinkParamsAndroid) async throws -> Bool {
        throw Self.unavailable("external links")
    }

    public func getBillingChoiceInfoAndroid(params: GetBillingChoiceInfoParamsAndroid) async throws -> BillingChoiceInfoAndroid {
        throw Self.unavailable("Billing Choice screen")
    }

    public func showBillingProgramInformationDialogAndroid(
        params: BillingProgramInformationDialogParamsAndroid
    ) async throws -> BillingResultAndroid {
        throw Self.unavailable("billing program dialogs")
    }

    public func showInAppMessagesAndroid(params: InAppMessageParamsAndroid?) async throws -> InAppMessageResultAndroid {
        throw Self.unavailable("in-app messages")
    }

    // MARK: - Events

    public func purchaseUpdated(options: PurchaseUpdatedListenerOptions?) async -> AsyncStream<Purchase> { updated.stream() }

    public func purchaseError() async -> AsyncStream<PurchaseError> { failed.stream() }

    public func subscriptionBillingIssue() async -> AsyncStream<Purchase> { billingIssues.stream() }

    public func userChoiceBillingAndroid() async -> AsyncStream<UserChoiceBillingDetails> { userChoices.stream() }

    public func developerProvidedBillingAndroid() async -> AsyncStream<DeveloperProvidedBillingDetailsAndroid> {
        developerBilling.stream()
    }
}

/// The listeners of one event: each gets every payload sent after it was
/// registered, and is removed when its iteration ends.
final class Listeners<Payload: Sendable>: Sendable {
    private let state = Locked<[Int: AsyncStream<Payload>.Continuation]>([:])
    private let counter = Locked(0)

    var count: Int { state.read(\.count) }

    func stream() -> AsyncStream<Payload> {
        let id = counter.update { value in
            value += 1
            return value
        }
        return AsyncStream { continuation in
            state.update { $0[id] = continuation }
            continuation.onTermination = { [state] _ in state.update { $0[id] = nil } }
        }
    }

    func send(_ payload: Payload) {
        for continuation in state.read(\.values) { continuation.yield(payload) }
    }
}

/// A value behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // `@unchecked`: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func read<Result>(_ body: (Value) -> Result) -> Result {
        lock.withLock { body(value) }
    }

    func update<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
