// One call per operation of the SDK's module protocol (all 35) and of its
// listener API, written from upstream's declarations with realistic
// arguments, through the protocol (as an app holding `any` module does) and
// with the result types spelled out.
import Foundation
import OpenIAPTypes

func callEveryOperation(_ module: any OpenIapModuleProtocol, purchase: Purchase) async throws {
    // Connection
    let connected: Bool = try await module.initConnection()
    let disconnected: Bool = try await module.endConnection()

    // Products
    let fetched: FetchProductsResult = try await module.fetchProducts(
        ProductRequest(skus: ["com.app.premium_monthly", "com.app.premium_yearly"], type: .subs)
    )
    let fetchedInApp: FetchProductsResult = try await module.fetchProducts(ProductRequest(skus: ["com.app.coins_100"]))
    let promoted: ProductIOS? = try await module.getPromotedProductIOS()

    // Purchases
    let requested: RequestPurchaseResult? = try await module.requestPurchase(
        RequestPurchaseProps(
            request: .purchase(
                RequestPurchasePropsByPlatforms(
                    apple: RequestPurchaseIosProps(
                        appAccountToken: "5f1c6f0e-3b1a-4a53-9d8e-0d5b2b6b9a11",
                        quantity: 1,
                        sku: "com.app.coins_100"
                    ),
                    google: RequestPurchaseAndroidProps(skus: ["com.app.coins_100"])
                )
            ),
            type: .inApp
        )
    )
    let subscribed: RequestPurchaseResult? = try await module.requestPurchase(
        RequestPurchaseProps(
            request: .subscription(
                RequestSubscriptionPropsByPlatforms(
                    apple: RequestSubscriptionIosProps(sku: "com.app.premium_monthly")
                )
            )
        )
    )
    try await module.restorePurchases()
    let available: [Purchase] = try await module.getAvailablePurchases(
        PurchaseOptions(alsoPublishToEventListenerIOS: false, onlyIncludeActiveItemsIOS: true)
    )
    let availableDefault: [Purchase] = try await module.getAvailablePurchases(nil)
    let allTransactions: [PurchaseIOS] = try await module.getAllTransactionsIOS()

    // Transactions
    try await module.finishTransaction(purchase: purchase, isConsumable: true)
    try await module.finishTransaction(purchase: purchase, isConsumable: nil)
    let pending: [PurchaseIOS] = try await module.getPendingTransactionsIOS()
    let cleared: Bool = try await module.clearTransactionIOS()
    let isVerified: Bool = try await module.isTransactionVerifiedIOS(sku: "com.app.premium_monthly")
    let jws: String? = try await module.getTransactionJwsIOS(sku: "com.app.premium_monthly")
    let entitlement: PurchaseIOS? = try await module.currentEntitlementIOS(sku: "com.app.premium_monthly")
    let latest: PurchaseIOS? = try await module.latestTransactionIOS(sku: "com.app.premium_monthly")

    // Validation
    let receipt: String? = try await module.getReceiptDataIOS()
    let verification: VerifyPurchaseResult = try await module.verifyPurchase(
        VerifyPurchaseProps(apple: VerifyPurchaseAppleOptions(sku: "com.app.premium_monthly"))
    )
    let providerVerification: VerifyPurchaseWithProviderResult = try await module.verifyPurchaseWithProvider(
        VerifyPurchaseWithProviderProps(
            iapkit: RequestVerifyPurchaseWithIapkitProps(
                apiKey: "openiap-kit_pk_test",
                apple: RequestVerifyPurchaseWithIapkitAppleProps(jws: purchase.purchaseToken ?? "")
            ),
            provider: .iapkit
        )
    )

    // Store information
    let storefront: String = try await module.getStorefront()
    let appTransaction: AppTransaction? = try await module.getAppTransactionIOS()

    // Subscriptions
    let active: [ActiveSubscription] = try await module.getActiveSubscriptions(["com.app.premium_monthly"])
    let anyActive: [ActiveSubscription] = try await module.getActiveSubscriptions(nil)
    let hasActive: Bool = try await module.hasActiveSubscriptions(nil)
    let statuses: [SubscriptionStatusIOS] = try await module.subscriptionStatusIOS(sku: "com.app.premium_monthly")
    let eligible: Bool = try await module.isEligibleForIntroOfferIOS(groupID: "21468794")

    // Refunds and misc
    let refundStatus: String? = try await module.beginRefundRequestIOS(sku: "com.app.premium_monthly")
    let synced: Bool = try await module.syncIOS()
    let redeemed: PurchaseIOS? = try await module.presentCodeRedemptionSheetIOS()
    let changed: [PurchaseIOS] = try await module.showManageSubscriptionsIOS()
    try await module.deepLinkToSubscriptions(nil)
    try await module.deepLinkToSubscriptions(DeepLinkOptions(packageNameAndroid: "com.app", skuAndroid: "premium_monthly"))

    // External purchase
    let canPresent: Bool = try await module.canPresentExternalPurchaseNoticeIOS()
    let notice: ExternalPurchaseNoticeResultIOS = try await module.presentExternalPurchaseNoticeSheetIOS()
    let link: ExternalPurchaseLinkResultIOS = try await module.presentExternalPurchaseLinkIOS("https://example.com/checkout")
    let customEligible: Bool = try await module.isEligibleForExternalPurchaseCustomLinkIOS()
    let customToken: ExternalPurchaseCustomLinkTokenResultIOS = try await module.getExternalPurchaseCustomLinkTokenIOS(.acquisition)
    let customNotice: ExternalPurchaseCustomLinkNoticeResultIOS = try await module.showExternalPurchaseCustomLinkNoticeIOS(.browser)

    print(
        connected, disconnected, fetched, fetchedInApp, promoted as Any, requested as Any, subscribed as Any,
        available.count, availableDefault.count, allTransactions.count, pending.count, cleared, isVerified,
        jws as Any, entitlement as Any, latest as Any, receipt as Any, verification.isValid,
        providerVerification.provider, storefront, appTransaction as Any, active.count, anyActive.count,
        hasActive, statuses.count, eligible, refundStatus as Any, synced, redeemed as Any, changed.count,
        canPresent, notice.result, link.success, customEligible, customToken.token as Any, customNotice.continued
    )
}

