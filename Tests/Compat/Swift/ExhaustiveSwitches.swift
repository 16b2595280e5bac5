// Exhaustive switches without `default`, as apps and the SDK write them
// against upstream's closed enums and unions. Against ours each is expected
// to fail ("switch must be exhaustive", marked `expected error:`): our enums
// are open (`.unrecognized`), and our unions and oneOf results keep an
// unknown member, which is the point. Docs/Compatibility.md lists the
// difference with its one-line change (a `default:` branch);
// scripts/compat.sh checks that exactly the marked errors occur, and that
// the file compiles against upstream's types when they are at hand.
import Foundation
import OpenIAPTypes

func fulfilmentAllowed(_ state: IapkitPurchaseState, consumable: Bool) -> Bool {
    switch state {  // expected error: switch must be exhaustive
    case .entitled, .pendingAcknowledgment:
        return !consumable
    case .readyToConsume:
        return consumable
    case .pending, .canceled, .expired, .consumed, .unknown, .inauthentic:
        return false
    }
}

func storeName(_ store: IapStore) -> String {
    switch store {  // expected error: switch must be exhaustive
    case .apple: return "App Store"
    case .google: return "Google Play"
    case .horizon: return "Meta Horizon"
    case .amazon: return "Amazon Appstore"
    case .unknown: return "unknown"
    }
}

/// The SDK's default-message table is an exhaustive switch over ErrorCode.
func defaultMessage(for code: ErrorCode) -> String {
    switch code {  // expected error: switch must be exhaustive
    case .unknown: return "Unknown error occurred"
    case .userCancelled: return "User cancelled the purchase flow"
    case .userError: return "User action error"
    case .itemUnavailable: return "Item unavailable"
    case .remoteError: return "Remote service error"
    case .networkError: return "Network connection error"
    case .serviceError: return "Store service error"
    case .purchaseVerificationFailed: return "Purchase verification failed"
    case .purchaseVerificationFinished: return "Transaction already finished"
    case .purchaseVerificationFinishFailed: return "Transaction finish failed"
    case .notPrepared: return "Billing is not prepared"
    case .notEnded: return "Billing connection not ended"
    case .alreadyOwned: return "Item already owned"
    case .developerError: return "Developer configuration error"
    case .billingResponseJsonParseError: return "Failed to parse billing response"
    case .deferredPayment: return "Payment was deferred"
    case .interrupted: return "Purchase flow interrupted"
    case .iapNotAvailable: return "In-app purchases not available"
    case .purchaseError: return "Purchase error"
    case .syncError: return "Sync error"
    case .transactionValidationFailed: return "Transaction validation failed"
    case .activityUnavailable: return "Required activity is unavailable"
    case .alreadyPrepared: return "Billing already prepared"
    case .pending: return "Transaction pending"
    case .connectionClosed: return "Connection closed"
    case .initConnection: return "Failed to initialize billing connection"
    case .serviceDisconnected: return "Billing service disconnected"
    case .serviceTimeout: return "Billing service request timed out"
    case .queryProduct: return "Failed to query product"
    case .skuNotFound: return "SKU not found"
    case .skuOfferMismatch: return "SKU offer mismatch"
    case .itemNotOwned: return "Item not owned"
    case .billingUnavailable: return "Billing unavailable"
    case .featureNotSupported: return "Feature not supported on this platform"
    case .emptySkuList: return "Empty SKU list provided"
    case .duplicatePurchase: return "Duplicate purchase update detected"
    }
}

func route(_ event: IapEvent) -> String {
    switch event {  // expected error: switch must be exhaustive
    case .purchaseUpdated, .purchaseError, .subscriptionBillingIssue: return "purchase"
    case .promotedProductIos: return "ios"
    case .userChoiceBillingAndroid, .developerProvidedBillingAndroid: return "android"
    }
}

func label(_ type: ProductType) -> String {
    switch type {  // expected error: switch must be exhaustive
    case .inApp: return "one-time"
    case .subs: return "subscription"
    }
}

func transactionId(_ purchase: Purchase) -> String? {
    switch purchase {  // expected error: switch must be exhaustive
    case .purchaseIos(let ios): return ios.transactionId
    case .purchaseAndroid(let android): return android.transactionId
    }
}

func productName(_ product: Product) -> String {
    switch product {  // expected error: switch must be exhaustive
    case .productIos(let ios): return ios.displayNameIOS
    case .productAndroid(let android): return android.nameAndroid
    }
}

func isValid(_ result: VerifyPurchaseResult) -> Bool {
    switch result {  // expected error: switch must be exhaustive
    case .verifyPurchaseResultIos(let ios): return ios.isValid
    case .verifyPurchaseResultAndroid(let android): return android.isValid
    case .verifyPurchaseResultHorizon(let horizon): return horizon.isValid
    }
}

func count(_ result: FetchProductsResult) -> Int {
    switch result {  // expected error: switch must be exhaustive
    case .products(let products): return products?.count ?? 0
    case .subscriptions(let subscriptions): return subscriptions?.count ?? 0
    case .all(let items): return items?.count ?? 0
    }
}

func first(_ result: RequestPurchaseResult) -> Purchase? {
    switch result {  // expected error: switch must be exhaustive
    case .purchase(let purchase): return purchase
    case .purchases(let purchases): return purchases?.first
    }
}
