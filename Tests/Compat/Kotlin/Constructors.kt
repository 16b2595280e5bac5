// Compatibility corpus, part 2 of 4: building and reading values as the OpenIAP Android SDKs do.
// Written against upstream's generated API (OpenIAP 3.2.1 Types.kt): data classes whose
// constructor parameters come in upstream's order (alphabetical) with `= null` for optional
// fields and the spec's defaults; named arguments in any order as the converters write them,
// positional arguments where the Expo module and openiap-google use them; `copy`; `when`
// over the unions; the `PurchaseInput` alias. (What compiles against upstream but, on
// purpose, not against ours, exhaustive `when`s among it, is part 4, Differences.kt.)
@file:Suppress("UNUSED_VARIABLE", "USELESS_IS_CHECK", "SENSELESS_COMPARISON")

package compat.corpus

import dev.hyo.openiap.*

/** What openiap-google's BillingConverters build from Play Billing objects. */
object PlayConverters {
    fun inAppProduct(id: String, status: ProductStatusAndroid): ProductAndroid = ProductAndroid(
        currency = "USD",
        debugDescription = "Coins",
        description = "A bag of coins",
        discountOffers = listOf(
            DiscountOffer(
                id = "launch-discount",
                displayPrice = "$0.49",
                price = 0.49,
                currency = "USD",
                type = DiscountOfferType.OneTime,
                offerTokenAndroid = "one-time-offer-token",
                offerTagsAndroid = listOf("launch"),
                percentageDiscountAndroid = 50,
                validTimeWindowAndroid = ValidTimeWindowAndroid(
                    startTimeMillis = "1717171717000",
                    endTimeMillis = "1719171717000"
                ),
                limitedQuantityInfoAndroid = LimitedQuantityInfoAndroid(maximumQuantity = 5, remainingQuantity = 4),
                preorderDetailsAndroid = null,
                rentalDetailsAndroid = RentalDetailsAndroid(rentalPeriod = "P7D", rentalExpirationPeriod = null)
            )
        ),
        displayName = "Coins",
        displayPrice = "$0.99",
        id = id,
        nameAndroid = "Coins",
        platform = IapPlatform.Android,
        price = 0.99,
        productStatusAndroid = status,
        subscriptionOffers = null,
        title = "100 Coins",
        type = ProductType.InApp
    )

    fun subscriptionProduct(id: String): ProductSubscriptionAndroid = ProductSubscriptionAndroid(
        currency = "USD",
        description = "All features",
        displayName = null,
        displayPrice = "$4.99",
        id = id,
        nameAndroid = "Premium",
        platform = IapPlatform.Android,
        price = 4.99,
        subscriptionOffers = listOf(
            SubscriptionOffer(
                id = "monthly",
                displayPrice = "$4.99",
                price = 4.99,
                currency = "USD",
                type = DiscountOfferType.Introductory,
                period = SubscriptionPeriod(unit = SubscriptionPeriodUnit.Month, value = 1),
                periodCount = 1,
                paymentMode = PaymentMode.PayAsYouGo,
                basePlanIdAndroid = "monthly",
                offerTokenAndroid = "base-plan-offer-token",
                offerTagsAndroid = emptyList(),
                pricingPhasesAndroid = PricingPhasesAndroid(
                    pricingPhaseList = listOf(
                        PricingPhaseAndroid(
                            billingCycleCount = 0,
                            billingPeriod = "P1M",
                            formattedPrice = "$4.99",
                            priceAmountMicros = "4990000",
                            priceCurrencyCode = "USD",
                            recurrenceMode = 1
                        )
                    )
                ),
                installmentPlanDetailsAndroid = InstallmentPlanDetailsAndroid(
                    commitmentPaymentsCount = 12,
                    subsequentCommitmentPaymentsCount = 0
                )
            )
        ),
        title = "Premium",
        type = ProductType.Subs
    )

    fun purchase(token: String, state: PurchaseState): PurchaseAndroid = PurchaseAndroid(
        id = "GPA.3391-2201-5567-01234",
        productId = "dev.hyo.martie.premium",
        transactionDate = 1_717_171_717_000.0,
        purchaseToken = token,
        store = IapStore.Google,
        quantity = 1,
        purchaseState = state,
        isAutoRenewing = true,
        isAcknowledgedAndroid = false,
        currentPlanId = "monthly",
        pendingPurchaseUpdateAndroid = PendingPurchaseUpdateAndroid(
            products = listOf("dev.hyo.martie.premium.yearly"),
            purchaseToken = "pending-upgrade-token"
        )
    )

    fun activeSubscription(purchase: PurchaseAndroid): ActiveSubscription = ActiveSubscription(
        productId = purchase.productId,
        isActive = true,
        transactionId = purchase.id,
        transactionDate = purchase.transactionDate,
        purchaseToken = purchase.purchaseToken,
        purchaseTokenAndroid = purchase.purchaseToken,
        autoRenewingAndroid = purchase.isAutoRenewing,
        basePlanIdAndroid = purchase.currentPlanId,
        currentPlanId = purchase.currentPlanId
    )

    fun iosReceipt(): PurchaseIOS = PurchaseIOS(
        id = "2000000812345678",
        productId = "dev.hyo.martie.coins",
        transactionId = "2000000812345678",
        transactionDate = 1_717_171_717_000.0,
        purchaseToken = "eyJhbGciOiJFUzI1NiJ9.jws.signature",
        store = IapStore.Apple,
        quantity = 1,
        purchaseState = PurchaseState.Purchased,
        isAutoRenewing = false,
        environmentIOS = "Sandbox"
    )
}

