// App code using the generated types as upstream declares them: every input
// type built with upstream's initializer labels, order and defaults (each at
// least once with its optionals omitted), unions matched with upstream's case
// names, enum cases by upstream's names, the aliases upstream declares, and
// the Codable / CaseIterable / RawRepresentable surface apps rely on.
// (PropertyReads.swift reads every property; Records.swift builds every
// output record.)
import Foundation
import OpenIAPTypes

// MARK: - Input types

func buildEveryInput() throws {
    // Purchase requests
    let offer = DiscountOfferInputIOS(
        identifier: "promo_50_off",
        keyIdentifier: "KEY123",
        nonce: "3f0a9e1c-1111-2222-3333-444455556666",
        signature: "MEUCIQ...",
        timestamp: 1_784_160_000_000
    )
    let iosPurchase = RequestPurchaseIosProps(
        advancedCommerceData: "{\"signatureInfo\":{\"token\":\"campaign\"}}",
        andDangerouslyFinishTransactionAutomatically: false,
        appAccountToken: "5f1c6f0e-3b1a-4a53-9d8e-0d5b2b6b9a11",
        quantity: 2,
        sku: "com.app.coins_100",
        withOffer: offer
    )
    let iosPurchaseMinimal = RequestPurchaseIosProps(sku: "com.app.coins_100")
    let billingOption = DeveloperBillingOptionParamsAndroid(
        billingProgram: .externalPayments,
        externalTransactionToken: nil,
        launchMode: .launchInExternalBrowserOrApp,
        linkUri: "https://example.com/pay"
    )
    let billingOptionMinimal = DeveloperBillingOptionParamsAndroid(billingProgram: .billingChoice)
    let androidPurchase = RequestPurchaseAndroidProps(
        developerBillingOption: billingOption,
        isOfferPersonalized: true,
        obfuscatedAccountId: "account-1",
        obfuscatedProfileId: "profile-1",
        offerToken: "offer-token",
        skus: ["coins_100"]
    )
    let androidPurchaseMinimal = RequestPurchaseAndroidProps(skus: ["coins_100"])
    let purchaseByPlatforms = RequestPurchasePropsByPlatforms(apple: iosPurchase, google: androidPurchase)
    let purchaseProps = RequestPurchaseProps(request: .purchase(purchaseByPlatforms), type: .inApp)
    let purchasePropsDefaultType = RequestPurchaseProps(request: .purchase(RequestPurchasePropsByPlatforms(apple: iosPurchaseMinimal)))

    let replacement = SubscriptionProductReplacementParamsAndroid(oldProductId: "premium_monthly", replacementMode: .chargeProratedPrice)
    let androidSubscription = RequestSubscriptionAndroidProps(
        developerBillingOption: billingOptionMinimal,
        isOfferPersonalized: false,
        obfuscatedAccountId: "account-1",
        obfuscatedProfileId: nil,
        originalExternalTransactionId: nil,
        purchaseToken: "old-purchase-token",
        skus: ["premium_yearly"],
        subscriptionOffers: [AndroidSubscriptionOfferInput(offerToken: "offer-token", sku: "premium_yearly")],
        subscriptionProductReplacementParams: replacement
    )
    let iosSubscription = RequestSubscriptionIosProps(
        advancedCommerceData: nil,
        andDangerouslyFinishTransactionAutomatically: nil,
        appAccountToken: "5f1c6f0e-3b1a-4a53-9d8e-0d5b2b6b9a11",
        billingPlanType: .monthly,
        compactJWS: "eyJhbGciOi...",
        promotionalOfferJWS: PromotionalOfferJWSInputIOS(jws: "eyJhbGciOi...", offerId: "promo_1"),
        quantity: 1,
        sku: "com.app.premium_yearly",
        winBackOffer: WinBackOfferInputIOS(offerId: "winback_1"),
        withOffer: nil
    )
    let subscriptionByPlatforms = RequestSubscriptionPropsByPlatforms(apple: iosSubscription, google: androidSubscription)
    let subscriptionProps = RequestPurchaseProps(request: .subscription(subscriptionByPlatforms), type: .subs)
    let subscriptionPropsMinimal = RequestPurchaseProps(
        request: .subscription(RequestSubscriptionPropsByPlatforms(google: RequestSubscriptionAndroidProps(skus: ["premium"])))
    )

    // Reading a built request back
    switch purchaseProps.request {
    case .purchase(let byPlatforms):
        print(byPlatforms.apple?.sku ?? "", byPlatforms.google?.skus ?? [])
    case .subscription(let byPlatforms):
        print(byPlatforms.apple?.winBackOffer?.offerId ?? "")
    }
    let requestType: ProductQueryType = subscriptionProps.type

    // Products, connection, listeners, deep links
    let productRequest = ProductRequest(skus: ["com.app.premium"], type: .all)
    let productRequestDefault = ProductRequest(skus: ["com.app.premium"])
    let connection = InitConnectionConfig(billingChoiceScreenTypeAndroid: .developerRendered, enableBillingProgramAndroid: .billingChoice)
    let connectionDefault = InitConnectionConfig()
    let purchaseOptions = PurchaseOptions(alsoPublishToEventListenerIOS: true, includeSuspendedAndroid: true, onlyIncludeActiveItemsIOS: false)
    let purchaseOptionsDefault = PurchaseOptions()
    let listenerOptions = PurchaseUpdatedListenerOptions(dedupeTransactionIOS: false)
    let listenerOptionsDefault = PurchaseUpdatedListenerOptions()
    let deepLink = DeepLinkOptions(packageNameAndroid: "com.app", skuAndroid: "premium")
    let deepLinkDefault = DeepLinkOptions()

    // Android billing programs
    let dialog = BillingProgramInformationDialogParamsAndroid(billingProgram: .billingChoice, externalTransactionToken: "token")
    let dialogDefault = BillingProgramInformationDialogParamsAndroid(externalTransactionToken: "token")
    let choiceInfo = GetBillingChoiceInfoParamsAndroid(billingProgram: .billingChoice, playBillingChoiceImageLayout: .rectangularTwoByTwo, userLocale: "ja-JP")
    let choiceInfoDefault = GetBillingChoiceInfoParamsAndroid()
    let messages = InAppMessageParamsAndroid(categories: [.transactional])
    let messagesDefault = InAppMessageParamsAndroid()
    let externalLink = LaunchExternalLinkParamsAndroid(
        billingProgram: .externalOffer,
        externalTransactionToken: nil,
        launchMode: .callerWillLaunchLink,
        linkType: .linkToDigitalContentOffer,
        linkUri: "https://example.com/offer"
    )
    let externalLinkMinimal = LaunchExternalLinkParamsAndroid(
        billingProgram: .externalContentLink,
        launchMode: .launchInExternalBrowserOrApp,
        linkType: .linkToAppDownload,
        linkUri: "https://example.com/app"
    )

    // Verification
    let verifyApple = VerifyPurchaseProps(apple: VerifyPurchaseAppleOptions(sku: "com.app.premium"))
    let verifyGoogle = VerifyPurchaseProps(
        google: VerifyPurchaseGoogleOptions(
            accessToken: "ya29.token",
            isSub: true,
            packageName: "com.app",
            purchaseToken: "purchase-token",
            sku: "premium"
        )
    )
    let verifyGoogleMinimal = VerifyPurchaseGoogleOptions(accessToken: "ya29.token", packageName: "com.app", purchaseToken: "purchase-token", sku: "premium")
    let verifyHorizon = VerifyPurchaseProps(horizon: VerifyPurchaseHorizonOptions(accessToken: "OC|1|secret", sku: "premium", userId: "42"))
    let verifyAll = VerifyPurchaseProps(
        apple: VerifyPurchaseAppleOptions(sku: "a"),
        google: verifyGoogleMinimal,
        horizon: VerifyPurchaseHorizonOptions(accessToken: "OC|1|secret", sku: "b", userId: "42")
    )
    let iapkitAll = RequestVerifyPurchaseWithIapkitProps(
        amazon: RequestVerifyPurchaseWithIapkitAmazonProps(expectedProductId: "coins_100", receiptId: "receipt-1", sandbox: true, userId: "amzn1.account"),
        apiKey: "openiap-kit_pk_test",
        apple: RequestVerifyPurchaseWithIapkitAppleProps(jws: "eyJhbGciOi..."),
        baseUrl: "https://kit.example.com",
        google: RequestVerifyPurchaseWithIapkitGoogleProps(purchaseToken: "purchase-token"),
        includeClientPayload: true
    )
    let iapkitAmazonMinimal = RequestVerifyPurchaseWithIapkitProps(
        amazon: RequestVerifyPurchaseWithIapkitAmazonProps(receiptId: "receipt-1")
    )
    let iapkitGoogle = RequestVerifyPurchaseWithIapkitProps(
        apiKey: "openiap-kit_pk_test",
        google: RequestVerifyPurchaseWithIapkitGoogleProps(purchaseToken: "purchase-token")
    )
    let withProvider = VerifyPurchaseWithProviderProps(iapkit: iapkitAll, provider: .iapkit)
    let withProviderMinimal = VerifyPurchaseWithProviderProps(provider: .iapkit)

    // Inputs are Codable: an app or bridge sends them as JSON.
    let encoder = JSONEncoder()
    let encoded: [Data] = [
        try encoder.encode(purchaseProps), try encoder.encode(subscriptionProps),
        try encoder.encode(withProvider), try encoder.encode(verifyAll),
    ]
    let decodedProps = try JSONDecoder().decode(RequestPurchaseProps.self, from: encoded[0])

    print(
        purchasePropsDefaultType, subscriptionPropsMinimal, requestType, productRequest, productRequestDefault,
        connection, connectionDefault, purchaseOptions, purchaseOptionsDefault, listenerOptions,
        listenerOptionsDefault, deepLink, deepLinkDefault, dialog, dialogDefault, choiceInfo, choiceInfoDefault,
        messages, messagesDefault, externalLink, externalLinkMinimal, verifyApple, verifyGoogle, verifyHorizon,
        iapkitAmazonMinimal, iapkitGoogle, withProviderMinimal, androidPurchaseMinimal, decodedProps.type
    )
}

