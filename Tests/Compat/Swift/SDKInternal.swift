// Code an SDK module (openiap-apple) writes around the generated types:
// building output records from StoreKit data and IAPKit answers with the
// records' memberwise initializers (upstream's order: alphabetical; every
// property with a default omitted where the SDK has nothing), making
// PurchaseError values the way the SDK's helpers do, and conforming generated
// types to the SDK's own protocols. Upstream's memberwise initializers are
// internal, so check.sh compiles this file inside the upstream types module
// (where the SDK's own copy of Types.swift lives) and as a client of ours
// (what the SDK becomes when it imports our module instead).
import Foundation
import OpenIAPTypes

// MARK: - PurchaseError, as the SDK builds and bridges it

extension PurchaseError: LocalizedError, CustomNSError {
    public static var errorDomain: String { "OpenIAP" }
    public var errorCode: Int { 0 }
    public var errorDescription: String? { message }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = ["code": code.rawValue, "message": message, NSLocalizedDescriptionKey: message]
        if let productId { info["productId"] = productId }
        if let debugMessage { info["debugMessage"] = debugMessage }
        return info
    }
}

enum SDKErrors {
    static func make(code: ErrorCode, productId: String? = nil, message: String? = nil, debugMessage: String? = nil) -> PurchaseError {
        PurchaseError(
            code: code,
            debugMessage: debugMessage,
            message: message ?? "Store error: \(code.rawValue)",
            productId: productId
        )
    }

    static func make(code: String, productId: String? = nil, message: String? = nil) -> PurchaseError {
        let resolved = ErrorCode(rawValue: code) ?? .unknown
        return make(code: resolved, productId: productId, message: message)
    }

    static func notSupported(_ operation: String, sku: String?) -> PurchaseError {
        PurchaseError(code: .featureNotSupported, message: "\(operation) is not supported", productId: sku)
    }

    static func androidBilling(responseCode: Int, sub: SubResponseCodeAndroid?, skus: [String]) -> PurchaseError {
        PurchaseError(
            code: .serviceError,
            isEmptyProductList: skus.isEmpty,
            message: "Play Billing failed",
            productIds: skus,
            productType: "subs",
            responseCode: responseCode,
            subResponseCodeAndroid: sub
        )
    }

    static func codeTable() -> [String: String] {
        ErrorCode.allCases.reduce(into: [String: String]()) { table, code in
            table[code.rawValue] = "\(code)"
        }
    }

    static func messageIfKnown(_ raw: String) -> String {
        if let parsed = ErrorCode(rawValue: raw) {
            return parsed.rawValue
        }
        return "Unknown error occurred"
    }
}

// MARK: - The SDK's own protocol over the generated iOS request props

public protocol SDKIosPropsProtocol {
    var sku: String { get }
    var quantity: Int? { get }
    var appAccountToken: String? { get }
    var withOffer: DiscountOfferInputIOS? { get }
    var advancedCommerceData: String? { get }
    var andDangerouslyFinishTransactionAutomatically: Bool? { get }
}

extension RequestPurchaseIosProps: SDKIosPropsProtocol {}
extension RequestSubscriptionIosProps: SDKIosPropsProtocol {}

// MARK: - Output records built from store data

/// What StoreKit's Transaction gives the bridge (a plain stand-in here).
struct StoreTransactionFields {
    var id: UInt64 = 2_000_000_123
    var originalID: UInt64 = 2_000_000_001
    var productID = "com.app.premium_monthly"
    var purchaseDate = Date(timeIntervalSince1970: 1_784_160_000)
    var expirationDate: Date? = Date(timeIntervalSince1970: 1_786_838_400)
    var jws = "eyJhbGciOi..."
    var bundleID = "com.app"
    var storefront = "USA"
}

enum StoreKitBridge {
    static func milliseconds(_ date: Date) -> Double { date.timeIntervalSince1970 * 1000 }

    static func purchase(from t: StoreTransactionFields, renewal: RenewalInfoIOS?) -> PurchaseIOS {
        PurchaseIOS(
            appAccountToken: nil,
            appBundleIdIOS: t.bundleID,
            billingPlanTypeIOS: .monthly,
            currencyCodeIOS: "USD",
            currentPlanId: t.productID,
            environmentIOS: "Sandbox",
            expirationDateIOS: t.expirationDate.map(milliseconds),
            id: String(t.id),
            ids: nil,
            isAutoRenewing: renewal?.willAutoRenew ?? false,
            isUpgradedIOS: false,
            offerIOS: PurchaseOfferIOS(id: "intro", paymentMode: "free-trial", type: "introductory"),
            originalTransactionDateIOS: milliseconds(t.purchaseDate),
            originalTransactionIdentifierIOS: String(t.originalID),
            ownershipTypeIOS: "purchased",
            productId: t.productID,
            purchaseState: .purchased,
            purchaseToken: t.jws,
            quantity: 1,
            quantityIOS: 1,
            renewalInfoIOS: renewal,
            store: .apple,
            storefrontCountryCodeIOS: t.storefront,
            transactionDate: milliseconds(t.purchaseDate),
            transactionId: String(t.id)
        )
    }

