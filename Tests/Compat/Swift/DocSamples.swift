// Every Swift sample of the documentation pages (reference seeds 000, 001,
// 002, 004) that touches generated names, wrapped in functions so it
// type-checks. Sample text is kept as in the docs; each adaptation is marked
// "ADAPTED:" with the reason. Samples that use only the hand-written
// `OpenIapStore` helper (initConnection/fetchProducts/requestPurchase on the
// store, onPurchaseSuccess/onPurchaseError, asIOS()) are left out; the lines
// of those samples that touch generated names are kept where they stand alone.
// `OpenIapModule` is the class in ModuleConformance.swift.
import Foundation
import OpenIAPTypes

// MARK: - Seed 001: Validation / verifyPurchase

// ADAPTED: the docs leave `purchase` undeclared; here it is the `Purchase`
// a purchase listener delivers.
func docVerifyPurchase(purchase: Purchase) async throws {
    let result = try await OpenIapModule.shared.verifyPurchase(
        VerifyPurchaseProps(
            apple: VerifyPurchaseAppleOptions(sku: purchase.productId)
        )
    )

    if case let .verifyPurchaseResultIos(iosResult) = result,
       iosResult.isValid {
        await grantEntitlement(purchase.productId)
    }
}

// MARK: - Seed 001: verifyPurchaseWithProvider (IAPKit)

func docVerifyPurchaseWithProvider(purchase: Purchase) async throws {
    let result = try await OpenIapModule.shared.verifyPurchaseWithProvider(
        VerifyPurchaseWithProviderProps(
            iapkit: RequestVerifyPurchaseWithIapkitProps(
                apiKey: "openiap-kit_pk_<your-publishable-key>",
                apple: RequestVerifyPurchaseWithIapkitAppleProps(
                    jws: purchase.purchaseToken ?? ""
                ),
                includeClientPayload: true
            ),
            provider: .iapkit
        )
    )
    _ = result
}

// MARK: - Seed 000: VerifyPurchaseWithProviderResult usage example

func docVerifyPurchaseWithProviderResultUsage(purchase: Purchase) async throws {
    let result = try await OpenIapModule.shared.verifyPurchaseWithProvider(
        VerifyPurchaseWithProviderProps(
            iapkit: RequestVerifyPurchaseWithIapkitProps(
                apiKey: "openiap-kit_pk_<your-publishable-key>",
                apple: RequestVerifyPurchaseWithIapkitAppleProps(
                    jws: purchase.purchaseToken ?? ""
                ),
                includeClientPayload: true
            ),
            provider: .iapkit
        )
    )

    if let verified = result.iapkit,
       verified.isValid,
       verified.state == .entitled,
       let verifiedProductId = verified.productId,
       verifiedProductId == purchase.productId {
        unlockEntitlement(productId: verifiedProductId)
        if let payload = verified.clientPayload {
            // Parse according to format and apply in memory; do not log the body.
            applyPublicRules(payload)
        }
    }
}

// MARK: - Seed 002: purchaseUpdatedListener

func docListenerSetup() {
    let subscription = OpenIapModule.shared.purchaseUpdatedListener(
        { purchase in
            print("Purchase updated: \(purchase.productId)")
        },
        options: nil
    )
    _ = subscription
}

func docListenerOptInReplays() {
    let subscription = OpenIapModule.shared.purchaseUpdatedListener(
        { purchase in
            print("StoreKit replay or first delivery: \(purchase.id)")
        },
        options: PurchaseUpdatedListenerOptions(
            dedupeTransactionIOS: false
        )
    )
    _ = subscription
}

func docListenerDeliverAndFinish() {
    let subscription = OpenIapModule.shared.purchaseUpdatedListener { purchase in
        Task {
            print("Purchase updated: \(purchase.productId)")

            // Verify and deliver
            if await verifyPurchaseOnServer(purchase) {
                await deliverProduct(purchase.productId)
                try await OpenIapModule.shared.finishTransaction(
                    purchase: purchase,
                    isConsumable: false
                )
            }
        }
    }

    // Cleanup when done
    OpenIapModule.shared.removeListener(subscription)
}

// MARK: - Seed 004: Purchase flow

func verifyOnServer(_ purchase: PurchaseIOS) async -> Bool {
    do {
        // yourBackend is your authenticated networking client.
        return try await yourBackend.verifyApplePurchase(
            productId: purchase.productId,
            jws: purchase.purchaseToken ?? ""
        )
    } catch {
        print("Verification error: \(error.localizedDescription)")
        return false
    }
}

// ADAPTED: the docs pass `provider:` before `iapkit:`, which upstream's
// initializer (iapkit, provider) rejects too; the verbatim sample is in
// NotUpstream.swift. Here the two arguments are swapped, nothing else.
func verifyWithIapkit(_ purchase: PurchaseIOS) async -> Bool {
    do {
        let result = try await OpenIapModule.shared.verifyPurchaseWithProvider(
            VerifyPurchaseWithProviderProps(
                iapkit: RequestVerifyPurchaseWithIapkitProps(
                    apiKey: Bundle.main.object(forInfoDictionaryKey: "IAPKitAPIKey") as? String,
                    apple: RequestVerifyPurchaseWithIapkitAppleProps(jws: purchase.purchaseToken ?? "")
                ),
                provider: .iapkit
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

// ADAPTED: the docs' "Finish Transaction" sample finishes through the
// hand-written OpenIapStore (which takes a PurchaseIOS). Written against the
// module instead, the PurchaseIOS is wrapped in the union case a listener
// would have delivered. Everything else is as in the docs.
func handlePurchase(_ purchase: PurchaseIOS) async {
    // 1. Verify on server
    let isValid = await verifyIOSPurchase(purchase)
    guard isValid else {
        print("Invalid purchase")
        return
    }

    // 2. Grant the product to user
    await grantProductToUser(productId: purchase.productId)

    // 3. Finish the transaction
    let isConsumable = purchase.productId.contains("consumable")
    do {
        try await OpenIapModule.shared.finishTransaction(purchase: .purchaseIos(purchase), isConsumable: isConsumable)
        print("Transaction finished successfully")
    } catch {
        print("Failed to finish transaction: \(error.localizedDescription)")
    }
}

// ADAPTED: the docs' "Complete Example" keeps `[ProductIOS]` fetched through
// OpenIapStore (iosProducts) in an ObservableObject. Written against the
// module: fetch, then keep the iOS products of the result.
func completeExampleFetchProducts() async throws -> [ProductIOS] {
    var products: [ProductIOS] = []
    let result = try await OpenIapModule.shared.fetchProducts(
        ProductRequest(skus: ["com.app.premium", "com.app.coins_100"], type: .inApp)
    )
    if case let .products(fetched) = result {
        for product in fetched ?? [] {
            if case let .productIos(iosProduct) = product {
                products.append(iosProduct)
            }
        }
    }
    return products
}

// ADAPTED: the docs' "Handling Pending Purchases" reads
// OpenIapStore.availablePurchases and converts with the store helper
// `asIOS()`; written against the module, the union case is matched instead.
func checkPendingPurchases() async {
    do {
        let availablePurchases = try await OpenIapModule.shared.getAvailablePurchases(nil)

        for purchase in availablePurchases {
            // Process each pending purchase
            if case let .purchaseIos(iosPurchase) = purchase {
                await handlePurchase(iosPurchase)
            }
        }
    } catch {
        print("Failed to get pending purchases: \(error.localizedDescription)")
    }
}
