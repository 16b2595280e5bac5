// Compatibility corpus, part 1 of 4: JSON interop as the OpenIAP Android SDKs write it.
// Written against upstream's generated API (OpenIAP 3.2.1 Types.kt), from the call sites of
// openiap-google, kmp-iap and the React Native / Expo Android modules: records, unions and
// inputs are read from `Map<String, Any?>` with `X.fromJson(map)` and written back with
// `x.toJson(): Map<String, Any?>`; enums read and write their wire strings with
// `E.fromJson(String)` / `e.toJson(): String`.
@file:Suppress("UNCHECKED_CAST", "UNUSED_VARIABLE")

package compat.corpus

import dev.hyo.openiap.*

/** Maps shaped like the ones a JavaScript bridge or a previous `toJson()` hands over. */
object BridgePayloads {
    val purchaseAndroid: Map<String, Any?> = mapOf(
        "__typename" to "PurchaseAndroid",
        "id" to "GPA.3391-2201-5567-01234",
        "productId" to "dev.hyo.martie.premium",
        "ids" to listOf("dev.hyo.martie.premium"),
        "transactionDate" to 1_717_171_717_000.0,
        "purchaseToken" to "opaque-play-purchase-token",
        "store" to "google",
        "platform" to "android",
        "quantity" to 1,
        "purchaseState" to "purchased",
        "isAutoRenewing" to true,
        "isAcknowledgedAndroid" to false,
        "packageNameAndroid" to "dev.hyo.martie",
        "currentPlanId" to "monthly",
        "pendingPurchaseUpdateAndroid" to mapOf(
            "products" to listOf("dev.hyo.martie.premium.yearly"),
            "purchaseToken" to "pending-upgrade-token"
        )
    )

    val purchaseIos: Map<String, Any?> = mapOf(
        "__typename" to "PurchaseIOS",
        "id" to "2000000812345678",
        "productId" to "dev.hyo.martie.coins",
        "transactionId" to "2000000812345678",
        "transactionDate" to 1_717_171_717_000.0,
        "purchaseToken" to "eyJhbGciOiJFUzI1NiJ9.jws.signature",
        "store" to "apple",
        "platform" to "ios",
        "quantity" to 2,
        "purchaseState" to "purchased",
        "isAutoRenewing" to false,
        "environmentIOS" to "Sandbox",
        "offerIOS" to mapOf("id" to "intro", "paymentMode" to "free-trial", "type" to "introductory")
    )

    val productAndroid: Map<String, Any?> = mapOf(
        "__typename" to "ProductAndroid",
        "id" to "dev.hyo.martie.coins",
        "title" to "100 Coins",
        "description" to "A bag of coins",
        "type" to "in-app",
        "displayPrice" to "$0.99",
        "currency" to "USD",
        "price" to 0.99,
        "platform" to "android",
        "nameAndroid" to "100 Coins",
        "productStatusAndroid" to "ok",
        "discountOffers" to listOf(
            mapOf(
                "id" to "launch-discount",
                "displayPrice" to "$0.49",
                "price" to 0.49,
                "currency" to "USD",
                "type" to "one-time",
                "offerTokenAndroid" to "one-time-offer-token",
                "percentageDiscountAndroid" to 50
            )
        )
    )

    val productSubscriptionAndroid: Map<String, Any?> = mapOf(
        "__typename" to "ProductSubscriptionAndroid",
        "id" to "dev.hyo.martie.premium",
        "title" to "Premium",
        "description" to "All features",
        "type" to "subs",
        "displayPrice" to "$4.99",
        "currency" to "USD",
        "price" to 4.99,
        "platform" to "android",
        "nameAndroid" to "Premium",
        "subscriptionOffers" to listOf(
            mapOf(
                "id" to "monthly",
                "displayPrice" to "$4.99",
                "price" to 4.99,
                "type" to "introductory",
                "basePlanIdAndroid" to "monthly",
                "offerTokenAndroid" to "base-plan-offer-token",
                "paymentMode" to "pay-as-you-go",
                "period" to mapOf("unit" to "month", "value" to 1),
                "pricingPhasesAndroid" to mapOf(
                    "pricingPhaseList" to listOf(
                        mapOf(
                            "billingCycleCount" to 0,
                            "billingPeriod" to "P1M",
                            "formattedPrice" to "$4.99",
                            "priceAmountMicros" to "4990000",
                            "priceCurrencyCode" to "USD",
                            "recurrenceMode" to 1
                        )
                    )
                )
            )
        )
    )

    val purchaseError: Map<String, Any?> = mapOf(
        "code" to "user-cancelled",
        "message" to "The user closed the purchase sheet",
        "productId" to "dev.hyo.martie.premium",
        "responseCode" to 1,
        "debugMessage" to "BillingResponseCode.USER_CANCELED",
        "subResponseCodeAndroid" to "no-applicable-sub-response-code"
    )

    val requestPurchase: Map<String, Any?> = mapOf(
        "requestPurchase" to mapOf(
            "google" to mapOf(
                "skus" to listOf("dev.hyo.martie.coins"),
                "obfuscatedAccountId" to "account-42",
                "isOfferPersonalized" to false
            ),
            "apple" to mapOf("sku" to "dev.hyo.martie.coins", "quantity" to 1)
        ),
        "type" to "in-app"
    )

    val requestSubscription: Map<String, Any?> = mapOf(
        "requestSubscription" to mapOf(
            "google" to mapOf(
                "skus" to listOf("dev.hyo.martie.premium"),
                "purchaseToken" to "current-subscription-token",
                "subscriptionOffers" to listOf(
                    mapOf("sku" to "dev.hyo.martie.premium", "offerToken" to "base-plan-offer-token")
                ),
                "subscriptionProductReplacementParams" to mapOf(
                    "oldProductId" to "dev.hyo.martie.basic",
                    "replacementMode" to "charge-prorated-price"
                )
            )
        ),
        "type" to "subs"
    )

    val initConnection: Map<String, Any?> = mapOf(
        "enableBillingProgramAndroid" to "billing-choice",
        "billingChoiceScreenTypeAndroid" to "developer-rendered"
    )