    static func renewalInfo(willAutoRenew: Bool) -> RenewalInfoIOS {
        RenewalInfoIOS(
            autoRenewPreference: "com.app.premium_yearly",
            expirationReason: nil,
            gracePeriodExpirationDate: nil,
            isInBillingRetry: false,
            jsonRepresentation: "{}",
            pendingUpgradeProductId: "com.app.premium_yearly",
            renewalDate: 1_786_838_400_000,
            willAutoRenew: willAutoRenew
        )
    }

    static func product(id: String) -> ProductIOS {
        ProductIOS(
            currency: "USD",
            description: "100 coins",
            displayName: "Coins",
            displayNameIOS: "Coins",
            displayPrice: "$0.99",
            id: id,
            isFamilyShareableIOS: false,
            jsonRepresentationIOS: "{}",
            price: 0.99,
            title: "Coins",
            typeIOS: .consumable
        )
    }

    static func subscription(id: String) -> ProductSubscriptionIOS {
        ProductSubscriptionIOS(
            currency: "USD",
            description: "Premium",
            displayName: "Premium",
            displayNameIOS: "Premium",
            displayPrice: "$4.99",
            id: id,
            introductoryPricePaymentModeIOS: .freeTrial,
            isFamilyShareableIOS: true,
            jsonRepresentationIOS: "{}",
            price: 4.99,
            subscriptionGroupIdIOS: "21468794",
            subscriptionOffers: [
                SubscriptionOffer(
                    displayPrice: "$0.00",
                    id: "intro",
                    paymentMode: .freeTrial,
                    period: SubscriptionPeriod(unit: .week, value: 1),
                    periodCount: 1,
                    price: 0,
                    type: .introductory
                ),
            ],
            subscriptionPeriodNumberIOS: "1",
            subscriptionPeriodUnitIOS: .month,
            title: "Premium",
            typeIOS: .autoRenewableSubscription
        )
    }

    static func activeSubscription(from purchase: PurchaseIOS) -> ActiveSubscription {
        ActiveSubscription(
            currentPlanId: purchase.currentPlanId,
            daysUntilExpirationIOS: 30,
            environmentIOS: purchase.environmentIOS,
            expirationDateIOS: purchase.expirationDateIOS,
            isActive: true,
            productId: purchase.productId,
            purchaseToken: purchase.purchaseToken,
            renewalInfoIOS: purchase.renewalInfoIOS,
            transactionDate: purchase.transactionDate,
            transactionId: purchase.transactionId
        )
    }

    static func status(from purchase: PurchaseIOS) -> SubscriptionStatusIOS {
        SubscriptionStatusIOS(renewalInfo: purchase.renewalInfoIOS, state: "subscribed")
    }

    static func fetchResult(products: [ProductIOS], subscriptions: [ProductSubscriptionIOS], type: ProductQueryType) -> FetchProductsResult {
        let wrappedProducts: [Product] = products.map { .productIos($0) }
        let wrappedSubscriptions: [ProductSubscription] = subscriptions.map { .productSubscriptionIos($0) }
        if type == .subs { return .subscriptions(wrappedSubscriptions) }
        if type == .all {
            return .all(wrappedProducts.map { .product($0) } + wrappedSubscriptions.map { .productSubscription($0) })
        }
        return .products(wrappedProducts)
    }

    static func requestResult(_ purchase: PurchaseIOS?) -> RequestPurchaseResult {
        .purchase(purchase.map { .purchaseIos($0) })
    }
}

// MARK: - Verification results built from server answers

enum VerificationBridge {
    static func appleResult(isValid: Bool, jws: String, receipt: String, latest: PurchaseIOS?) -> VerifyPurchaseResult {
        .verifyPurchaseResultIos(
            VerifyPurchaseResultIOS(
                isValid: isValid,
                jwsRepresentation: jws,
                latestTransaction: latest.map { .purchaseIos($0) },
                receiptData: receipt
            )
        )
    }

    // iapkitResult(json:) builds IAPKit's payload and result with two of
    // the documented differences: KeptDifferences.swift has it as the SDK
    // writes it, Adapted.swift with the one-line changes.

    static func failure(_ message: String) -> VerifyPurchaseWithProviderResult {
        VerifyPurchaseWithProviderResult(
            errors: [VerifyPurchaseWithProviderError(message: message)],
            provider: .iapkit
        )
    }
}