/** Values the store modules and their tests build by hand. */
fun handBuiltValues(): List<Any?> {
    val out = Collected()
    val purchase = PlayConverters.purchase("opaque-play-purchase-token", PurchaseState.Purchased)

    // Errors: the short form the Amazon and Horizon modules use, and the form with the
    // Android sub-response code (upstream's secondary constructor).
    val cancelled = PurchaseError(code = ErrorCode.UserCancelled, message = "The user closed the purchase sheet")
    val declined = PurchaseError(
        code = ErrorCode.PurchaseError,
        message = "Payment declined",
        productId = purchase.productId,
        responseCode = 7,
        debugMessage = "BillingResponseCode.ERROR",
        subResponseCodeAndroid = SubResponseCodeAndroid.PaymentDeclinedDueToInsufficientFunds
    )
    out += listOf(cancelled.code, declined.subResponseCodeAndroid, declined.responseCode)

    // Events delivered to listeners.
    out += DeveloperProvidedBillingDetailsAndroid(
        externalTransactionToken = "external-token",
        products = listOf(
            DeveloperProvidedBillingProductAndroid(id = "dev.hyo.martie.premium", offerToken = null, type = ProductType.Subs)
        )
    )
    out += UserChoiceBillingDetails(externalTransactionToken = "external-token", products = listOf("dev.hyo.martie.premium"))
    out += UserChoiceBillingDetails(
        externalTransactionToken = "external-token",
        products = listOf("dev.hyo.martie.premium"),
        productDetailsAndroid = listOf(
            DeveloperProvidedBillingProductAndroid(id = "dev.hyo.martie.premium", type = ProductType.Subs)
        ),
        originalExternalTransactionId = "original-external-id"
    )

    // IAPKit verification, built the way the store modules return it.
    val verified = RequestVerifyPurchaseWithIapkitResult(isValid = true, state = IapkitPurchaseState.Entitled, store = IapStore.Google)
    val withPayload = RequestVerifyPurchaseWithIapkitResult(
        isValid = true,
        state = IapkitPurchaseState.ReadyToConsume,
        store = IapStore.Amazon,
        clientPayload = null,
        productId = "premium_monthly"
    )
    out += VerifyPurchaseWithProviderResult(iapkit = withPayload, provider = PurchaseVerificationProvider.Iapkit)
    out += VerifyPurchaseWithProviderResult(
        errors = listOf(VerifyPurchaseWithProviderError(code = "invalid-token", message = "Token rejected")),
        provider = PurchaseVerificationProvider.Iapkit
    )
    out += listOf(verified.isValid, verified.clientPayload, withPayload.productId)
    out += BillingProgramAvailabilityResultAndroid(billingProgram = BillingProgramAndroid.ExternalOffer, isAvailable = false)
    out += BillingProgramReportingDetailsAndroid(billingProgram = BillingProgramAndroid.BillingChoice, externalTransactionToken = "token")
    out += BillingResultAndroid(responseCode = 0)
    out += InAppMessageResultAndroid(responseCode = InAppMessageResponseCodeAndroid.NoActionNeeded)
    out += BillingChoiceInfoAndroid(playBillingChoiceImageUrl = "https://play.google.com/choice.png")

    // Requests: the Expo module's positional ProductRequest, the named RequestPurchaseProps.
    out += ProductRequest(listOf("dev.hyo.martie.coins"), ProductQueryType.InApp)
    out += ProductRequest(skus = listOf("dev.hyo.martie.premium"), type = ProductQueryType.Subs)
    out += ProductRequest(skus = listOf("dev.hyo.martie.coins"))
    val purchaseRequest = RequestPurchaseProps(
        request = RequestPurchaseProps.Request.Purchase(
            RequestPurchasePropsByPlatforms(
                google = RequestPurchaseAndroidProps(
                    isOfferPersonalized = false,
                    obfuscatedAccountId = "account-42",
                    obfuscatedProfileId = null,
                    developerBillingOption = DeveloperBillingOptionParamsAndroid(
                        billingProgram = BillingProgramAndroid.ExternalPayments,
                        launchMode = DeveloperBillingLaunchModeAndroid.LaunchInExternalBrowserOrApp,
                        linkUri = "https://example.com/pay"
                    ),
                    offerToken = "one-time-offer-token",
                    skus = listOf("dev.hyo.martie.coins")
                ),
                apple = RequestPurchaseIosProps(sku = "dev.hyo.martie.coins", quantity = 1)
            )
        ),
        type = ProductQueryType.InApp
    )
    val subscriptionRequest = RequestPurchaseProps(
        request = RequestPurchaseProps.Request.Subscription(
            RequestSubscriptionPropsByPlatforms(
                google = RequestSubscriptionAndroidProps(
                    purchaseToken = "current-subscription-token",
                    skus = listOf("dev.hyo.martie.premium"),
                    subscriptionOffers = listOf(
                        AndroidSubscriptionOfferInput(sku = "dev.hyo.martie.premium", offerToken = "base-plan-offer-token")
                    ),
                    subscriptionProductReplacementParams = SubscriptionProductReplacementParamsAndroid(
                        oldProductId = "dev.hyo.martie.basic",
                        replacementMode = SubscriptionReplacementModeAndroid.ChargeProratedPrice
                    )
                ),
                apple = RequestSubscriptionIosProps(
                    sku = "dev.hyo.martie.premium",
                    winBackOffer = WinBackOfferInputIOS(offerId = "win-back"),
                    promotionalOfferJWS = PromotionalOfferJWSInputIOS(jws = "header.payload.signature", offerId = "promo")
                )
            )
        ),
        type = ProductQueryType.Subs
    )
    out += listOf(purchaseRequest, subscriptionRequest)
    out += VerifyPurchaseProps(
        google = VerifyPurchaseGoogleOptions(
            sku = "dev.hyo.martie.premium",
            accessToken = "oauth-access-token",
            packageName = "dev.hyo.martie",
            purchaseToken = purchase.purchaseToken ?: "",
            isSub = true
        ),
        horizon = VerifyPurchaseHorizonOptions(sku = "dev.hyo.martie.premium", userId = "42", accessToken = "OC|app|secret")
    )
    out += VerifyPurchaseWithProviderProps(
        provider = PurchaseVerificationProvider.Iapkit,
        iapkit = RequestVerifyPurchaseWithIapkitProps(
            apiKey = "iapkit-api-key",
            google = RequestVerifyPurchaseWithIapkitGoogleProps(purchaseToken = "opaque-play-purchase-token")
        )
    )
    out += RequestVerifyPurchaseWithIapkitProps(
        apiKey = "iapkit-api-key",
        amazon = RequestVerifyPurchaseWithIapkitAmazonProps(receiptId = "amzn-receipt", userId = "amzn-user", sandbox = true),
        includeClientPayload = true
    )
    out += DeepLinkOptions(packageNameAndroid = "dev.hyo.martie", skuAndroid = "dev.hyo.martie.premium")
    out += InitConnectionConfig(enableBillingProgramAndroid = BillingProgramAndroid.UserChoiceBilling)
    out += InitConnectionConfig()
    out += PurchaseOptions(includeSuspendedAndroid = true)
    out += PurchaseUpdatedListenerOptions(dedupeTransactionIOS = false)
    out += LaunchExternalLinkParamsAndroid(
        billingProgram = BillingProgramAndroid.ExternalOffer,
        launchMode = ExternalLinkLaunchModeAndroid.CallerWillLaunchLink,
        linkType = ExternalLinkTypeAndroid.LinkToDigitalContentOffer,
        linkUri = "https://example.com/offer"
    )
    out += GetBillingChoiceInfoParamsAndroid()
    out += BillingProgramInformationDialogParamsAndroid(externalTransactionToken = "token")
    out += InAppMessageParamsAndroid()
    return out.items
}

/** Results built by the store modules: the union cases of `# => Union` records. */
fun unionResults(product: Product, subscription: ProductSubscription, purchase: Purchase): List<Any?> {
    val products: FetchProductsResult = FetchProductsResultProducts(listOf(product))
    val subscriptions: FetchProductsResult = FetchProductsResultSubscriptions(listOf(subscription))
    val all: FetchProductsResult = FetchProductsResultAll(
        listOf(
            ProductOrSubscription.ProductItem(product),
            ProductOrSubscription.ProductSubscriptionItem(subscription)
        )
    )
    val single: RequestPurchaseResult = RequestPurchaseResultPurchase(purchase)
    val many: RequestPurchaseResult = RequestPurchaseResultPurchases(listOf(purchase))
    return listOf(products, subscriptions, all, single, many)
}

/** `copy`, equality and destructuring, as the SDK tests use data classes. */
fun dataClassMembers(): List<Any?> {
    val purchase = PlayConverters.purchase("opaque-play-purchase-token", PurchaseState.Purchased)
    val pending = purchase.copy(purchaseState = PurchaseState.Pending, isAcknowledgedAndroid = null)
    val receipt = PlayConverters.iosReceipt()
    val variants = listOf(
        receipt.copy(environmentIOS = "Production"),
        receipt.copy(environmentIOS = null),
        receipt.copy(revocationDateIOS = 1.0),
        receipt.copy(isUpgradedIOS = true)
    )
    val missing = PlayConverters.inAppProduct("dev.hyo.martie.coins", ProductStatusAndroid.Ok)
        .copy(productStatusAndroid = ProductStatusAndroid.NotFound)
    val error = PurchaseError(code = ErrorCode.ServiceDisconnected, message = "Billing connection ended")
    val renamed = error.copy(message = "Billing connection ended before the query completed")
    val sameAgain = purchase == purchase.copy()
    val hashes = setOf(purchase, purchase.copy()).size
    val (unit, value) = SubscriptionPeriod(unit = SubscriptionPeriodUnit.Month, value = 1)
    return listOf(pending, variants, missing, renamed, sameAgain, hashes, unit, value)
}

/**
 * The unions with upstream's case names: `when` with an `else`, the choice of
 * `RequestPurchaseProps`, shared fields read off the union. The exhaustive
 * `when`s over unions are in Differences.kt.
 */
