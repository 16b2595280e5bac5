// A module written the way openiap-apple writes OpenIapModule: a final
// NSObject subclass with a shared instance and listener state, conforming to
// the SDK's module protocol with each requirement's exact signature (all 35
// operations and the listener API). If the generated protocol matches the
// SDK's, this class conforms to it unchanged.
import Foundation
import OpenIAPTypes

public final class OpenIapModule: NSObject, OpenIapModuleProtocol {
    public static let shared = OpenIapModule()

    // Listener state, as an SDK module keeps it.
    private var purchaseUpdatedListeners: [(subscription: Subscription, listener: PurchaseUpdatedListener)] = []
    private var purchaseErrorListeners: [(subscription: Subscription, listener: PurchaseErrorListener)] = []
    private var promotedProductListeners: [(subscription: Subscription, listener: PromotedProductListener)] = []
    private var billingIssueListeners: [(subscription: Subscription, listener: SubscriptionBillingIssueListener)] = []

    // MARK: Connection

    public func initConnection() async throws -> Bool { true }

    public func endConnection() async throws -> Bool { true }

    // MARK: Products

    public func fetchProducts(_ params: ProductRequest) async throws -> FetchProductsResult {
        switch params.type ?? .inApp {
        case .subs:
            return .subscriptions([])
        case .all:
            return .all([])
        default:
            return .products([])
        }
    }

    public func getPromotedProductIOS() async throws -> ProductIOS? { nil }

    // MARK: Purchases

    public func requestPurchase(_ params: RequestPurchaseProps) async throws -> RequestPurchaseResult? {
        switch params.request {
        case .purchase(let byPlatforms):
            guard let apple = byPlatforms.apple else {
                throw CorpusError.notImplemented("requestPurchase without apple props")
            }
            _ = apple.sku
            return .purchase(nil)
        case .subscription(let byPlatforms):
            _ = byPlatforms.apple?.sku
            return .purchases([])
        }
    }

    public func restorePurchases() async throws -> Void {}

    public func getAvailablePurchases(_ options: PurchaseOptions?) async throws -> [Purchase] {
        _ = options?.onlyIncludeActiveItemsIOS
        return []
    }

    public func getAllTransactionsIOS() async throws -> [PurchaseIOS] { [] }

    // MARK: Transactions

    public func finishTransaction(purchase: PurchaseInput, isConsumable: Bool?) async throws -> Void {
        guard case .purchaseIos(let iosPurchase) = purchase else {
            throw CorpusError.notImplemented("Apple modules finish iOS purchases only")
        }
        _ = (iosPurchase.transactionId, isConsumable ?? false)
    }

    public func getPendingTransactionsIOS() async throws -> [PurchaseIOS] { [] }

    public func clearTransactionIOS() async throws -> Bool { true }

    public func isTransactionVerifiedIOS(sku: String) async throws -> Bool { false }

    public func getTransactionJwsIOS(sku: String) async throws -> String? { nil }

    public func currentEntitlementIOS(sku: String) async throws -> PurchaseIOS? { nil }

    public func latestTransactionIOS(sku: String) async throws -> PurchaseIOS? { nil }

    // MARK: Validation

    public func getReceiptDataIOS() async throws -> String? { nil }

    public func verifyPurchase(_ props: VerifyPurchaseProps) async throws -> VerifyPurchaseResult {
        throw CorpusError.notImplemented("verifyPurchase \(props.apple?.sku ?? "")")
    }

    public func verifyPurchaseWithProvider(_ props: VerifyPurchaseWithProviderProps) async throws -> VerifyPurchaseWithProviderResult {
        throw CorpusError.notImplemented("verifyPurchaseWithProvider \(props.provider.rawValue)")
    }

    // MARK: Store information

    public func getStorefront() async throws -> String { "USA" }

    @available(iOS 16.0, macOS 14.0, tvOS 16.0, watchOS 9.0, *)
    public func getAppTransactionIOS() async throws -> AppTransaction? { nil }

    // MARK: Subscriptions

    public func getActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> [ActiveSubscription] { [] }

    public func hasActiveSubscriptions(_ subscriptionIds: [String]?) async throws -> Bool { false }