// The listener API, through the protocol and through the shared module
// (whose purchaseUpdatedListener defaults `options` to nil).
func useEveryListener(_ module: any OpenIapModuleProtocol) {
    let updated: Subscription = module.purchaseUpdatedListener(
        { purchase in print("updated", purchase.productId, purchase.transactionDate) },
        options: PurchaseUpdatedListenerOptions(dedupeTransactionIOS: false)
    )
    let failed: Subscription = module.purchaseErrorListener { error in
        print("failed", error.code.rawValue, error.message, error.productId ?? "-")
    }
    let promoted: Subscription = module.promotedProductListenerIOS { productId in
        print("promoted", productId)
    }
    let billingIssue: Subscription = module.subscriptionBillingIssueListener { purchase in
        print("billing issue", purchase.productId)
    }
    let withDefaults: Subscription = OpenIapModule.shared.purchaseUpdatedListener { purchase in
        print(purchase.id)
    }

    let events: [IapEvent] = [updated.eventType, failed.eventType, promoted.eventType, billingIssue.eventType]
    print(events.map(\.rawValue), updated.id, withDefaults.eventType == .purchaseUpdated)

    module.removeListener(updated)
    module.removeListener(failed)
    module.removeAllListeners()
}

// Listener closures are values of the SDK's typealiases.
let logPurchase: PurchaseUpdatedListener = { purchase in print(purchase.productId) }
let logError: PurchaseErrorListener = { error in print(error.message) }
let logPromoted: PromotedProductListener = { productId in print(productId) }
let logBillingIssue: SubscriptionBillingIssueListener = { purchase in print(purchase.id) }
