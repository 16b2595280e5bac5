// Compatibility corpus, part 4 of 4, the differences that remain: app and SDK code that compiles against
// upstream's OpenIAP 3.2.1 Kotlin API and, on purpose, not against ours. Docs/Compatibility.md
// (Kotlin) gives each one's reason and the one-line change an app makes.
//
// scripts/compat.sh kotlin holds this file to its marks: every line that ends in
// `// expect: TEXT` must fail with an error whose message contains TEXT, and no other line
// may fail or warn. Against upstream's Types.kt (the optional comparison) all of it compiles.
@file:Suppress("UNUSED_VARIABLE")

package compat.corpus

import dev.hyo.openiap.*

/**
 * 1. Exhaustive `when` over a union or a `oneOf` record: each of ours keeps what this version
 * does not know as an `Unrecognized` member, so such a `when` needs an `else` (or
 * `is X.Unrecognized`) branch. That member is the point: a purchase from a store added later
 * reaches the app instead of failing to decode.
 */
fun exhaustiveOverUnions(
    purchase: Purchase,
    product: Product,
    subscription: ProductSubscription,
    item: ProductOrSubscription,
    verification: VerifyPurchaseResult,
    fetched: FetchProductsResult
): List<Any?> {
    val purchaseText: String = when (purchase) { // expect: 'when' expression must be exhaustive
        is PurchaseAndroid -> "android " + purchase.purchaseToken + " " + purchase.isAcknowledgedAndroid
        is PurchaseIOS -> "ios " + purchase.transactionId + " " + purchase.environmentIOS
    }
    val productText: String = when (product) { // expect: 'when' expression must be exhaustive
        is ProductAndroid -> product.nameAndroid
        is ProductIOS -> product.displayNameIOS
    }
    val subscriptionOffers: List<SubscriptionOffer>? = when (subscription) { // expect: 'when' expression must be exhaustive
        is ProductSubscriptionAndroid -> subscription.subscriptionOffers
        is ProductSubscriptionIOS -> subscription.subscriptionOffers
    }
    val itemId: String = when (item) { // expect: 'when' expression must be exhaustive
        is ProductOrSubscription.ProductItem -> item.value.id
        is ProductOrSubscription.ProductSubscriptionItem -> item.value.id
    }
    val valid: Boolean = when (verification) { // expect: 'when' expression must be exhaustive
        is VerifyPurchaseResultIOS -> verification.isValid
        is VerifyPurchaseResultAndroid -> verification.autoRenewing || verification.testTransaction
        is VerifyPurchaseResultHorizon -> verification.success
    }
    // The Expo module maps a fetchProducts result back to JavaScript this way.
    val products: List<Map<String, Any?>> = when (fetched) { // expect: 'when' expression must be exhaustive
        is FetchProductsResultAll -> fetched.value.orEmpty().map { it.toJson() }
        is FetchProductsResultProducts -> fetched.value.orEmpty().map { it.toJson() }
        is FetchProductsResultSubscriptions -> fetched.value.orEmpty().map { it.toJson() }
    }
    return listOf(purchaseText, productText, subscriptionOffers, itemId, valid, products)
}

/**
 * 2. Exhaustive `when` over an open enum, as openiap-google maps programs and modes to Play
 * Billing constants: ours are sealed classes with an `Unrecognized` value, for values the
 * stores add later.
 */