// MARK: - Aliases

/// A purchase a listener delivered is what finishTransaction takes.
func finishInput(from purchase: Purchase) -> PurchaseInput {
    let input: PurchaseInput = purchase
    return input
}

/// Operations without a result return VoidResult, which is Void.
func nothing() -> VoidResult {
    ()
}

// MARK: - Unions, with upstream's case names

func describe(_ purchase: Purchase) -> String {
    if case let .purchaseIos(ios) = purchase {
        return "iOS \(ios.transactionId) \(ios.expirationDateIOS ?? 0)"
    }
    if case let .purchaseAndroid(android) = purchase {
        return "Android \(android.store.rawValue) \(android.isAcknowledgedAndroid ?? false)"
    }
    return "?"
}

func describe(_ product: Product) -> String {
    if case let .productIos(ios) = product { return ios.displayNameIOS }
    if case let .productAndroid(android) = product { return android.nameAndroid }
    return product.displayPrice
}

func describe(_ subscription: ProductSubscription) -> String {
    if case let .productSubscriptionIos(ios) = subscription { return ios.subscriptionGroupIdIOS ?? "" }
    if case let .productSubscriptionAndroid(android) = subscription { return android.subscriptionOffers.first?.id ?? "" }
    return subscription.title
}

func describe(_ item: ProductOrSubscription) -> String {
    if case let .product(product) = item { return describe(product) }
    if case let .productSubscription(subscription) = item { return describe(subscription) }
    return ""
}

