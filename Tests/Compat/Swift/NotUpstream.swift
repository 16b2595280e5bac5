// A documentation sample (seed 004, "Verify Purchase with IAPKit") that does
// not compile against upstream's 3.2.1 Types.swift either: it passes
// `provider:` before `iapkit:`, but upstream's VerifyPurchaseWithProviderProps
// initializer takes its parameters in alphabetical order (iapkit, provider),
// so Swift reports "argument 'iapkit' must precede argument 'provider'".
// Kept verbatim (apart from this comment); check.sh compiles it separately.
import Foundation
import OpenIAPTypes

func verifyWithIapkitAsDocumented(_ purchase: PurchaseIOS) async -> Bool {
    do {
        let result = try await OpenIapModule.shared.verifyPurchaseWithProvider(
            VerifyPurchaseWithProviderProps(
                provider: .iapkit,
                iapkit: RequestVerifyPurchaseWithIapkitProps(
                    apiKey: Bundle.main.object(forInfoDictionaryKey: "IAPKitAPIKey") as? String,
                    apple: RequestVerifyPurchaseWithIapkitAppleProps(jws: purchase.purchaseToken ?? "")
                )
            )
        )

        if let verified = result.iapkit,
           verified.isValid,
           let verifiedProductId = verified.productId,
           verifiedProductId == purchase.productId {
            print("IAPKit verified: \(verified.state.rawValue)")
            return true
        }

        print("IAPKit verification failed")
        return false
    } catch {
        print("IAPKit verification error: \(error.localizedDescription)")
        return false
    }
}