    val purchaseOptions: Map<String, Any?> = mapOf(
        "includeSuspendedAndroid" to true,
        "onlyIncludeActiveItemsIOS" to true
    )

    val verifyWithProvider: Map<String, Any?> = mapOf(
        "provider" to "iapkit",
        "iapkit" to mapOf(
            "apiKey" to "iapkit-api-key",
            "baseUrl" to "https://kit.openiap.dev",
            "includeClientPayload" to true,
            "google" to mapOf("purchaseToken" to "opaque-play-purchase-token"),
            "amazon" to mapOf("receiptId" to "amzn-receipt", "userId" to "amzn-user", "sandbox" to true)
        )
    )

    val iapkitResult: Map<String, Any?> = mapOf(
        "store" to "google",
        "isValid" to true,
        "state" to "entitled",
        "productId" to "premium_monthly",
        "clientPayload" to mapOf(
            "format" to "toml",
            "body" to "[access]\nmax_items = 10",
            "version" to 3,
            "updatedAt" to 1_784_160_000_000.0
        )
    )

    val verifyResultIos: Map<String, Any?> = mapOf(
        "__typename" to "VerifyPurchaseResultIOS",
        "isValid" to true,
        "receiptData" to "base64-receipt",
        "jwsRepresentation" to "eyJhbGciOiJFUzI1NiJ9.jws.signature",
        "latestTransaction" to purchaseIos
    )

    val userChoice: Map<String, Any?> = mapOf(
        "externalTransactionToken" to "external-token",
        "products" to listOf("dev.hyo.martie.premium"),
        "productDetailsAndroid" to listOf(
            mapOf("id" to "dev.hyo.martie.premium", "type" to "subs", "offerToken" to "offer-token")
        )
    )
}

/** The expo-iap / react-native-iap pattern: maps in, typed calls, maps out. */
fun bridgeRoundTrips(): List<Any?> {
    val out = Collected()

    // finishTransaction(purchase: Map) in the Expo module reads the Android record directly.
    val android: PurchaseAndroid = PurchaseAndroid.fromJson(BridgePayloads.purchaseAndroid)
    out += android.purchaseToken
    // The union reads whichever platform record `__typename` names.
    val purchase: Purchase = Purchase.fromJson(BridgePayloads.purchaseIos)
    val purchases: List<Purchase> = listOf(purchase, android)
    val payload: List<Map<String, Any?>> = purchases.map { it.toJson() }
    out += payload
    val pending = android.toJson()["pendingPurchaseUpdateAndroid"] as? Map<String, Any?>
    out += pending?.get("products")
    out += PurchaseIOS.fromJson(BridgePayloads.purchaseIos).offerIOS?.paymentMode

    // Products and subscriptions.
    val product: Product = Product.fromJson(BridgePayloads.productAndroid)
    val productAndroid: ProductAndroid = ProductAndroid.fromJson(BridgePayloads.productAndroid)
    val subscription: ProductSubscription = ProductSubscription.fromJson(BridgePayloads.productSubscriptionAndroid)
    val subscriptionAndroid = ProductSubscriptionAndroid.fromJson(BridgePayloads.productSubscriptionAndroid)
    val either: ProductOrSubscription = ProductOrSubscription.fromJson(BridgePayloads.productSubscriptionAndroid)
    out += listOf(product.toJson(), productAndroid.toJson(), subscription.toJson(), subscriptionAndroid.toJson(), either.toJson())
    out += subscriptionAndroid.subscriptionOffers.firstOrNull()?.pricingPhasesAndroid?.pricingPhaseList?.map { it.toJson() }

    // A fetchProducts result (the exhaustive `when` the Expo module writes over
    // it to go back to JavaScript is in Differences.kt).
    val result: FetchProductsResult = FetchProductsResultProducts(listOf(product))
    out += result

    // Arguments arriving from JavaScript.
    val request: RequestPurchaseProps = RequestPurchaseProps.fromJson(BridgePayloads.requestPurchase)
    val subscriptionRequest = RequestPurchaseProps.fromJson(BridgePayloads.requestSubscription)
    out += request.toJson()
    out += subscriptionRequest.toJson()["requestSubscription"]
    val config: InitConnectionConfig? = BridgePayloads.initConnection.let { InitConnectionConfig.fromJson(it) }
    out += config?.enableBillingProgramAndroid
    out += PurchaseOptions.fromJson(BridgePayloads.purchaseOptions).includeSuspendedAndroid
    out += DeepLinkOptions.fromJson(mapOf("skuAndroid" to "dev.hyo.martie.premium", "packageNameAndroid" to "dev.hyo.martie")).toJson()
    val props = VerifyPurchaseWithProviderProps.fromJson(BridgePayloads.verifyWithProvider)
        ?: throw IllegalArgumentException("Invalid verifyPurchaseWithProvider params")
    out += props.iapkit?.amazon?.receiptId
    out += props.toJson()

    // Results going back to JavaScript.
    val verification: VerifyPurchaseResult = VerifyPurchaseResult.fromJson(BridgePayloads.verifyResultIos)
    out += verification.toJson()
    val iapkit = RequestVerifyPurchaseWithIapkitResult.fromJson(BridgePayloads.iapkitResult)
    out += iapkit.clientPayload?.body
    out += VerifyPurchaseWithProviderResult(iapkit = iapkit, provider = PurchaseVerificationProvider.Iapkit).toJson()
    val error = PurchaseError.fromJson(BridgePayloads.purchaseError)
    val errorMap: Map<String, Any?> = error.toJson()
    out += errorMap["code"]
    out += UserChoiceBillingDetails.fromJson(BridgePayloads.userChoice).productDetailsAndroid?.map { it.toJson() }
    out += ActiveSubscription.fromJson(
        mapOf(
            "productId" to "dev.hyo.martie.premium",
            "isActive" to true,
            "transactionId" to "GPA.3391-2201-5567-01234",
            "transactionDate" to 1_717_171_717_000.0,
            "autoRenewingAndroid" to true
        )
    ).toJson()
    return out.items
}

/**
 * The kmp-iap pattern: the same generated API in two packages (`dev.hyo.openiap` inside
 * openiap-google, another package in the KMP library), converted through maps.
 */