func describe(_ result: VerifyPurchaseResult) -> String {
    if case let .verifyPurchaseResultIos(ios) = result { return ios.jwsRepresentation }
    if case let .verifyPurchaseResultAndroid(android) = result { return android.receiptId }
    if case let .verifyPurchaseResultHorizon(horizon) = result { return "\(horizon.grantTime ?? 0)" }
    return "\(result.isValid)"
}

func products(in result: FetchProductsResult) -> [String] {
    if case let .products(products) = result { return (products ?? []).map(\.id) }
    if case let .subscriptions(subscriptions) = result { return (subscriptions ?? []).map(\.id) }
    if case let .all(items) = result { return (items ?? []).map(describe) }
    return []
}

func purchases(in result: RequestPurchaseResult?) -> [Purchase] {
    guard let result else { return [] }
    if case let .purchase(purchase) = result { return purchase.map { [$0] } ?? [] }
    if case let .purchases(purchases) = result { return purchases ?? [] }
    return []
}

/// Union values are built from their member types with upstream's case names.
func wrap(_ ios: PurchaseIOS, _ android: PurchaseAndroid, _ product: ProductIOS, _ subscription: ProductSubscriptionAndroid) -> [Any] {
    let purchases: [Purchase] = [.purchaseIos(ios), .purchaseAndroid(android)]
    let products: [Product] = [.productIos(product)]
    let subscriptions: [ProductSubscription] = [.productSubscriptionAndroid(subscription)]
    let items: [ProductOrSubscription] = [.product(products[0]), .productSubscription(subscriptions[0])]
    let fetched: [FetchProductsResult] = [.products(products), .subscriptions(nil), .all(items)]
    let requested: [RequestPurchaseResult] = [.purchase(purchases[0]), .purchases(purchases)]
    return [purchases, products, subscriptions, items, fetched, requested]
}