fun describeUnions(
    purchase: Purchase,
    product: Product,
    subscription: ProductSubscription,
    item: ProductOrSubscription,
    verification: VerifyPurchaseResult,
    fetched: FetchProductsResult,
    requested: RequestPurchaseResult?,
    request: RequestPurchaseProps
): List<Any?> {
    val purchases: List<Purchase> = when (requested) {
        is RequestPurchaseResultPurchases -> requested.value.orEmpty()
        is RequestPurchaseResultPurchase -> requested.value?.let(::listOf).orEmpty()
        else -> emptyList()
    }
    val skus: List<String> = when (val r = request.request) {
        is RequestPurchaseProps.Request.Purchase -> r.value.google?.skus.orEmpty()
        is RequestPurchaseProps.Request.Subscription -> r.value.google?.skus.orEmpty()
    }
    // The unions are their platform records: shared fields read straight off the union.
    val common: PurchaseCommon = purchase
    val productCommon: ProductCommon = product
    val shared = listOf(purchase.productId, purchase.store, purchase.quantity, product.displayPrice, subscription.title)
    return listOf(purchases, skus, common.id, productCommon.id, shared, item, verification, fetched)
}

/** `PurchaseInput` is upstream's alias of `Purchase`: any purchase record is accepted. */
fun purchaseInputAlias(purchase: PurchaseAndroid, receipt: PurchaseIOS): List<PurchaseInput> {
    val fromAndroid: PurchaseInput = purchase
    val fromIos: PurchaseInput = receipt
    val asPurchase: Purchase = fromAndroid
    return listOf(fromAndroid, fromIos, asPurchase)
}

/** Pins a value to the type upstream declares for it. */
fun <T> typed(value: T): T = value

/**
 * One construction per upstream record and input type (named arguments in upstream's order,
 * required parameters plus the first optional one), then every property read as upstream types it.
 */
