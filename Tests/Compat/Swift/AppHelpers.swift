// App-side helpers that the documentation samples call but do not define
// (grantEntitlement, deliverProduct, yourBackend, ...). They are the app's
// own code: they only name generated types as parameter types.
import Foundation
import OpenIAPTypes

func grantEntitlement(_ productId: String) async {}
func grantEntitlement(_ productId: String?) async {}
func deliverProduct(_ productId: String) async {}
func unlockEntitlement(productId: String) {}
func applyPublicRules(_ payload: IapkitProductClientPayload) {}
func verifyPurchaseOnServer(_ purchase: Purchase) async -> Bool { false }
func verifyIOSPurchase(_ purchase: PurchaseIOS) async -> Bool { false }
func grantProductToUser(productId: String) async {}

/// Stands in for "your authenticated networking client" in the docs.
struct YourBackend {
    func verifyApplePurchase(productId: String, jws: String) async throws -> Bool { false }
}
let yourBackend = YourBackend()

/// Errors the corpus's stub implementations throw.
enum CorpusError: Error {
    case notImplemented(String)
}