fun exhaustiveOverEnums(
    program: BillingProgramAndroid,
    launchMode: DeveloperBillingLaunchModeAndroid,
    state: IapkitPurchaseState,
    mode: SubscriptionReplacementModeAndroid,
    type: ProductQueryType?
): List<Int> {
    val programConstant = when (program) { // expect: 'when' expression must be exhaustive
        BillingProgramAndroid.Unspecified -> 0
        BillingProgramAndroid.ExternalContentLink -> 1
        BillingProgramAndroid.UserChoiceBilling -> 2
        BillingProgramAndroid.ExternalOffer -> 3
        BillingProgramAndroid.ExternalPayments -> 4
        BillingProgramAndroid.BillingChoice -> 5
    }
    val launchConstant = when (launchMode) { // expect: 'when' expression must be exhaustive
        DeveloperBillingLaunchModeAndroid.Unspecified -> 0
        DeveloperBillingLaunchModeAndroid.LaunchInExternalBrowserOrApp -> 1
        DeveloperBillingLaunchModeAndroid.CallerWillLaunchLink -> 2
    }
    val grants = when (state) { // expect: 'when' expression must be exhaustive
        IapkitPurchaseState.Entitled, IapkitPurchaseState.PendingAcknowledgment, IapkitPurchaseState.ReadyToConsume -> 1
        IapkitPurchaseState.Pending, IapkitPurchaseState.Canceled, IapkitPurchaseState.Expired,
        IapkitPurchaseState.Consumed, IapkitPurchaseState.Unknown, IapkitPurchaseState.Inauthentic -> 0
    }
    val replacement = when (mode) { // expect: 'when' expression must be exhaustive
        SubscriptionReplacementModeAndroid.UnknownReplacementMode -> 0
        SubscriptionReplacementModeAndroid.WithTimeProration -> 1
        SubscriptionReplacementModeAndroid.ChargeProratedPrice -> 2
        SubscriptionReplacementModeAndroid.WithoutProration -> 3
        SubscriptionReplacementModeAndroid.ChargeFullPrice -> 5
        SubscriptionReplacementModeAndroid.Deferred -> 6
        SubscriptionReplacementModeAndroid.KeepExisting -> 7
    }
    // openiap-google's fetchProducts picks the Play product type so.
    val playType = when (type ?: ProductQueryType.InApp) { // expect: 'when' expression must be exhaustive
        ProductQueryType.InApp -> 1
        ProductQueryType.Subs -> 2
        ProductQueryType.All -> 3
    }
    return listOf(programConstant, launchConstant, grants, replacement, playType)
}

/**
 * 3. The members every Kotlin `enum class` has: an open enum of ours is a sealed class, whose
 * known values `knownValues` lists. No SDK call site was found.
 */
fun enumClassMembers(): List<Any?> = listOf(
    ErrorCode.values().size, // expect: unresolved reference: values
    ErrorCode.valueOf("UserCancelled"), // expect: unresolved reference: valueOf
    IapStore.Amazon.name, // expect: unresolved reference: name
    IapStore.Amazon.ordinal // expect: unresolved reference: ordinal
)

/**
 * 4. The spec's `Int` is 64 bits wide, so ours is a `Long` where upstream's (GraphQL's 32-bit
 * Int) is an `Int`: reading one as an `Int`, or passing an `Int` (a Play Billing value), needs
 * `.toInt()` / `.toLong()`.
 */