fun everyTypeBuiltAndRead(): List<Any?> {
    val out = Collected()
    ActiveSubscription(autoRenewingAndroid = true, isActive = true, productId = "text", transactionDate = 1.0, transactionId = "text").let { v -> out += listOf<Any?>(typed<Boolean?>(v.autoRenewingAndroid), typed<String?>(v.basePlanIdAndroid), typed<String?>(v.currentPlanId), typed<Double?>(v.daysUntilExpirationIOS), typed<String?>(v.environmentIOS), typed<Double?>(v.expirationDateIOS), typed<Boolean>(v.isActive), typed<String>(v.productId), typed<String?>(v.purchaseToken), typed<String?>(v.purchaseTokenAndroid), typed<RenewalInfoIOS?>(v.renewalInfoIOS), typed<Double>(v.transactionDate), typed<String>(v.transactionId)) }
    AdvancedCommerceInfoIOS(description = "text", items = listOf(AdvancedCommerceItemIOS())).let { v -> out += listOf<Any?>(typed<String?>(v.description), typed<String?>(v.displayName), typed<String?>(v.estimatedTax), typed<List<AdvancedCommerceItemIOS>>(v.items), typed<String?>(v.requestReferenceId), typed<String?>(v.taxCode), typed<String?>(v.taxExclusivePrice), typed<String?>(v.taxRate)) }
    AdvancedCommerceItemDetailsIOS(jsonRepresentation = "text").let { v -> out += listOf<Any?>(typed<String?>(v.jsonRepresentation)) }
    AdvancedCommerceItemIOS(details = AdvancedCommerceItemDetailsIOS()).let { v -> out += listOf<Any?>(typed<AdvancedCommerceItemDetailsIOS?>(v.details), typed<List<AdvancedCommerceRefundIOS>?>(v.refunds), typed<Double?>(v.revocationDate)) }
    AdvancedCommerceRefundIOS(jsonRepresentation = "text").let { v -> out += listOf<Any?>(typed<String?>(v.jsonRepresentation)) }
    AppTransaction(appId = 1.0, appTransactionId = "text", appVersion = "text", appVersionId = 1.0, bundleId = "text", deviceVerification = "text", deviceVerificationNonce = "text", environment = "text", originalAppVersion = "text", originalPurchaseDate = 1.0, signedDate = 1.0).let { v -> out += listOf<Any?>(typed<Double>(v.appId), typed<String?>(v.appTransactionId), typed<String>(v.appVersion), typed<Double>(v.appVersionId), typed<String>(v.bundleId), typed<String>(v.deviceVerification), typed<String>(v.deviceVerificationNonce), typed<String>(v.environment), typed<String>(v.originalAppVersion), typed<String?>(v.originalPlatform), typed<Double>(v.originalPurchaseDate), typed<Double?>(v.preorderDate), typed<Double?>(v.revocationDate), typed<Double>(v.signedDate), typed<String?>(v.storeType)) }
    BillingChoiceInfoAndroid(playBillingChoiceImageUrl = "text", playBillingLoyaltyInfo = "text").let { v -> out += listOf<Any?>(typed<String>(v.playBillingChoiceImageUrl), typed<String?>(v.playBillingLoyaltyInfo)) }
    BillingProgramAvailabilityResultAndroid(billingProgram = BillingProgramAndroid.Unspecified, choiceScreenType = BillingChoiceScreenTypeAndroid.Unspecified, isAvailable = true).let { v -> out += listOf<Any?>(typed<BillingProgramAndroid>(v.billingProgram), typed<BillingChoiceScreenTypeAndroid?>(v.choiceScreenType), typed<Boolean>(v.isAvailable), typed<Boolean?>(v.isExternalLinkAvailable)) }
    BillingProgramReportingDetailsAndroid(billingProgram = BillingProgramAndroid.Unspecified, externalTransactionToken = "text").let { v -> out += listOf<Any?>(typed<BillingProgramAndroid>(v.billingProgram), typed<String>(v.externalTransactionToken)) }
    BillingResultAndroid(debugMessage = "text", responseCode = 1).let { v -> out += listOf<Any?>(typed<String?>(v.debugMessage), v.responseCode, typed<SubResponseCodeAndroid?>(v.subResponseCode)) }
    BundledSubscriptionIOS(description = "text", displayName = "text", displayPrice = "text", id = "text", isFamilyShareable = true, price = 1.0, subscriptionGroupDisplayName = "text", subscriptionGroupId = "text", subscriptionGroupLevel = 1).let { v -> out += listOf<Any?>(typed<String>(v.description), typed<String>(v.displayName), typed<String>(v.displayPrice), typed<String>(v.id), typed<Boolean>(v.isFamilyShareable), typed<Double>(v.price), typed<String>(v.subscriptionGroupDisplayName), typed<String>(v.subscriptionGroupId), v.subscriptionGroupLevel) }
    DeveloperProvidedBillingDetailsAndroid(externalTransactionToken = "text", products = listOf(DeveloperProvidedBillingProductAndroid(id = "text", type = ProductType.InApp))).let { v -> out += listOf<Any?>(typed<String?>(v.externalTransactionToken), typed<String?>(v.linkUri), typed<String?>(v.originalExternalTransactionId), typed<List<DeveloperProvidedBillingProductAndroid>>(v.products)) }
    DeveloperProvidedBillingProductAndroid(id = "text", offerToken = "text", type = ProductType.InApp).let { v -> out += listOf<Any?>(typed<String>(v.id), typed<String?>(v.offerToken), typed<ProductType>(v.type)) }
    DiscountAmountAndroid(discountAmountMicros = "text", formattedDiscountAmount = "text").let { v -> out += listOf<Any?>(typed<String>(v.discountAmountMicros), typed<String>(v.formattedDiscountAmount)) }
    DiscountDisplayInfoAndroid(discountAmount = DiscountAmountAndroid(discountAmountMicros = "text", formattedDiscountAmount = "text")).let { v -> out += listOf<Any?>(typed<DiscountAmountAndroid?>(v.discountAmount), v.percentageDiscount) }
    DiscountOffer(currency = "text", discountAmountMicrosAndroid = "text", displayPrice = "text", price = 1.0, type = DiscountOfferType.Introductory).let { v -> out += listOf<Any?>(typed<String>(v.currency), typed<String?>(v.discountAmountMicrosAndroid), typed<String>(v.displayPrice), typed<String?>(v.formattedDiscountAmountAndroid), typed<String?>(v.fullPriceMicrosAndroid), typed<String?>(v.id), typed<LimitedQuantityInfoAndroid?>(v.limitedQuantityInfoAndroid), typed<List<String>?>(v.offerTagsAndroid), typed<String?>(v.offerTokenAndroid), v.percentageDiscountAndroid, typed<PreorderDetailsAndroid?>(v.preorderDetailsAndroid), typed<Double>(v.price), typed<String?>(v.purchaseOptionIdAndroid), typed<RentalDetailsAndroid?>(v.rentalDetailsAndroid), typed<DiscountOfferType>(v.type), typed<ValidTimeWindowAndroid?>(v.validTimeWindowAndroid)) }
    EntitlementIOS(jsonRepresentation = "text", sku = "text", transactionId = "text").let { v -> out += listOf<Any?>(typed<String>(v.jsonRepresentation), typed<String>(v.sku), typed<String>(v.transactionId)) }
    ExternalPurchaseCustomLinkNoticeResultIOS(continued = true, error = "text").let { v -> out += listOf<Any?>(typed<Boolean>(v.continued), typed<String?>(v.error)) }
    ExternalPurchaseCustomLinkTokenResultIOS(error = "text").let { v -> out += listOf<Any?>(typed<String?>(v.error), typed<String?>(v.token)) }
    ExternalPurchaseLinkResultIOS(error = "text", success = true).let { v -> out += listOf<Any?>(typed<String?>(v.error), typed<Boolean>(v.success)) }
    ExternalPurchaseNoticeResultIOS(error = "text", result = ExternalPurchaseNoticeAction.Continue).let { v -> out += listOf<Any?>(typed<String?>(v.error), typed<String?>(v.externalPurchaseToken), typed<ExternalPurchaseNoticeAction>(v.result)) }
    InAppMessageResultAndroid(purchaseToken = "text", responseCode = InAppMessageResponseCodeAndroid.NoActionNeeded).let { v -> out += listOf<Any?>(typed<String?>(v.purchaseToken), typed<InAppMessageResponseCodeAndroid>(v.responseCode)) }
    InstallmentPlanDetailsAndroid(commitmentPaymentsCount = 1, subsequentCommitmentPaymentsCount = 1).let { v -> out += listOf<Any?>(v.commitmentPaymentsCount, v.subsequentCommitmentPaymentsCount) }
    LimitedQuantityInfoAndroid(maximumQuantity = 1, remainingQuantity = 1).let { v -> out += listOf<Any?>(v.maximumQuantity, v.remainingQuantity) }
    PendingPurchaseUpdateAndroid(products = listOf("text"), purchaseToken = "text").let { v -> out += listOf<Any?>(typed<List<String>>(v.products), typed<String>(v.purchaseToken)) }
    PreorderDetailsAndroid(preorderPresaleEndTimeMillis = "text", preorderReleaseTimeMillis = "text").let { v -> out += listOf<Any?>(typed<String>(v.preorderPresaleEndTimeMillis), typed<String>(v.preorderReleaseTimeMillis)) }
    PricingPhaseAndroid(billingCycleCount = 1, billingPeriod = "text", formattedPrice = "text", priceAmountMicros = "text", priceCurrencyCode = "text", recurrenceMode = 1).let { v -> out += listOf<Any?>(v.billingCycleCount, typed<String>(v.billingPeriod), typed<String>(v.formattedPrice), typed<String>(v.priceAmountMicros), typed<String>(v.priceCurrencyCode), v.recurrenceMode) }
    PricingPhasesAndroid(pricingPhaseList = listOf(PricingPhaseAndroid(billingCycleCount = 1, billingPeriod = "text", formattedPrice = "text", priceAmountMicros = "text", priceCurrencyCode = "text", recurrenceMode = 1))).let { v -> out += listOf<Any?>(typed<List<PricingPhaseAndroid>>(v.pricingPhaseList)) }
    ProductAndroid(currency = "text", debugDescription = "text", description = "text", displayPrice = "text", id = "text", nameAndroid = "text", title = "text").let { v -> out += listOf<Any?>(typed<String>(v.currency), typed<String?>(v.debugDescription), typed<String>(v.description), typed<List<DiscountOffer>?>(v.discountOffers), typed<String?>(v.displayName), typed<String>(v.displayPrice), typed<String>(v.id), typed<String>(v.nameAndroid), typed<IapPlatform>(v.platform), typed<Double?>(v.price), typed<ProductStatusAndroid?>(v.productStatusAndroid), typed<List<SubscriptionOffer>?>(v.subscriptionOffers), typed<String>(v.title), typed<ProductType>(v.type)) }
    ProductIOS(currency = "text", debugDescription = "text", description = "text", displayNameIOS = "text", displayPrice = "text", id = "text", isFamilyShareableIOS = true, jsonRepresentationIOS = "text", title = "text", typeIOS = ProductTypeIOS.Consumable).let { v -> out += listOf<Any?>(typed<String>(v.currency), typed<String?>(v.debugDescription), typed<String>(v.description), typed<String?>(v.displayName), typed<String>(v.displayNameIOS), typed<String>(v.displayPrice), typed<String>(v.id), typed<Boolean>(v.isFamilyShareableIOS), typed<String>(v.jsonRepresentationIOS), typed<IapPlatform>(v.platform), typed<Double?>(v.price), typed<List<SubscriptionPricingTermsIOS>?>(v.pricingTermsIOS), typed<List<SubscriptionOffer>?>(v.subscriptionOffers), typed<String>(v.title), typed<ProductType>(v.type), typed<ProductTypeIOS>(v.typeIOS)) }
    ProductSubscriptionAndroid(currency = "text", debugDescription = "text", description = "text", displayPrice = "text", id = "text", nameAndroid = "text", subscriptionOffers = listOf(SubscriptionOffer(displayPrice = "text", id = "text", price = 1.0, type = DiscountOfferType.Introductory)), title = "text").let { v -> out += listOf<Any?>(typed<String>(v.currency), typed<String?>(v.debugDescription), typed<String>(v.description), typed<String?>(v.displayName), typed<String>(v.displayPrice), typed<String>(v.id), typed<String>(v.nameAndroid), typed<IapPlatform>(v.platform), typed<Double?>(v.price), typed<ProductStatusAndroid?>(v.productStatusAndroid), typed<List<SubscriptionOffer>>(v.subscriptionOffers), typed<String>(v.title), typed<ProductType>(v.type)) }
    ProductSubscriptionIOS(bundledSubscriptionsIOS = listOf(BundledSubscriptionIOS(description = "text", displayName = "text", displayPrice = "text", id = "text", isFamilyShareable = true, price = 1.0, subscriptionGroupDisplayName = "text", subscriptionGroupId = "text", subscriptionGroupLevel = 1)), currency = "text", description = "text", displayNameIOS = "text", displayPrice = "text", id = "text", introductoryPricePaymentModeIOS = PaymentModeIOS.Empty, isFamilyShareableIOS = true, jsonRepresentationIOS = "text", title = "text", typeIOS = ProductTypeIOS.Consumable).let { v -> out += listOf<Any?>(typed<List<BundledSubscriptionIOS>?>(v.bundledSubscriptionsIOS), typed<String>(v.currency), typed<String?>(v.debugDescription), typed<String>(v.description), typed<String?>(v.displayName), typed<String>(v.displayNameIOS), typed<String>(v.displayPrice), typed<String>(v.id), typed<String?>(v.introductoryPriceAsAmountIOS), typed<String?>(v.introductoryPriceIOS), typed<String?>(v.introductoryPriceNumberOfPeriodsIOS), typed<PaymentModeIOS>(v.introductoryPricePaymentModeIOS), typed<SubscriptionPeriodIOS?>(v.introductoryPriceSubscriptionPeriodIOS), typed<Boolean>(v.isFamilyShareableIOS), typed<String>(v.jsonRepresentationIOS), typed<IapPlatform>(v.platform), typed<Double?>(v.price), typed<List<SubscriptionPricingTermsIOS>?>(v.pricingTermsIOS), typed<String?>(v.subscriptionGroupIdIOS), typed<List<SubscriptionOffer>?>(v.subscriptionOffers), typed<String?>(v.subscriptionPeriodNumberIOS), typed<SubscriptionPeriodIOS?>(v.subscriptionPeriodUnitIOS), typed<String>(v.title), typed<ProductType>(v.type), typed<ProductTypeIOS>(v.typeIOS)) }
    PurchaseAndroid(autoRenewingAndroid = true, id = "text", isAutoRenewing = true, productId = "text", purchaseState = PurchaseState.Pending, quantity = 1, store = IapStore.Unknown, transactionDate = 1.0).let { v -> out += listOf<Any?>(typed<Boolean?>(v.autoRenewingAndroid), typed<String?>(v.currentPlanId), typed<String?>(v.dataAndroid), typed<String?>(v.developerPayloadAndroid), typed<String>(v.id), typed<List<String>?>(v.ids), typed<Boolean?>(v.isAcknowledgedAndroid), typed<Boolean>(v.isAutoRenewing), typed<Boolean?>(v.isSuspendedAndroid), typed<String?>(v.obfuscatedAccountIdAndroid), typed<String?>(v.obfuscatedProfileIdAndroid), typed<String?>(v.packageNameAndroid), typed<PendingPurchaseUpdateAndroid?>(v.pendingPurchaseUpdateAndroid), typed<String>(v.productId), typed<PurchaseState>(v.purchaseState), typed<String?>(v.purchaseToken), v.quantity, typed<String?>(v.signatureAndroid), typed<IapStore>(v.store), typed<Double>(v.transactionDate), typed<String?>(v.transactionId)) }
    PurchaseIOS(advancedCommerceInfoIOS = AdvancedCommerceInfoIOS(items = listOf(AdvancedCommerceItemIOS())), id = "text", isAutoRenewing = true, productId = "text", purchaseState = PurchaseState.Pending, quantity = 1, store = IapStore.Unknown, transactionDate = 1.0, transactionId = "text").let { v -> out += listOf<Any?>(typed<AdvancedCommerceInfoIOS?>(v.advancedCommerceInfoIOS), typed<String?>(v.appAccountToken), typed<String?>(v.appBundleIdIOS), typed<SubscriptionBillingPlanTypeIOS?>(v.billingPlanTypeIOS), typed<String?>(v.bundleOriginalTransactionIdIOS), typed<String?>(v.bundleProductIdIOS), typed<String?>(v.bundleSubscriptionGroupIdIOS), typed<String?>(v.bundleTransactionIdIOS), typed<TransactionCommitmentInfoIOS?>(v.commitmentInfoIOS), typed<String?>(v.countryCodeIOS), typed<String?>(v.currencyCodeIOS), typed<String?>(v.currencySymbolIOS), typed<String?>(v.currentPlanId), typed<String?>(v.environmentIOS), typed<Double?>(v.expirationDateIOS), typed<String>(v.id), typed<List<String>?>(v.ids), typed<Boolean>(v.isAutoRenewing), typed<Boolean?>(v.isUpgradedIOS), typed<PurchaseOfferIOS?>(v.offerIOS), typed<Double?>(v.originalTransactionDateIOS), typed<String?>(v.originalTransactionIdentifierIOS), typed<String?>(v.ownershipTypeIOS), typed<String?>(v.previousOriginalTransactionIdIOS), typed<String>(v.productId), typed<PurchaseState>(v.purchaseState), typed<String?>(v.purchaseToken), v.quantity, v.quantityIOS, typed<String?>(v.reasonIOS), typed<String?>(v.reasonStringRepresentationIOS), typed<RenewalInfoIOS?>(v.renewalInfoIOS), typed<Double?>(v.revocationDateIOS), typed<String?>(v.revocationReasonIOS), typed<String?>(v.revocationTypeIOS), typed<IapStore>(v.store), typed<String?>(v.storefrontCountryCodeIOS), typed<String?>(v.subscriptionGroupIdIOS), typed<Double>(v.transactionDate), typed<String>(v.transactionId), typed<String?>(v.transactionReasonIOS), typed<String?>(v.webOrderLineItemIdIOS)) }
    PurchaseOfferIOS(id = "text", paymentMode = "text", type = "text").let { v -> out += listOf<Any?>(typed<String>(v.id), typed<String>(v.paymentMode), typed<String>(v.type)) }
    RefundResultIOS(message = "text", status = "text").let { v -> out += listOf<Any?>(typed<String?>(v.message), typed<String>(v.status)) }
    RenewalCommitmentInfoIOS(commitmentAutoRenewProductId = "text", commitmentAutoRenewStatus = true, commitmentRenewalBillingPlanType = SubscriptionBillingPlanTypeIOS.Unknown, commitmentRenewalDate = 1.0, commitmentRenewalPrice = 1.0).let { v -> out += listOf<Any?>(typed<String>(v.commitmentAutoRenewProductId), typed<Boolean>(v.commitmentAutoRenewStatus), typed<SubscriptionBillingPlanTypeIOS>(v.commitmentRenewalBillingPlanType), typed<Double>(v.commitmentRenewalDate), typed<Double>(v.commitmentRenewalPrice)) }
    RenewalInfoIOS(autoRenewPreference = "text", willAutoRenew = true).let { v -> out += listOf<Any?>(typed<String?>(v.autoRenewPreference), typed<String?>(v.bundleOriginalTransactionId), typed<String?>(v.bundleProductId), typed<String?>(v.bundleSubscriptionGroupId), typed<RenewalCommitmentInfoIOS?>(v.commitmentInfo), typed<String?>(v.expirationReason), typed<Double?>(v.gracePeriodExpirationDate), typed<Boolean?>(v.isInBillingRetry), typed<String?>(v.jsonRepresentation), typed<String?>(v.pendingUpgradeProductId), typed<String?>(v.priceIncreaseStatus), typed<SubscriptionBillingPlanTypeIOS?>(v.renewalBillingPlanType), typed<Double?>(v.renewalDate), typed<String?>(v.renewalOfferId), typed<String?>(v.renewalOfferType), typed<Boolean>(v.willAutoRenew), typed<Boolean?>(v.willUnbundle)) }
    RentalDetailsAndroid(rentalExpirationPeriod = "text", rentalPeriod = "text").let { v -> out += listOf<Any?>(typed<String?>(v.rentalExpirationPeriod), typed<String>(v.rentalPeriod)) }
    SubscriptionCommitmentInfoIOS(displayPrice = "text", period = SubscriptionPeriodValueIOS(unit = SubscriptionPeriodIOS.Day, value = 1), price = 1.0).let { v -> out += listOf<Any?>(typed<String>(v.displayPrice), typed<SubscriptionPeriodValueIOS>(v.period), typed<Double>(v.price)) }
    SubscriptionOffer(basePlanIdAndroid = "text", displayPrice = "text", id = "text", price = 1.0, type = DiscountOfferType.Introductory).let { v -> out += listOf<Any?>(typed<String?>(v.basePlanIdAndroid), typed<String?>(v.currency), typed<String>(v.displayPrice), typed<String>(v.id), typed<InstallmentPlanDetailsAndroid?>(v.installmentPlanDetailsAndroid), typed<String?>(v.keyIdentifierIOS), typed<String?>(v.localizedPriceIOS), typed<String?>(v.nonceIOS), v.numberOfPeriodsIOS, typed<List<String>?>(v.offerTagsAndroid), typed<String?>(v.offerTokenAndroid), typed<PaymentMode?>(v.paymentMode), typed<SubscriptionPeriod?>(v.period), v.periodCount, typed<Double>(v.price), typed<PricingPhasesAndroid?>(v.pricingPhasesAndroid), typed<String?>(v.signatureIOS), typed<Double?>(v.timestampIOS), typed<DiscountOfferType>(v.type)) }
    SubscriptionPeriod(unit = SubscriptionPeriodUnit.Day, value = 1).let { v -> out += listOf<Any?>(typed<SubscriptionPeriodUnit>(v.unit), v.value) }
    SubscriptionPeriodValueIOS(unit = SubscriptionPeriodIOS.Day, value = 1).let { v -> out += listOf<Any?>(typed<SubscriptionPeriodIOS>(v.unit), v.value) }
    SubscriptionPricingTermsIOS(billingDisplayPrice = "text", billingPeriod = SubscriptionPeriodValueIOS(unit = SubscriptionPeriodIOS.Day, value = 1), billingPlanType = SubscriptionBillingPlanTypeIOS.Unknown, billingPrice = 1.0, commitmentInfo = SubscriptionCommitmentInfoIOS(displayPrice = "text", period = SubscriptionPeriodValueIOS(unit = SubscriptionPeriodIOS.Day, value = 1), price = 1.0), subscriptionOffers = listOf(SubscriptionOffer(displayPrice = "text", id = "text", price = 1.0, type = DiscountOfferType.Introductory))).let { v -> out += listOf<Any?>(typed<String>(v.billingDisplayPrice), typed<SubscriptionPeriodValueIOS>(v.billingPeriod), typed<SubscriptionBillingPlanTypeIOS>(v.billingPlanType), typed<Double>(v.billingPrice), typed<SubscriptionCommitmentInfoIOS>(v.commitmentInfo), typed<List<SubscriptionOffer>?>(v.subscriptionOffers)) }
    SubscriptionStatusIOS(renewalInfo = RenewalInfoIOS(willAutoRenew = true), state = "text").let { v -> out += listOf<Any?>(typed<RenewalInfoIOS?>(v.renewalInfo), typed<String>(v.state)) }
    TransactionCommitmentInfoIOS(billingPeriodNumber = 1, commitmentExpiresDate = 1.0, commitmentPrice = 1.0, totalBillingPeriods = 1).let { v -> out += listOf<Any?>(v.billingPeriodNumber, typed<Double>(v.commitmentExpiresDate), typed<Double>(v.commitmentPrice), v.totalBillingPeriods) }
    ValidTimeWindowAndroid(endTimeMillis = "text", startTimeMillis = "text").let { v -> out += listOf<Any?>(typed<String>(v.endTimeMillis), typed<String>(v.startTimeMillis)) }
    VerifyPurchaseResultIOS(isValid = true, jwsRepresentation = "text", latestTransaction = PurchaseAndroid(id = "text", isAutoRenewing = true, productId = "text", purchaseState = PurchaseState.Pending, quantity = 1, store = IapStore.Unknown, transactionDate = 1.0), receiptData = "text").let { v -> out += listOf<Any?>(typed<Boolean>(v.isValid), typed<String>(v.jwsRepresentation), typed<Purchase?>(v.latestTransaction), typed<String>(v.receiptData)) }
    VerifyPurchaseWithProviderError(code = "text", message = "text").let { v -> out += listOf<Any?>(typed<String?>(v.code), typed<String>(v.message)) }
    VerifyPurchaseWithProviderResult(errors = listOf(VerifyPurchaseWithProviderError(message = "text")), provider = PurchaseVerificationProvider.Iapkit).let { v -> out += listOf<Any?>(typed<List<VerifyPurchaseWithProviderError>?>(v.errors), typed<RequestVerifyPurchaseWithIapkitResult?>(v.iapkit), typed<PurchaseVerificationProvider>(v.provider)) }
    AndroidSubscriptionOfferInput(offerToken = "text", sku = "text").let { v -> out += listOf<Any?>(typed<String>(v.offerToken), typed<String>(v.sku)) }
    BillingProgramInformationDialogParamsAndroid(billingProgram = BillingProgramAndroid.Unspecified, externalTransactionToken = "text").let { v -> out += listOf<Any?>(v.billingProgram, typed<String>(v.externalTransactionToken)) }
    DeepLinkOptions(packageNameAndroid = "text").let { v -> out += listOf<Any?>(typed<String?>(v.packageNameAndroid), typed<String?>(v.skuAndroid)) }
    DeveloperBillingOptionParamsAndroid(billingProgram = BillingProgramAndroid.Unspecified, externalTransactionToken = "text").let { v -> out += listOf<Any?>(typed<BillingProgramAndroid>(v.billingProgram), typed<String?>(v.externalTransactionToken), typed<DeveloperBillingLaunchModeAndroid?>(v.launchMode), typed<String?>(v.linkUri)) }
    DiscountOfferInputIOS(identifier = "text", keyIdentifier = "text", nonce = "text", signature = "text", timestamp = 1.0).let { v -> out += listOf<Any?>(typed<String>(v.identifier), typed<String>(v.keyIdentifier), typed<String>(v.nonce), typed<String>(v.signature), typed<Double>(v.timestamp)) }
    GetBillingChoiceInfoParamsAndroid(billingProgram = BillingProgramAndroid.Unspecified).let { v -> out += listOf<Any?>(v.billingProgram, v.playBillingChoiceImageLayout, typed<String?>(v.userLocale)) }
    InAppMessageParamsAndroid(categories = listOf(InAppMessageCategoryAndroid.UnknownInAppMessageCategoryId)).let { v -> out += listOf<Any?>(typed<List<InAppMessageCategoryAndroid>?>(v.categories)) }
    InitConnectionConfig(billingChoiceScreenTypeAndroid = BillingChoiceScreenTypeAndroid.Unspecified).let { v -> out += listOf<Any?>(typed<BillingChoiceScreenTypeAndroid?>(v.billingChoiceScreenTypeAndroid), typed<BillingProgramAndroid?>(v.enableBillingProgramAndroid)) }
    LaunchExternalLinkParamsAndroid(billingProgram = BillingProgramAndroid.Unspecified, externalTransactionToken = "text", launchMode = ExternalLinkLaunchModeAndroid.Unspecified, linkType = ExternalLinkTypeAndroid.Unspecified, linkUri = "text").let { v -> out += listOf<Any?>(typed<BillingProgramAndroid>(v.billingProgram), typed<String?>(v.externalTransactionToken), typed<ExternalLinkLaunchModeAndroid>(v.launchMode), typed<ExternalLinkTypeAndroid>(v.linkType), typed<String>(v.linkUri)) }
    ProductRequest(skus = listOf("text"), type = ProductQueryType.InApp).let { v -> out += listOf<Any?>(typed<List<String>>(v.skus), typed<ProductQueryType?>(v.type)) }
    PromotionalOfferJWSInputIOS(jws = "text", offerId = "text").let { v -> out += listOf<Any?>(typed<String>(v.jws), typed<String>(v.offerId)) }
    PurchaseOptions(alsoPublishToEventListenerIOS = true).let { v -> out += listOf<Any?>(typed<Boolean?>(v.alsoPublishToEventListenerIOS), typed<Boolean?>(v.includeSuspendedAndroid), typed<Boolean?>(v.onlyIncludeActiveItemsIOS)) }
    PurchaseUpdatedListenerOptions(dedupeTransactionIOS = true).let { v -> out += listOf<Any?>(typed<Boolean?>(v.dedupeTransactionIOS)) }
    RequestPurchaseAndroidProps(developerBillingOption = DeveloperBillingOptionParamsAndroid(billingProgram = BillingProgramAndroid.Unspecified), skus = listOf("text")).let { v -> out += listOf<Any?>(typed<DeveloperBillingOptionParamsAndroid?>(v.developerBillingOption), typed<Boolean?>(v.isOfferPersonalized), typed<String?>(v.obfuscatedAccountId), typed<String?>(v.obfuscatedProfileId), typed<String?>(v.offerToken), typed<List<String>>(v.skus)) }
    RequestPurchaseIosProps(advancedCommerceData = "text", sku = "text").let { v -> out += listOf<Any?>(typed<String?>(v.advancedCommerceData), typed<Boolean?>(v.andDangerouslyFinishTransactionAutomatically), typed<String?>(v.appAccountToken), v.quantity, typed<String>(v.sku), typed<DiscountOfferInputIOS?>(v.withOffer)) }
    RequestPurchasePropsByPlatforms(apple = RequestPurchaseIosProps(sku = "text")).let { v -> out += listOf<Any?>(typed<RequestPurchaseIosProps?>(v.apple), typed<RequestPurchaseAndroidProps?>(v.google)) }
    RequestSubscriptionAndroidProps(developerBillingOption = DeveloperBillingOptionParamsAndroid(billingProgram = BillingProgramAndroid.Unspecified), skus = listOf("text")).let { v -> out += listOf<Any?>(typed<DeveloperBillingOptionParamsAndroid?>(v.developerBillingOption), typed<Boolean?>(v.isOfferPersonalized), typed<String?>(v.obfuscatedAccountId), typed<String?>(v.obfuscatedProfileId), typed<String?>(v.originalExternalTransactionId), typed<String?>(v.purchaseToken), typed<List<String>>(v.skus), typed<List<AndroidSubscriptionOfferInput>?>(v.subscriptionOffers), typed<SubscriptionProductReplacementParamsAndroid?>(v.subscriptionProductReplacementParams)) }
    RequestSubscriptionIosProps(advancedCommerceData = "text", sku = "text").let { v -> out += listOf<Any?>(typed<String?>(v.advancedCommerceData), typed<Boolean?>(v.andDangerouslyFinishTransactionAutomatically), typed<String?>(v.appAccountToken), typed<SubscriptionBillingPlanTypeIOS?>(v.billingPlanType), typed<String?>(v.compactJWS), typed<PromotionalOfferJWSInputIOS?>(v.promotionalOfferJWS), v.quantity, typed<String>(v.sku), typed<WinBackOfferInputIOS?>(v.winBackOffer), typed<DiscountOfferInputIOS?>(v.withOffer)) }
    RequestSubscriptionPropsByPlatforms(apple = RequestSubscriptionIosProps(sku = "text")).let { v -> out += listOf<Any?>(typed<RequestSubscriptionIosProps?>(v.apple), typed<RequestSubscriptionAndroidProps?>(v.google)) }
    RequestVerifyPurchaseWithIapkitAmazonProps(receiptId = "text", sandbox = true).let { v -> out += listOf<Any?>(typed<String>(v.receiptId), typed<Boolean?>(v.sandbox), typed<String?>(v.userId)) }
    RequestVerifyPurchaseWithIapkitAppleProps(jws = "text").let { v -> out += listOf<Any?>(typed<String>(v.jws)) }
    RequestVerifyPurchaseWithIapkitGoogleProps(purchaseToken = "text").let { v -> out += listOf<Any?>(typed<String>(v.purchaseToken)) }
    SubscriptionProductReplacementParamsAndroid(oldProductId = "text", replacementMode = SubscriptionReplacementModeAndroid.UnknownReplacementMode).let { v -> out += listOf<Any?>(typed<String>(v.oldProductId), typed<SubscriptionReplacementModeAndroid>(v.replacementMode)) }
    VerifyPurchaseAppleOptions(sku = "text").let { v -> out += listOf<Any?>(typed<String>(v.sku)) }
    VerifyPurchaseGoogleOptions(accessToken = "text", isSub = true, packageName = "text", purchaseToken = "text", sku = "text").let { v -> out += listOf<Any?>(typed<String>(v.accessToken), typed<Boolean?>(v.isSub), typed<String>(v.packageName), typed<String>(v.purchaseToken), typed<String>(v.sku)) }
    VerifyPurchaseHorizonOptions(accessToken = "text", sku = "text", userId = "text").let { v -> out += listOf<Any?>(typed<String>(v.accessToken), typed<String>(v.sku), typed<String>(v.userId)) }
    VerifyPurchaseProps(apple = VerifyPurchaseAppleOptions(sku = "text")).let { v -> out += listOf<Any?>(typed<VerifyPurchaseAppleOptions?>(v.apple), typed<VerifyPurchaseGoogleOptions?>(v.google), typed<VerifyPurchaseHorizonOptions?>(v.horizon)) }
    VerifyPurchaseWithProviderProps(iapkit = RequestVerifyPurchaseWithIapkitProps(apiKey = "key", includeClientPayload = false), provider = PurchaseVerificationProvider.Iapkit).let { v -> out += listOf<Any?>(typed<RequestVerifyPurchaseWithIapkitProps?>(v.iapkit), typed<PurchaseVerificationProvider>(v.provider)) }
    WinBackOfferInputIOS(offerId = "text").let { v -> out += listOf<Any?>(typed<String>(v.offerId)) }
    PurchaseError(code = ErrorCode.NetworkError, message = "offline").let { v -> out += listOf<Any?>(typed<ErrorCode>(v.code), typed<String?>(v.debugMessage), typed<Boolean?>(v.isEmptyProductList), typed<String>(v.message), typed<String?>(v.productId), typed<List<String>?>(v.productIds), typed<String?>(v.productType), v.responseCode, typed<SubResponseCodeAndroid?>(v.subResponseCodeAndroid)) }
    RequestVerifyPurchaseWithIapkitResult(isValid = false, state = IapkitPurchaseState.Expired, store = IapStore.Apple).let { v -> out += listOf<Any?>(typed<Boolean>(v.isValid), typed<IapkitPurchaseState>(v.state), typed<IapStore>(v.store), typed<IapkitProductClientPayload?>(v.clientPayload), typed<String?>(v.productId)) }
    UserChoiceBillingDetails(externalTransactionToken = "external-token", products = listOf("sku")).let { v -> out += listOf<Any?>(typed<String>(v.externalTransactionToken), typed<List<String>>(v.products), typed<List<DeveloperProvidedBillingProductAndroid>?>(v.productDetailsAndroid), typed<String?>(v.originalExternalTransactionId)) }
    RequestVerifyPurchaseWithIapkitProps(apiKey = "key", includeClientPayload = false).let { v -> out += listOf<Any?>(typed<RequestVerifyPurchaseWithIapkitAmazonProps?>(v.amazon), typed<String?>(v.apiKey), typed<RequestVerifyPurchaseWithIapkitAppleProps?>(v.apple), typed<String?>(v.baseUrl), typed<RequestVerifyPurchaseWithIapkitGoogleProps?>(v.google), typed<Boolean?>(v.includeClientPayload)) }
    RequestPurchaseProps(request = RequestPurchaseProps.Request.Purchase(RequestPurchasePropsByPlatforms()), type = ProductQueryType.InApp).let { v -> out += listOf<Any?>(typed<RequestPurchaseProps.Request>(v.request), v.type) }
    return out.items
}