fun crossPackageConversions(
    activeSubscriptions: List<ActiveSubscription>,
    options: RequestVerifyPurchaseWithIapkitProps,
    androidResult: RequestVerifyPurchaseWithIapkitResult
): List<Any?> {
    val converted: List<ActiveSubscription> = activeSubscriptions.map { ActiveSubscription.fromJson(it.toJson()) }
    val androidOptions = RequestVerifyPurchaseWithIapkitProps.fromJson(options.toJson())
    val result = RequestVerifyPurchaseWithIapkitResult.fromJson(androidResult.toJson())
    return listOf(converted, androidOptions.includeClientPayload, result.productId)
}

/** Enum wire helpers as the SDKs call them. */
fun enumWireHelpers(type: String, code: ErrorCode, subResponse: SubResponseCodeAndroid?): List<Any?> {
    val queryType: ProductQueryType = ProductQueryType.fromJson(type)
    val store: IapStore = IapStore.fromJson("AMAZON")
    val errorCode: ErrorCode = ErrorCode.fromJson("USER_CANCELLED")
    val wire: String = code.toJson()
    val sub: String? = subResponse?.toJson()
    val raw: String = ErrorCode.SkuNotFound.rawValue
    return listOf(queryType, store, errorCode, wire, sub, raw, IapkitPurchaseState.fromJson("PENDING_ACKNOWLEDGMENT").toJson())
}