    public func subscriptionStatusIOS(sku: String) async throws -> [SubscriptionStatusIOS] { [] }

    public func isEligibleForIntroOfferIOS(groupID: String) async throws -> Bool { false }

    // MARK: Refunds and misc

    public func beginRefundRequestIOS(sku: String) async throws -> String? { nil }

    public func syncIOS() async throws -> Bool { true }

    public func presentCodeRedemptionSheetIOS() async throws -> PurchaseIOS? { nil }

    public func showManageSubscriptionsIOS() async throws -> [PurchaseIOS] { [] }

    public func deepLinkToSubscriptions(_ options: DeepLinkOptions?) async throws -> Void {}

    // MARK: External purchase

    public func canPresentExternalPurchaseNoticeIOS() async throws -> Bool { false }

    public func presentExternalPurchaseNoticeSheetIOS() async throws -> ExternalPurchaseNoticeResultIOS {
        throw CorpusError.notImplemented("presentExternalPurchaseNoticeSheetIOS")
    }

    public func presentExternalPurchaseLinkIOS(_ url: String) async throws -> ExternalPurchaseLinkResultIOS {
        throw CorpusError.notImplemented("presentExternalPurchaseLinkIOS \(url)")
    }

    public func isEligibleForExternalPurchaseCustomLinkIOS() async throws -> Bool { false }

    public func getExternalPurchaseCustomLinkTokenIOS(_ tokenType: ExternalPurchaseCustomLinkTokenTypeIOS) async throws -> ExternalPurchaseCustomLinkTokenResultIOS {
        throw CorpusError.notImplemented("getExternalPurchaseCustomLinkTokenIOS \(tokenType.rawValue)")
    }

    public func showExternalPurchaseCustomLinkNoticeIOS(_ noticeType: ExternalPurchaseCustomLinkNoticeTypeIOS) async throws -> ExternalPurchaseCustomLinkNoticeResultIOS {
        throw CorpusError.notImplemented("showExternalPurchaseCustomLinkNoticeIOS \(noticeType.rawValue)")
    }

    // MARK: Listeners

    public func purchaseUpdatedListener(_ listener: @escaping PurchaseUpdatedListener, options: PurchaseUpdatedListenerOptions? = nil) -> Subscription {
        let subscription = Subscription(eventType: .purchaseUpdated)
        _ = options?.dedupeTransactionIOS ?? true
        purchaseUpdatedListeners.append((subscription, listener))
        return subscription
    }

    public func purchaseErrorListener(_ listener: @escaping PurchaseErrorListener) -> Subscription {
        let subscription = Subscription(eventType: .purchaseError)
        purchaseErrorListeners.append((subscription, listener))
        return subscription
    }

    public func promotedProductListenerIOS(_ listener: @escaping PromotedProductListener) -> Subscription {
        let subscription = Subscription(eventType: .promotedProductIos)
        promotedProductListeners.append((subscription, listener))
        return subscription
    }

    public func subscriptionBillingIssueListener(_ listener: @escaping SubscriptionBillingIssueListener) -> Subscription {
        let subscription = Subscription(eventType: .subscriptionBillingIssue, onRemove: { print("billing-issue listener removed") })
        billingIssueListeners.append((subscription, listener))
        return subscription
    }

    public func removeListener(_ subscription: Subscription) -> Void {
        purchaseUpdatedListeners.removeAll { $0.subscription === subscription }
        purchaseErrorListeners.removeAll { $0.subscription === subscription }
        promotedProductListeners.removeAll { $0.subscription === subscription }
        billingIssueListeners.removeAll { $0.subscription.id == subscription.id }
    }

    public func removeAllListeners() -> Void {
        purchaseUpdatedListeners.removeAll()
        purchaseErrorListeners.removeAll()
        promotedProductListeners.removeAll()
        billingIssueListeners.removeAll()
    }

    // Delivery, as the SDK does it when StoreKit reports a transaction.
    func emit(_ purchase: Purchase) {
        for entry in purchaseUpdatedListeners { entry.listener(purchase) }
    }

    func emit(_ error: PurchaseError) {
        for entry in purchaseErrorListeners { entry.listener(error) }
    }
}