/**
 * The records whose constructor calls differ (Differences.kt, 5 and 7), read as upstream types
 * them. `VerifyPurchaseResultHorizon.success` is deprecated, as the 3.2.1 SDL deprecates it
 * (for `isValid`): a warning (Docs/Compatibility.md).
 */
@Suppress("DEPRECATION")
fun readWithoutBuilding(payload: IapkitProductClientPayload, android: VerifyPurchaseResultAndroid, horizon: VerifyPurchaseResultHorizon): List<Any?> =
    listOf<Any?>(typed<String>(payload.body), typed<IapkitClientPayloadFormat>(payload.format), typed<Double>(payload.updatedAt), payload.version, typed<Boolean>(android.autoRenewing), typed<Boolean>(android.betaProduct), typed<Double?>(android.cancelDate), typed<String?>(android.cancelReason), typed<Double?>(android.deferredDate), typed<String?>(android.deferredSku), typed<Double>(android.freeTrialEndDate), typed<Double>(android.gracePeriodEndDate), typed<String>(android.parentProductId), typed<String>(android.productId), typed<String>(android.productType), typed<Double>(android.purchaseDate), android.quantity, typed<String>(android.receiptId), typed<Double>(android.renewalDate), typed<String>(android.term), typed<String>(android.termSku), typed<Boolean>(android.testTransaction), typed<Double?>(horizon.grantTime), typed<Boolean>(horizon.success))