/// Shared properties of a union, through its interface protocol.
func commonFields(_ purchase: some PurchaseCommon, _ product: any ProductCommon, _ result: any VerifyPurchaseResultCommon) -> String {
    "\(purchase.productId) \(purchase.store) \(product.displayPrice) \(product.platform) \(result.isValid)"
}

func useInterfaces(_ purchase: Purchase, _ product: Product, _ result: VerifyPurchaseResult) -> String {
    commonFields(purchase, product, result)
}

// MARK: - Enums, with upstream's case names

func useEnumCases(_ result: RequestVerifyPurchaseWithIapkitResult, _ error: PurchaseError) -> [String] {
    var notes: [String] = []
    if result.store == .apple || result.store == .google || result.store == .horizon || result.store == .amazon {
        notes.append("known store")
    }
    if result.state == .entitled || result.state == .pendingAcknowledgment || result.state == .readyToConsume {
        notes.append("grant")
    }
    if result.clientPayload?.format == .toml { notes.append("toml") }
    if error.code == .userCancelled || error.code == .duplicatePurchase { notes.append("quiet") }

    let events: [IapEvent] = [
        .purchaseUpdated, .purchaseError, .promotedProductIos, .userChoiceBillingAndroid,
        .developerProvidedBillingAndroid, .subscriptionBillingIssue,
    ]
    let kinds: [ProductType] = [.inApp, .subs]
    let queries: [ProductQueryType] = [.inApp, .subs, .all]
    let iosKinds: [ProductTypeIOS] = [.consumable, .nonConsumable, .autoRenewableSubscription, .nonRenewingSubscription, .subscriptionBundle, .subscriptionSuite]
    let states: [PurchaseState] = [.pending, .purchased, .unknown]
    let platforms: [IapPlatform] = [.ios, .android]
    let notice: [ExternalPurchaseNoticeAction] = [.continue, .dismissed]
    let periods: [SubscriptionPeriodIOS] = [.day, .week, .month, .year, .empty]
    let offerTypes: [SubscriptionOfferTypeIOS] = [.introductory, .promotional, .winBack]
    let payment: [PaymentModeIOS] = [.empty, .freeTrial, .payAsYouGo, .payUpFront]
    let replacement: [SubscriptionReplacementModeAndroid] = [.withTimeProration, .chargeProratedPrice, .chargeFullPrice, .withoutProration, .deferred, .keepExisting]
    notes.append("\(events.count + kinds.count + queries.count + iosKinds.count + states.count + platforms.count + notice.count + periods.count + offerTypes.count + payment.count + replacement.count)")

    // Raw values are the wire strings.
    notes.append(IapkitPurchaseState.pendingAcknowledgment.rawValue)
    notes.append(IapEvent.promotedProductIos.rawValue)
    return notes
}

func useCaseIterable() -> Int {
    IapkitPurchaseState.allCases.count + ErrorCode.allCases.count + IapStore.allCases.count
        + ProductQueryType.allCases.count + SubscriptionPeriodUnit.allCases.count
}

/// ErrorCode reads both its wire value and its case name, and rejects others.
func parseErrorCode(_ text: String) -> ErrorCode {
    if let code = ErrorCode(rawValue: text) {
        return code
    }
    guard let fallback = ErrorCode(rawValue: "unknown") else { return .unknown }
    return fallback
}

// MARK: - Errors

func handle(_ error: Error) -> String {
    guard let purchaseError = error as? PurchaseError else { return error.localizedDescription }
    let code: ErrorCode = purchaseError.code
    return "\(code.rawValue) \(purchaseError.message) \(purchaseError.debugMessage ?? "") \(purchaseError.responseCode ?? 0)"
}

// MARK: - Decoding output types

func decodeOutputs(_ data: Data) throws -> [Any] {
    let decoder = JSONDecoder()
    return [
        try decoder.decode(PurchaseIOS.self, from: data),
        try decoder.decode(ProductSubscriptionIOS.self, from: data),
        try decoder.decode(RequestVerifyPurchaseWithIapkitResult.self, from: data),
        try decoder.decode(VerifyPurchaseWithProviderResult.self, from: data),
        try decoder.decode(PurchaseError.self, from: data),
        try decoder.decode([ActiveSubscription].self, from: data),
        try decoder.decode(Purchase.self, from: data),
        try decoder.decode(VerifyPurchaseResult.self, from: data),
    ]
}