/** One read and one write per upstream record and input type, from a map holding its fields. */
fun everyTypeThroughMaps(): List<Any?> {
    val out = Collected()
    out += ActiveSubscription.fromJson(mapOf("__typename" to "ActiveSubscription", "autoRenewingAndroid" to true, "basePlanIdAndroid" to "text", "currentPlanId" to "text", "daysUntilExpirationIOS" to 1.0, "environmentIOS" to "text", "expirationDateIOS" to 1.0, "isActive" to true, "productId" to "text", "purchaseToken" to "text", "purchaseTokenAndroid" to "text", "renewalInfoIOS" to mapOf("__typename" to "RenewalInfoIOS", "willAutoRenew" to true), "transactionDate" to 1.0, "transactionId" to "text")).toJson()
    out += AdvancedCommerceInfoIOS.fromJson(mapOf("__typename" to "AdvancedCommerceInfoIOS", "description" to "text", "displayName" to "text", "estimatedTax" to "text", "items" to listOf(mapOf("__typename" to "AdvancedCommerceItemIOS")), "requestReferenceId" to "text", "taxCode" to "text", "taxExclusivePrice" to "text", "taxRate" to "text")).toJson()
    out += AdvancedCommerceItemDetailsIOS.fromJson(mapOf("__typename" to "AdvancedCommerceItemDetailsIOS", "jsonRepresentation" to "text")).toJson()
    out += AdvancedCommerceItemIOS.fromJson(mapOf("__typename" to "AdvancedCommerceItemIOS", "details" to mapOf("__typename" to "AdvancedCommerceItemDetailsIOS"), "refunds" to listOf(mapOf("__typename" to "AdvancedCommerceRefundIOS")), "revocationDate" to 1.0)).toJson()
    out += AdvancedCommerceRefundIOS.fromJson(mapOf("__typename" to "AdvancedCommerceRefundIOS", "jsonRepresentation" to "text")).toJson()
    out += AppTransaction.fromJson(mapOf("__typename" to "AppTransaction", "appId" to 1.0, "appTransactionId" to "text", "appVersion" to "text", "appVersionId" to 1.0, "bundleId" to "text", "deviceVerification" to "text", "deviceVerificationNonce" to "text", "environment" to "text", "originalAppVersion" to "text", "originalPlatform" to "text", "originalPurchaseDate" to 1.0, "preorderDate" to 1.0, "revocationDate" to 1.0, "signedDate" to 1.0, "storeType" to "text")).toJson()
    out += BillingChoiceInfoAndroid.fromJson(mapOf("__typename" to "BillingChoiceInfoAndroid", "playBillingChoiceImageUrl" to "text", "playBillingLoyaltyInfo" to "text")).toJson()
    out += BillingProgramAvailabilityResultAndroid.fromJson(mapOf("__typename" to "BillingProgramAvailabilityResultAndroid", "billingProgram" to "unspecified", "choiceScreenType" to "unspecified", "isAvailable" to true, "isExternalLinkAvailable" to true)).toJson()
    out += BillingProgramReportingDetailsAndroid.fromJson(mapOf("__typename" to "BillingProgramReportingDetailsAndroid", "billingProgram" to "unspecified", "externalTransactionToken" to "text")).toJson()
    out += BillingResultAndroid.fromJson(mapOf("__typename" to "BillingResultAndroid", "debugMessage" to "text", "responseCode" to 1, "subResponseCode" to "no-applicable-sub-response-code")).toJson()
    out += BundledSubscriptionIOS.fromJson(mapOf("__typename" to "BundledSubscriptionIOS", "description" to "text", "displayName" to "text", "displayPrice" to "text", "id" to "text", "isFamilyShareable" to true, "price" to 1.0, "subscriptionGroupDisplayName" to "text", "subscriptionGroupId" to "text", "subscriptionGroupLevel" to 1)).toJson()
    out += DeveloperProvidedBillingDetailsAndroid.fromJson(mapOf("__typename" to "DeveloperProvidedBillingDetailsAndroid", "externalTransactionToken" to "text", "linkUri" to "text", "originalExternalTransactionId" to "text", "products" to listOf(mapOf("__typename" to "DeveloperProvidedBillingProductAndroid", "id" to "text", "type" to "in-app")))).toJson()
    out += DeveloperProvidedBillingProductAndroid.fromJson(mapOf("__typename" to "DeveloperProvidedBillingProductAndroid", "id" to "text", "offerToken" to "text", "type" to "in-app")).toJson()
    out += DiscountAmountAndroid.fromJson(mapOf("__typename" to "DiscountAmountAndroid", "discountAmountMicros" to "text", "formattedDiscountAmount" to "text")).toJson()
    out += DiscountDisplayInfoAndroid.fromJson(mapOf("__typename" to "DiscountDisplayInfoAndroid", "discountAmount" to mapOf("__typename" to "DiscountAmountAndroid", "discountAmountMicros" to "text", "formattedDiscountAmount" to "text"), "percentageDiscount" to 1)).toJson()
    out += DiscountOffer.fromJson(mapOf("__typename" to "DiscountOffer", "currency" to "text", "discountAmountMicrosAndroid" to "text", "displayPrice" to "text", "formattedDiscountAmountAndroid" to "text", "fullPriceMicrosAndroid" to "text", "id" to "text", "limitedQuantityInfoAndroid" to mapOf("__typename" to "LimitedQuantityInfoAndroid", "maximumQuantity" to 1, "remainingQuantity" to 1), "offerTagsAndroid" to listOf("text"), "offerTokenAndroid" to "text", "percentageDiscountAndroid" to 1, "preorderDetailsAndroid" to mapOf("__typename" to "PreorderDetailsAndroid", "preorderPresaleEndTimeMillis" to "text", "preorderReleaseTimeMillis" to "text"), "price" to 1.0, "purchaseOptionIdAndroid" to "text", "rentalDetailsAndroid" to mapOf("__typename" to "RentalDetailsAndroid", "rentalPeriod" to "text"), "type" to "introductory", "validTimeWindowAndroid" to mapOf("__typename" to "ValidTimeWindowAndroid", "endTimeMillis" to "text", "startTimeMillis" to "text"))).toJson()
    out += EntitlementIOS.fromJson(mapOf("__typename" to "EntitlementIOS", "jsonRepresentation" to "text", "sku" to "text", "transactionId" to "text")).toJson()
    out += ExternalPurchaseCustomLinkNoticeResultIOS.fromJson(mapOf("__typename" to "ExternalPurchaseCustomLinkNoticeResultIOS", "continued" to true, "error" to "text")).toJson()
    out += ExternalPurchaseCustomLinkTokenResultIOS.fromJson(mapOf("__typename" to "ExternalPurchaseCustomLinkTokenResultIOS", "error" to "text", "token" to "text")).toJson()
    out += ExternalPurchaseLinkResultIOS.fromJson(mapOf("__typename" to "ExternalPurchaseLinkResultIOS", "error" to "text", "success" to true)).toJson()
    out += ExternalPurchaseNoticeResultIOS.fromJson(mapOf("__typename" to "ExternalPurchaseNoticeResultIOS", "error" to "text", "externalPurchaseToken" to "text", "result" to "continue")).toJson()
    out += IapkitProductClientPayload.fromJson(mapOf("__typename" to "IapkitProductClientPayload", "body" to "text", "format" to "toml", "updatedAt" to 1.0, "version" to 1.0)).toJson()
    out += InAppMessageResultAndroid.fromJson(mapOf("__typename" to "InAppMessageResultAndroid", "purchaseToken" to "text", "responseCode" to "no-action-needed")).toJson()
    out += InstallmentPlanDetailsAndroid.fromJson(mapOf("__typename" to "InstallmentPlanDetailsAndroid", "commitmentPaymentsCount" to 1, "subsequentCommitmentPaymentsCount" to 1)).toJson()
    out += LimitedQuantityInfoAndroid.fromJson(mapOf("__typename" to "LimitedQuantityInfoAndroid", "maximumQuantity" to 1, "remainingQuantity" to 1)).toJson()
    out += PendingPurchaseUpdateAndroid.fromJson(mapOf("__typename" to "PendingPurchaseUpdateAndroid", "products" to listOf("text"), "purchaseToken" to "text")).toJson()
    out += PreorderDetailsAndroid.fromJson(mapOf("__typename" to "PreorderDetailsAndroid", "preorderPresaleEndTimeMillis" to "text", "preorderReleaseTimeMillis" to "text")).toJson()
    out += PricingPhaseAndroid.fromJson(mapOf("__typename" to "PricingPhaseAndroid", "billingCycleCount" to 1, "billingPeriod" to "text", "formattedPrice" to "text", "priceAmountMicros" to "text", "priceCurrencyCode" to "text", "recurrenceMode" to 1)).toJson()
    out += PricingPhasesAndroid.fromJson(mapOf("__typename" to "PricingPhasesAndroid", "pricingPhaseList" to listOf(mapOf("__typename" to "PricingPhaseAndroid", "billingCycleCount" to 1, "billingPeriod" to "text", "formattedPrice" to "text", "priceAmountMicros" to "text", "priceCurrencyCode" to "text", "recurrenceMode" to 1)))).toJson()
    out += ProductAndroid.fromJson(mapOf("__typename" to "ProductAndroid", "currency" to "text", "debugDescription" to "text", "description" to "text", "discountOffers" to listOf(mapOf("__typename" to "DiscountOffer", "currency" to "text", "displayPrice" to "text", "price" to 1.0, "type" to "introductory")), "displayName" to "text", "displayPrice" to "text", "id" to "text", "nameAndroid" to "text", "platform" to "ios", "price" to 1.0, "productStatusAndroid" to "ok", "subscriptionOffers" to listOf(mapOf("__typename" to "SubscriptionOffer", "displayPrice" to "text", "id" to "text", "price" to 1.0, "type" to "introductory")), "title" to "text", "type" to "in-app")).toJson()
    out += ProductIOS.fromJson(mapOf("__typename" to "ProductIOS", "currency" to "text", "debugDescription" to "text", "description" to "text", "displayName" to "text", "displayNameIOS" to "text", "displayPrice" to "text", "id" to "text", "isFamilyShareableIOS" to true, "jsonRepresentationIOS" to "text", "platform" to "ios", "price" to 1.0, "pricingTermsIOS" to listOf(mapOf("__typename" to "SubscriptionPricingTermsIOS", "billingDisplayPrice" to "text", "billingPeriod" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "billingPlanType" to "unknown", "billingPrice" to 1.0, "commitmentInfo" to mapOf("__typename" to "SubscriptionCommitmentInfoIOS", "displayPrice" to "text", "period" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "price" to 1.0))), "subscriptionOffers" to listOf(mapOf("__typename" to "SubscriptionOffer", "displayPrice" to "text", "id" to "text", "price" to 1.0, "type" to "introductory")), "title" to "text", "type" to "in-app", "typeIOS" to "consumable")).toJson()
    out += ProductSubscriptionAndroid.fromJson(mapOf("__typename" to "ProductSubscriptionAndroid", "currency" to "text", "debugDescription" to "text", "description" to "text", "displayName" to "text", "displayPrice" to "text", "id" to "text", "nameAndroid" to "text", "platform" to "ios", "price" to 1.0, "productStatusAndroid" to "ok", "subscriptionOffers" to listOf(mapOf("__typename" to "SubscriptionOffer", "displayPrice" to "text", "id" to "text", "price" to 1.0, "type" to "introductory")), "title" to "text", "type" to "in-app")).toJson()
    out += ProductSubscriptionIOS.fromJson(mapOf("__typename" to "ProductSubscriptionIOS", "bundledSubscriptionsIOS" to listOf(mapOf("__typename" to "BundledSubscriptionIOS", "description" to "text", "displayName" to "text", "displayPrice" to "text", "id" to "text", "isFamilyShareable" to true, "price" to 1.0, "subscriptionGroupDisplayName" to "text", "subscriptionGroupId" to "text", "subscriptionGroupLevel" to 1)), "currency" to "text", "debugDescription" to "text", "description" to "text", "displayName" to "text", "displayNameIOS" to "text", "displayPrice" to "text", "id" to "text", "introductoryPriceAsAmountIOS" to "text", "introductoryPriceIOS" to "text", "introductoryPriceNumberOfPeriodsIOS" to "text", "introductoryPricePaymentModeIOS" to "empty", "introductoryPriceSubscriptionPeriodIOS" to "day", "isFamilyShareableIOS" to true, "jsonRepresentationIOS" to "text", "platform" to "ios", "price" to 1.0, "pricingTermsIOS" to listOf(mapOf("__typename" to "SubscriptionPricingTermsIOS", "billingDisplayPrice" to "text", "billingPeriod" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "billingPlanType" to "unknown", "billingPrice" to 1.0, "commitmentInfo" to mapOf("__typename" to "SubscriptionCommitmentInfoIOS", "displayPrice" to "text", "period" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "price" to 1.0))), "subscriptionGroupIdIOS" to "text", "subscriptionOffers" to listOf(mapOf("__typename" to "SubscriptionOffer", "displayPrice" to "text", "id" to "text", "price" to 1.0, "type" to "introductory")), "subscriptionPeriodNumberIOS" to "text", "subscriptionPeriodUnitIOS" to "day", "title" to "text", "type" to "in-app", "typeIOS" to "consumable")).toJson()
    out += PurchaseAndroid.fromJson(mapOf("__typename" to "PurchaseAndroid", "autoRenewingAndroid" to true, "currentPlanId" to "text", "dataAndroid" to "text", "developerPayloadAndroid" to "text", "id" to "text", "ids" to listOf("text"), "isAcknowledgedAndroid" to true, "isAutoRenewing" to true, "isSuspendedAndroid" to true, "obfuscatedAccountIdAndroid" to "text", "obfuscatedProfileIdAndroid" to "text", "packageNameAndroid" to "text", "pendingPurchaseUpdateAndroid" to mapOf("__typename" to "PendingPurchaseUpdateAndroid", "products" to listOf("text"), "purchaseToken" to "text"), "productId" to "text", "purchaseState" to "pending", "purchaseToken" to "text", "quantity" to 1, "signatureAndroid" to "text", "store" to "unknown", "transactionDate" to 1.0, "transactionId" to "text")).toJson()
    out += PurchaseIOS.fromJson(mapOf("__typename" to "PurchaseIOS", "advancedCommerceInfoIOS" to mapOf("__typename" to "AdvancedCommerceInfoIOS", "items" to listOf(mapOf("__typename" to "AdvancedCommerceItemIOS"))), "appAccountToken" to "text", "appBundleIdIOS" to "text", "billingPlanTypeIOS" to "unknown", "bundleOriginalTransactionIdIOS" to "text", "bundleProductIdIOS" to "text", "bundleSubscriptionGroupIdIOS" to "text", "bundleTransactionIdIOS" to "text", "commitmentInfoIOS" to mapOf("__typename" to "TransactionCommitmentInfoIOS", "billingPeriodNumber" to 1, "commitmentExpiresDate" to 1.0, "commitmentPrice" to 1.0, "totalBillingPeriods" to 1), "countryCodeIOS" to "text", "currencyCodeIOS" to "text", "currencySymbolIOS" to "text", "currentPlanId" to "text", "environmentIOS" to "text", "expirationDateIOS" to 1.0, "id" to "text", "ids" to listOf("text"), "isAutoRenewing" to true, "isUpgradedIOS" to true, "offerIOS" to mapOf("__typename" to "PurchaseOfferIOS", "id" to "text", "paymentMode" to "text", "type" to "text"), "originalTransactionDateIOS" to 1.0, "originalTransactionIdentifierIOS" to "text", "ownershipTypeIOS" to "text", "previousOriginalTransactionIdIOS" to "text", "productId" to "text", "purchaseState" to "pending", "purchaseToken" to "text", "quantity" to 1, "quantityIOS" to 1, "reasonIOS" to "text", "reasonStringRepresentationIOS" to "text", "renewalInfoIOS" to mapOf("__typename" to "RenewalInfoIOS", "willAutoRenew" to true), "revocationDateIOS" to 1.0, "revocationReasonIOS" to "text", "revocationTypeIOS" to "text", "store" to "unknown", "storefrontCountryCodeIOS" to "text", "subscriptionGroupIdIOS" to "text", "transactionDate" to 1.0, "transactionId" to "text", "transactionReasonIOS" to "text", "webOrderLineItemIdIOS" to "text")).toJson()
    out += PurchaseOfferIOS.fromJson(mapOf("__typename" to "PurchaseOfferIOS", "id" to "text", "paymentMode" to "text", "type" to "text")).toJson()
    out += RefundResultIOS.fromJson(mapOf("__typename" to "RefundResultIOS", "message" to "text", "status" to "text")).toJson()
    out += RenewalCommitmentInfoIOS.fromJson(mapOf("__typename" to "RenewalCommitmentInfoIOS", "commitmentAutoRenewProductId" to "text", "commitmentAutoRenewStatus" to true, "commitmentRenewalBillingPlanType" to "unknown", "commitmentRenewalDate" to 1.0, "commitmentRenewalPrice" to 1.0)).toJson()
    out += RenewalInfoIOS.fromJson(mapOf("__typename" to "RenewalInfoIOS", "autoRenewPreference" to "text", "bundleOriginalTransactionId" to "text", "bundleProductId" to "text", "bundleSubscriptionGroupId" to "text", "commitmentInfo" to mapOf("__typename" to "RenewalCommitmentInfoIOS", "commitmentAutoRenewProductId" to "text", "commitmentAutoRenewStatus" to true, "commitmentRenewalBillingPlanType" to "unknown", "commitmentRenewalDate" to 1.0, "commitmentRenewalPrice" to 1.0), "expirationReason" to "text", "gracePeriodExpirationDate" to 1.0, "isInBillingRetry" to true, "jsonRepresentation" to "text", "pendingUpgradeProductId" to "text", "priceIncreaseStatus" to "text", "renewalBillingPlanType" to "unknown", "renewalDate" to 1.0, "renewalOfferId" to "text", "renewalOfferType" to "text", "willAutoRenew" to true, "willUnbundle" to true)).toJson()
    out += RentalDetailsAndroid.fromJson(mapOf("__typename" to "RentalDetailsAndroid", "rentalExpirationPeriod" to "text", "rentalPeriod" to "text")).toJson()
    out += SubscriptionCommitmentInfoIOS.fromJson(mapOf("__typename" to "SubscriptionCommitmentInfoIOS", "displayPrice" to "text", "period" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "price" to 1.0)).toJson()
    out += SubscriptionOffer.fromJson(mapOf("__typename" to "SubscriptionOffer", "basePlanIdAndroid" to "text", "currency" to "text", "displayPrice" to "text", "id" to "text", "installmentPlanDetailsAndroid" to mapOf("__typename" to "InstallmentPlanDetailsAndroid", "commitmentPaymentsCount" to 1, "subsequentCommitmentPaymentsCount" to 1), "keyIdentifierIOS" to "text", "localizedPriceIOS" to "text", "nonceIOS" to "text", "numberOfPeriodsIOS" to 1, "offerTagsAndroid" to listOf("text"), "offerTokenAndroid" to "text", "paymentMode" to "free-trial", "period" to mapOf("__typename" to "SubscriptionPeriod", "unit" to "day", "value" to 1), "periodCount" to 1, "price" to 1.0, "pricingPhasesAndroid" to mapOf("__typename" to "PricingPhasesAndroid", "pricingPhaseList" to listOf(mapOf("__typename" to "PricingPhaseAndroid", "billingCycleCount" to 1, "billingPeriod" to "text", "formattedPrice" to "text", "priceAmountMicros" to "text", "priceCurrencyCode" to "text", "recurrenceMode" to 1))), "signatureIOS" to "text", "timestampIOS" to 1.0, "type" to "introductory")).toJson()
    out += SubscriptionPeriod.fromJson(mapOf("__typename" to "SubscriptionPeriod", "unit" to "day", "value" to 1)).toJson()
    out += SubscriptionPeriodValueIOS.fromJson(mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1)).toJson()
    out += SubscriptionPricingTermsIOS.fromJson(mapOf("__typename" to "SubscriptionPricingTermsIOS", "billingDisplayPrice" to "text", "billingPeriod" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "billingPlanType" to "unknown", "billingPrice" to 1.0, "commitmentInfo" to mapOf("__typename" to "SubscriptionCommitmentInfoIOS", "displayPrice" to "text", "period" to mapOf("__typename" to "SubscriptionPeriodValueIOS", "unit" to "day", "value" to 1), "price" to 1.0), "subscriptionOffers" to listOf(mapOf("__typename" to "SubscriptionOffer", "displayPrice" to "text", "id" to "text", "price" to 1.0, "type" to "introductory")))).toJson()
    out += SubscriptionStatusIOS.fromJson(mapOf("__typename" to "SubscriptionStatusIOS", "renewalInfo" to mapOf("__typename" to "RenewalInfoIOS", "willAutoRenew" to true), "state" to "text")).toJson()
    out += TransactionCommitmentInfoIOS.fromJson(mapOf("__typename" to "TransactionCommitmentInfoIOS", "billingPeriodNumber" to 1, "commitmentExpiresDate" to 1.0, "commitmentPrice" to 1.0, "totalBillingPeriods" to 1)).toJson()
    out += ValidTimeWindowAndroid.fromJson(mapOf("__typename" to "ValidTimeWindowAndroid", "endTimeMillis" to "text", "startTimeMillis" to "text")).toJson()
    out += VerifyPurchaseResultAndroid.fromJson(mapOf("__typename" to "VerifyPurchaseResultAndroid", "autoRenewing" to true, "betaProduct" to true, "cancelDate" to 1.0, "cancelReason" to "text", "deferredDate" to 1.0, "deferredSku" to "text", "freeTrialEndDate" to 1.0, "gracePeriodEndDate" to 1.0, "parentProductId" to "text", "productId" to "text", "productType" to "text", "purchaseDate" to 1.0, "quantity" to 1, "receiptId" to "text", "renewalDate" to 1.0, "term" to "text", "termSku" to "text", "testTransaction" to true)).toJson()
    out += VerifyPurchaseResultHorizon.fromJson(mapOf("__typename" to "VerifyPurchaseResultHorizon", "grantTime" to 1.0, "success" to true)).toJson()
    out += VerifyPurchaseResultIOS.fromJson(mapOf("__typename" to "VerifyPurchaseResultIOS", "isValid" to true, "jwsRepresentation" to "text", "latestTransaction" to mapOf("__typename" to "PurchaseAndroid", "id" to "text", "isAutoRenewing" to true, "productId" to "text", "purchaseState" to "pending", "quantity" to 1, "store" to "unknown", "transactionDate" to 1.0), "receiptData" to "text")).toJson()
    out += VerifyPurchaseWithProviderError.fromJson(mapOf("__typename" to "VerifyPurchaseWithProviderError", "code" to "text", "message" to "text")).toJson()
    out += VerifyPurchaseWithProviderResult.fromJson(mapOf("__typename" to "VerifyPurchaseWithProviderResult", "errors" to listOf(mapOf("__typename" to "VerifyPurchaseWithProviderError", "message" to "text")), "iapkit" to mapOf("store" to "apple", "isValid" to false, "state" to "expired"), "provider" to "iapkit")).toJson()
    out += AndroidSubscriptionOfferInput.fromJson(mapOf("offerToken" to "text", "sku" to "text"))?.toJson()
    out += BillingProgramInformationDialogParamsAndroid.fromJson(mapOf("billingProgram" to "unspecified", "externalTransactionToken" to "text"))?.toJson()
    out += DeepLinkOptions.fromJson(mapOf("packageNameAndroid" to "text", "skuAndroid" to "text")).toJson()
    out += DeveloperBillingOptionParamsAndroid.fromJson(mapOf("billingProgram" to "unspecified", "externalTransactionToken" to "text", "launchMode" to "unspecified", "linkUri" to "text"))?.toJson()
    out += DiscountOfferInputIOS.fromJson(mapOf("identifier" to "text", "keyIdentifier" to "text", "nonce" to "text", "signature" to "text", "timestamp" to 1.0))?.toJson()
    out += GetBillingChoiceInfoParamsAndroid.fromJson(mapOf("billingProgram" to "unspecified", "playBillingChoiceImageLayout" to "rectangular-four-by-one", "userLocale" to "text")).toJson()
    out += InAppMessageParamsAndroid.fromJson(mapOf("categories" to listOf("unknown-in-app-message-category-id"))).toJson()
    out += InitConnectionConfig.fromJson(mapOf("billingChoiceScreenTypeAndroid" to "unspecified", "enableBillingProgramAndroid" to "unspecified")).toJson()
    out += LaunchExternalLinkParamsAndroid.fromJson(mapOf("billingProgram" to "unspecified", "externalTransactionToken" to "text", "launchMode" to "unspecified", "linkType" to "unspecified", "linkUri" to "text"))?.toJson()
    out += ProductRequest.fromJson(mapOf("skus" to listOf("text"), "type" to "in-app"))?.toJson()
    out += PromotionalOfferJWSInputIOS.fromJson(mapOf("jws" to "text", "offerId" to "text"))?.toJson()
    out += PurchaseOptions.fromJson(mapOf("alsoPublishToEventListenerIOS" to true, "includeSuspendedAndroid" to true, "onlyIncludeActiveItemsIOS" to true)).toJson()
    out += PurchaseUpdatedListenerOptions.fromJson(mapOf("dedupeTransactionIOS" to true)).toJson()
    out += RequestPurchaseAndroidProps.fromJson(mapOf("developerBillingOption" to mapOf("billingProgram" to "unspecified"), "isOfferPersonalized" to true, "obfuscatedAccountId" to "text", "obfuscatedProfileId" to "text", "offerToken" to "text", "skus" to listOf("text")))?.toJson()
    out += RequestPurchaseIosProps.fromJson(mapOf("advancedCommerceData" to "text", "andDangerouslyFinishTransactionAutomatically" to true, "appAccountToken" to "text", "quantity" to 1, "sku" to "text", "withOffer" to mapOf("identifier" to "text", "keyIdentifier" to "text", "nonce" to "text", "signature" to "text", "timestamp" to 1.0)))?.toJson()
    out += RequestPurchasePropsByPlatforms.fromJson(mapOf("apple" to mapOf("sku" to "text"), "google" to mapOf("skus" to listOf("text")))).toJson()
    out += RequestSubscriptionAndroidProps.fromJson(mapOf("developerBillingOption" to mapOf("billingProgram" to "unspecified"), "isOfferPersonalized" to true, "obfuscatedAccountId" to "text", "obfuscatedProfileId" to "text", "originalExternalTransactionId" to "text", "purchaseToken" to "text", "skus" to listOf("text"), "subscriptionOffers" to listOf(mapOf("offerToken" to "text", "sku" to "text")), "subscriptionProductReplacementParams" to mapOf("oldProductId" to "text", "replacementMode" to "unknown-replacement-mode")))?.toJson()
    out += RequestSubscriptionIosProps.fromJson(mapOf("advancedCommerceData" to "text", "andDangerouslyFinishTransactionAutomatically" to true, "appAccountToken" to "text", "billingPlanType" to "unknown", "compactJWS" to "text", "promotionalOfferJWS" to mapOf("jws" to "text", "offerId" to "text"), "quantity" to 1, "sku" to "text", "winBackOffer" to mapOf("offerId" to "text"), "withOffer" to mapOf("identifier" to "text", "keyIdentifier" to "text", "nonce" to "text", "signature" to "text", "timestamp" to 1.0)))?.toJson()
    out += RequestSubscriptionPropsByPlatforms.fromJson(mapOf("apple" to mapOf("sku" to "text"), "google" to mapOf("skus" to listOf("text")))).toJson()
    out += RequestVerifyPurchaseWithIapkitAmazonProps.fromJson(mapOf("receiptId" to "text", "sandbox" to true, "userId" to "text"))?.toJson()
    out += RequestVerifyPurchaseWithIapkitAppleProps.fromJson(mapOf("jws" to "text"))?.toJson()
    out += RequestVerifyPurchaseWithIapkitGoogleProps.fromJson(mapOf("purchaseToken" to "text"))?.toJson()
    out += SubscriptionProductReplacementParamsAndroid.fromJson(mapOf("oldProductId" to "text", "replacementMode" to "unknown-replacement-mode"))?.toJson()
    out += VerifyPurchaseAppleOptions.fromJson(mapOf("sku" to "text"))?.toJson()
    out += VerifyPurchaseGoogleOptions.fromJson(mapOf("accessToken" to "text", "isSub" to true, "packageName" to "text", "purchaseToken" to "text", "sku" to "text"))?.toJson()
    out += VerifyPurchaseHorizonOptions.fromJson(mapOf("accessToken" to "text", "sku" to "text", "userId" to "text"))?.toJson()
    out += VerifyPurchaseProps.fromJson(mapOf("apple" to mapOf("sku" to "text"), "google" to mapOf("accessToken" to "text", "packageName" to "text", "purchaseToken" to "text", "sku" to "text"), "horizon" to mapOf("accessToken" to "text", "sku" to "text", "userId" to "text"))).toJson()
    out += VerifyPurchaseWithProviderProps.fromJson(mapOf("iapkit" to mapOf("apiKey" to "key", "includeClientPayload" to false), "provider" to "iapkit"))?.toJson()
    out += WinBackOfferInputIOS.fromJson(mapOf("offerId" to "text"))?.toJson()
    out += PurchaseError.fromJson(mapOf("code" to "network-error", "message" to "offline")).toJson()
    out += RequestVerifyPurchaseWithIapkitResult.fromJson(mapOf("store" to "apple", "isValid" to false, "state" to "expired")).toJson()
    out += UserChoiceBillingDetails.fromJson(mapOf("externalTransactionToken" to "external-token", "products" to listOf("sku"))).toJson()
    out += RequestVerifyPurchaseWithIapkitProps.fromJson(mapOf("apiKey" to "key", "includeClientPayload" to false)).toJson()
    out += RequestPurchaseProps.fromJson(mapOf("requestSubscription" to mapOf("google" to mapOf("skus" to listOf("sku"))), "type" to "subs")).toJson()
    return out.items
}