/** Every enum constant under upstream's name. */
fun everyEnumConstant(): List<Any> = listOf(
    BillingChoiceImageLayoutAndroid.RectangularFourByOne, BillingChoiceImageLayoutAndroid.RectangularThreeByOne, BillingChoiceImageLayoutAndroid.RectangularTwoByTwo,
    BillingChoiceScreenTypeAndroid.Unspecified, BillingChoiceScreenTypeAndroid.DeveloperRendered, BillingChoiceScreenTypeAndroid.GoogleRendered,
    BillingProgramAndroid.Unspecified, BillingProgramAndroid.UserChoiceBilling, BillingProgramAndroid.ExternalContentLink, BillingProgramAndroid.ExternalOffer, BillingProgramAndroid.ExternalPayments, BillingProgramAndroid.BillingChoice,
    DeveloperBillingLaunchModeAndroid.Unspecified, DeveloperBillingLaunchModeAndroid.LaunchInExternalBrowserOrApp, DeveloperBillingLaunchModeAndroid.CallerWillLaunchLink,
    DeveloperBillingTypeAndroid.DeveloperBillingTypeUnspecified, DeveloperBillingTypeAndroid.InApp, DeveloperBillingTypeAndroid.ExternalLink,
    DiscountOfferType.Introductory, DiscountOfferType.Promotional, DiscountOfferType.OneTime,
    ErrorCode.Unknown, ErrorCode.UserCancelled, ErrorCode.UserError, ErrorCode.ItemUnavailable, ErrorCode.RemoteError, ErrorCode.NetworkError, ErrorCode.ServiceError, ErrorCode.PurchaseVerificationFailed, ErrorCode.PurchaseVerificationFinished, ErrorCode.PurchaseVerificationFinishFailed, ErrorCode.NotPrepared, ErrorCode.NotEnded, ErrorCode.AlreadyOwned, ErrorCode.DeveloperError, ErrorCode.BillingResponseJsonParseError, ErrorCode.DeferredPayment, ErrorCode.Interrupted, ErrorCode.IapNotAvailable, ErrorCode.PurchaseError, ErrorCode.SyncError, ErrorCode.TransactionValidationFailed, ErrorCode.ActivityUnavailable, ErrorCode.AlreadyPrepared, ErrorCode.Pending, ErrorCode.ConnectionClosed, ErrorCode.InitConnection, ErrorCode.ServiceDisconnected, ErrorCode.ServiceTimeout, ErrorCode.QueryProduct, ErrorCode.SkuNotFound, ErrorCode.SkuOfferMismatch, ErrorCode.ItemNotOwned, ErrorCode.BillingUnavailable, ErrorCode.FeatureNotSupported, ErrorCode.EmptySkuList, ErrorCode.DuplicatePurchase,
    ExternalLinkLaunchModeAndroid.Unspecified, ExternalLinkLaunchModeAndroid.LaunchInExternalBrowserOrApp, ExternalLinkLaunchModeAndroid.CallerWillLaunchLink,
    ExternalLinkTypeAndroid.Unspecified, ExternalLinkTypeAndroid.LinkToDigitalContentOffer, ExternalLinkTypeAndroid.LinkToAppDownload,
    ExternalPurchaseCustomLinkNoticeTypeIOS.Browser,
    ExternalPurchaseCustomLinkTokenTypeIOS.Acquisition, ExternalPurchaseCustomLinkTokenTypeIOS.Services,
    ExternalPurchaseNoticeAction.Continue, ExternalPurchaseNoticeAction.Dismissed,
    IapEvent.PurchaseUpdated, IapEvent.PurchaseError, IapEvent.PromotedProductIos, IapEvent.UserChoiceBillingAndroid, IapEvent.DeveloperProvidedBillingAndroid, IapEvent.SubscriptionBillingIssue,
    IapkitClientPayloadFormat.Toml, IapkitClientPayloadFormat.Json, IapkitClientPayloadFormat.Text,
    IapkitPurchaseState.Entitled, IapkitPurchaseState.PendingAcknowledgment, IapkitPurchaseState.Pending, IapkitPurchaseState.Canceled, IapkitPurchaseState.Expired, IapkitPurchaseState.ReadyToConsume, IapkitPurchaseState.Consumed, IapkitPurchaseState.Unknown, IapkitPurchaseState.Inauthentic,
    IapPlatform.Ios, IapPlatform.Android,
    IapStore.Unknown, IapStore.Apple, IapStore.Google, IapStore.Horizon, IapStore.Amazon,
    InAppMessageCategoryAndroid.UnknownInAppMessageCategoryId, InAppMessageCategoryAndroid.Transactional,
    InAppMessageResponseCodeAndroid.NoActionNeeded, InAppMessageResponseCodeAndroid.SubscriptionStatusUpdated,
    PaymentMode.FreeTrial, PaymentMode.PayAsYouGo, PaymentMode.PayUpFront, PaymentMode.Unknown,
    PaymentModeIOS.Empty, PaymentModeIOS.FreeTrial, PaymentModeIOS.PayAsYouGo, PaymentModeIOS.PayUpFront,
    ProductQueryType.InApp, ProductQueryType.Subs, ProductQueryType.All,
    ProductStatusAndroid.Ok, ProductStatusAndroid.NotFound, ProductStatusAndroid.NoOffersAvailable, ProductStatusAndroid.Unknown,
    ProductType.InApp, ProductType.Subs,
    ProductTypeIOS.Consumable, ProductTypeIOS.NonConsumable, ProductTypeIOS.AutoRenewableSubscription, ProductTypeIOS.NonRenewingSubscription, ProductTypeIOS.SubscriptionBundle, ProductTypeIOS.SubscriptionSuite,
    PurchaseState.Pending, PurchaseState.Purchased, PurchaseState.Unknown,
    PurchaseVerificationProvider.Iapkit,
    SubResponseCodeAndroid.NoApplicableSubResponseCode, SubResponseCodeAndroid.PaymentDeclinedDueToInsufficientFunds, SubResponseCodeAndroid.UserIneligible,
    SubscriptionBillingPlanTypeIOS.Unknown, SubscriptionBillingPlanTypeIOS.Monthly, SubscriptionBillingPlanTypeIOS.UpFront,
    SubscriptionOfferTypeIOS.Introductory, SubscriptionOfferTypeIOS.Promotional, SubscriptionOfferTypeIOS.WinBack,
    SubscriptionPeriodIOS.Day, SubscriptionPeriodIOS.Week, SubscriptionPeriodIOS.Month, SubscriptionPeriodIOS.Year, SubscriptionPeriodIOS.Empty,
    SubscriptionPeriodUnit.Day, SubscriptionPeriodUnit.Week, SubscriptionPeriodUnit.Month, SubscriptionPeriodUnit.Year, SubscriptionPeriodUnit.Unknown,
    SubscriptionReplacementModeAndroid.UnknownReplacementMode, SubscriptionReplacementModeAndroid.WithTimeProration, SubscriptionReplacementModeAndroid.ChargeProratedPrice, SubscriptionReplacementModeAndroid.ChargeFullPrice, SubscriptionReplacementModeAndroid.WithoutProration, SubscriptionReplacementModeAndroid.Deferred, SubscriptionReplacementModeAndroid.KeepExisting
)