fun intFieldsAreLong(
    purchase: PurchaseAndroid,
    receipt: PurchaseIOS,
    common: PurchaseCommon,
    billing: BillingResultAndroid,
    error: PurchaseError,
    bundled: BundledSubscriptionIOS,
    display: DiscountDisplayInfoAndroid,
    discount: DiscountOffer,
    installment: InstallmentPlanDetailsAndroid,
    limited: LimitedQuantityInfoAndroid,
    phase: PricingPhaseAndroid,
    offer: SubscriptionOffer,
    period: SubscriptionPeriod,
    periodIOS: SubscriptionPeriodValueIOS,
    commitment: TransactionCommitmentInfoIOS,
    verified: VerifyPurchaseResultAndroid,
    purchaseProps: RequestPurchaseIosProps,
    subscriptionProps: RequestSubscriptionIosProps
): List<Any?> {
    // The Play Billing library answers Ints; openiap-google's converters pass them on.
    val playQuantity: Int = 1
    val converted = purchase.copy(quantity = playQuantity) // expect: type mismatch
    return listOf(
        converted,
        typed<Int>(purchase.quantity), // expect: type mismatch
        typed<Int>(receipt.quantity), // expect: type mismatch
        typed<Int?>(receipt.quantityIOS), // expect: type mismatch
        typed<Int>(common.quantity), // expect: type mismatch
        typed<Int>(billing.responseCode), // expect: type mismatch
        typed<Int?>(error.responseCode), // expect: type mismatch
        typed<Int>(bundled.subscriptionGroupLevel), // expect: type mismatch
        typed<Int?>(display.percentageDiscount), // expect: type mismatch
        typed<Int?>(discount.percentageDiscountAndroid), // expect: type mismatch
        typed<Int>(installment.commitmentPaymentsCount), // expect: type mismatch
        typed<Int>(installment.subsequentCommitmentPaymentsCount), // expect: type mismatch
        typed<Int>(limited.maximumQuantity), // expect: type mismatch
        typed<Int>(limited.remainingQuantity), // expect: type mismatch
        typed<Int>(phase.billingCycleCount), // expect: type mismatch
        typed<Int>(phase.recurrenceMode), // expect: type mismatch
        typed<Int?>(offer.numberOfPeriodsIOS), // expect: type mismatch
        typed<Int?>(offer.periodCount), // expect: type mismatch
        typed<Int>(period.value), // expect: type mismatch
        typed<Int>(periodIOS.value), // expect: type mismatch
        typed<Int>(commitment.billingPeriodNumber), // expect: type mismatch
        typed<Int>(commitment.totalBillingPeriods), // expect: type mismatch
        typed<Int>(verified.quantity), // expect: type mismatch
        typed<Int?>(purchaseProps.quantity), // expect: type mismatch
        typed<Int?>(subscriptionProps.quantity) // expect: type mismatch
    )
}

/**
 * 5. `IapkitProductClientPayload.version` is a whole revision number (the spec's `Int`, a
 * `Long` here) where the SDL says `Float` and upstream has a `Double`.
 */
fun clientPayloadVersion(payload: IapkitProductClientPayload): List<Any?> {
    val built = IapkitProductClientPayload(
        body = "[access]\nmax_items = 10",
        format = IapkitClientPayloadFormat.Toml,
        updatedAt = 1_784_160_000_000.0,
        version = 3.0 // expect: the floating-point literal does not conform to the expected type Long
    )
    return listOf(built, typed<Double>(payload.version)) // expect: type mismatch
}

/**
 * 6. Fields with a spec default are nullable in ours (the wire tells a value left out from the
 * default, and a read value is written back as it came), where upstream makes a non-null SDL
 * field with a default non-null: a read needs `?: default`.
 */
fun defaultedFieldsAreNullable(
    dialog: BillingProgramInformationDialogParamsAndroid,
    choice: GetBillingChoiceInfoParamsAndroid,
    request: RequestPurchaseProps
): List<Any?> = listOf(
    typed<BillingProgramAndroid>(dialog.billingProgram), // expect: type mismatch
    typed<BillingProgramAndroid>(choice.billingProgram), // expect: type mismatch
    typed<BillingChoiceImageLayoutAndroid>(choice.playBillingChoiceImageLayout), // expect: type mismatch
    typed<ProductQueryType>(request.type) // expect: type mismatch
)

/**
 * 7. `isValid` on the Google Play and Meta Horizon results: the 3.2.1 SDL declares it
 * `Boolean!` on every verification result; the upstream copy this corpus was written against
 * predates it. Pass it.
 */
fun verificationResultsWithoutIsValid(): List<Any?> = listOf(
    VerifyPurchaseResultAndroid(autoRenewing = true, betaProduct = false, cancelDate = null, freeTrialEndDate = 1.0, gracePeriodEndDate = 1.0, parentProductId = "text", productId = "text", productType = "subs", purchaseDate = 1.0, quantity = 1, receiptId = "text", renewalDate = 1.0, term = "P1M", termSku = "text", testTransaction = false), // expect: no value passed for parameter 'isValid'
    VerifyPurchaseResultHorizon(grantTime = 1_717_171_717.0, success = true) // expect: no value passed for parameter 'isValid'
)