/** Every enum of upstream's API read from its wire string and written back. */
fun everyEnumThroughWireStrings(): List<String> = listOf(
    BillingChoiceImageLayoutAndroid.fromJson("rectangular-two-by-two").toJson(), BillingChoiceImageLayoutAndroid.RectangularFourByOne.rawValue,
    BillingChoiceScreenTypeAndroid.fromJson("google-rendered").toJson(), BillingChoiceScreenTypeAndroid.Unspecified.rawValue,
    BillingProgramAndroid.fromJson("billing-choice").toJson(), BillingProgramAndroid.Unspecified.rawValue,
    DeveloperBillingLaunchModeAndroid.fromJson("caller-will-launch-link").toJson(), DeveloperBillingLaunchModeAndroid.Unspecified.rawValue,
    DeveloperBillingTypeAndroid.fromJson("external-link").toJson(), DeveloperBillingTypeAndroid.DeveloperBillingTypeUnspecified.rawValue,
    DiscountOfferType.fromJson("one-time").toJson(), DiscountOfferType.Introductory.rawValue,
    ErrorCode.fromJson("duplicate-purchase").toJson(), ErrorCode.Unknown.rawValue,
    ExternalLinkLaunchModeAndroid.fromJson("caller-will-launch-link").toJson(), ExternalLinkLaunchModeAndroid.Unspecified.rawValue,
    ExternalLinkTypeAndroid.fromJson("link-to-app-download").toJson(), ExternalLinkTypeAndroid.Unspecified.rawValue,
    ExternalPurchaseCustomLinkNoticeTypeIOS.fromJson("browser").toJson(), ExternalPurchaseCustomLinkNoticeTypeIOS.Browser.rawValue,
    ExternalPurchaseCustomLinkTokenTypeIOS.fromJson("services").toJson(), ExternalPurchaseCustomLinkTokenTypeIOS.Acquisition.rawValue,
    ExternalPurchaseNoticeAction.fromJson("dismissed").toJson(), ExternalPurchaseNoticeAction.Continue.rawValue,
    IapEvent.fromJson("subscription-billing-issue").toJson(), IapEvent.PurchaseUpdated.rawValue,
    IapkitClientPayloadFormat.fromJson("text").toJson(), IapkitClientPayloadFormat.Toml.rawValue,
    IapkitPurchaseState.fromJson("inauthentic").toJson(), IapkitPurchaseState.Entitled.rawValue,
    IapPlatform.fromJson("android").toJson(), IapPlatform.Ios.rawValue,
    IapStore.fromJson("amazon").toJson(), IapStore.Unknown.rawValue,
    InAppMessageCategoryAndroid.fromJson("transactional").toJson(), InAppMessageCategoryAndroid.UnknownInAppMessageCategoryId.rawValue,
    InAppMessageResponseCodeAndroid.fromJson("subscription-status-updated").toJson(), InAppMessageResponseCodeAndroid.NoActionNeeded.rawValue,
    PaymentMode.fromJson("unknown").toJson(), PaymentMode.FreeTrial.rawValue,
    PaymentModeIOS.fromJson("pay-up-front").toJson(), PaymentModeIOS.Empty.rawValue,
    ProductQueryType.fromJson("all").toJson(), ProductQueryType.InApp.rawValue,
    ProductStatusAndroid.fromJson("unknown").toJson(), ProductStatusAndroid.Ok.rawValue,
    ProductType.fromJson("subs").toJson(), ProductType.InApp.rawValue,
    ProductTypeIOS.fromJson("subscription-suite").toJson(), ProductTypeIOS.Consumable.rawValue,
    PurchaseState.fromJson("unknown").toJson(), PurchaseState.Pending.rawValue,
    PurchaseVerificationProvider.fromJson("iapkit").toJson(), PurchaseVerificationProvider.Iapkit.rawValue,
    SubResponseCodeAndroid.fromJson("user-ineligible").toJson(), SubResponseCodeAndroid.NoApplicableSubResponseCode.rawValue,
    SubscriptionBillingPlanTypeIOS.fromJson("up-front").toJson(), SubscriptionBillingPlanTypeIOS.Unknown.rawValue,
    SubscriptionOfferTypeIOS.fromJson("win-back").toJson(), SubscriptionOfferTypeIOS.Introductory.rawValue,
    SubscriptionPeriodIOS.fromJson("empty").toJson(), SubscriptionPeriodIOS.Day.rawValue,
    SubscriptionPeriodUnit.fromJson("unknown").toJson(), SubscriptionPeriodUnit.Day.rawValue,
    SubscriptionReplacementModeAndroid.fromJson("keep-existing").toJson(), SubscriptionReplacementModeAndroid.UnknownReplacementMode.rawValue
)
