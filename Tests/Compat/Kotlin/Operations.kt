// Compatibility corpus, part 3 of 4: every operation of the 3.2.1 API, the two ways the
// SDKs reach them. kmp-iap implements upstream's resolver interfaces (QueryResolver,
// MutationResolver, SubscriptionResolver) with `override suspend fun`; openiap-google
// implements each operation as a property of the generated handler typealias
// (`MutationInitConnectionHandler`, …) and collects them in QueryHandlers / MutationHandlers /
// SubscriptionHandlers. Void results are `Unit`; events are suspend functions that answer the
// next payload.
@file:Suppress("UNUSED_VARIABLE", "UNUSED_PARAMETER")

package compat.corpus

import dev.hyo.openiap.*

private val samplePurchase: PurchaseAndroid = PlayConverters.purchase("opaque-play-purchase-token", PurchaseState.Purchased)
private val sampleReceipt: PurchaseIOS = PlayConverters.iosReceipt()

/** kmp-iap's shape: one object implementing upstream's three resolver interfaces. */
object SampleStore : QueryResolver, MutationResolver, SubscriptionResolver {
    // Queries
    override suspend fun canPresentExternalPurchaseNoticeIOS(): Boolean = false
    override suspend fun currentEntitlementIOS(sku: String): PurchaseIOS? = sampleReceipt
    override suspend fun fetchProducts(params: ProductRequest): FetchProductsResult =
        // With `else` for the in-app case: an exhaustive `when` over an enum is in Differences.kt.
        when (params.type ?: ProductQueryType.InApp) {
            ProductQueryType.Subs -> FetchProductsResultSubscriptions(params.skus.map { PlayConverters.subscriptionProduct(it) })
            ProductQueryType.All -> FetchProductsResultAll(params.skus.map { ProductOrSubscription.ProductItem(PlayConverters.inAppProduct(it, ProductStatusAndroid.Ok)) })
            else -> FetchProductsResultProducts(params.skus.map { PlayConverters.inAppProduct(it, ProductStatusAndroid.Ok) })
        }
    override suspend fun getActiveSubscriptions(subscriptionIds: List<String>?): List<ActiveSubscription> =
        listOf(PlayConverters.activeSubscription(samplePurchase))
    override suspend fun getAllTransactionsIOS(): List<PurchaseIOS> = listOf(sampleReceipt)
    override suspend fun getAppTransactionIOS(): AppTransaction? = null
    override suspend fun getAvailablePurchases(options: PurchaseOptions?): List<Purchase> = listOf(samplePurchase, sampleReceipt)
    override suspend fun getBillingChoiceInfoAndroid(params: GetBillingChoiceInfoParamsAndroid): BillingChoiceInfoAndroid =
        BillingChoiceInfoAndroid(playBillingChoiceImageUrl = "https://play.google.com/choice.png", playBillingLoyaltyInfo = params.userLocale)
    override suspend fun getExternalPurchaseCustomLinkTokenIOS(tokenType: ExternalPurchaseCustomLinkTokenTypeIOS): ExternalPurchaseCustomLinkTokenResultIOS =
        ExternalPurchaseCustomLinkTokenResultIOS(token = tokenType.rawValue)
    override suspend fun getPendingTransactionsIOS(): List<PurchaseIOS> = emptyList()
    override suspend fun getPromotedProductIOS(): ProductIOS? = null
    override suspend fun getReceiptDataIOS(): String? = null
    override suspend fun getStorefront(): String = "US"
    override suspend fun getTransactionJwsIOS(sku: String): String? = sampleReceipt.purchaseToken
    override suspend fun hasActiveSubscriptions(subscriptionIds: List<String>?): Boolean = true
    override suspend fun isEligibleForExternalPurchaseCustomLinkIOS(): Boolean = false
    override suspend fun isEligibleForIntroOfferIOS(groupID: String): Boolean = true
    override suspend fun isTransactionVerifiedIOS(sku: String): Boolean = true
    override suspend fun latestTransactionIOS(sku: String): PurchaseIOS? = sampleReceipt
    override suspend fun subscriptionStatusIOS(sku: String): List<SubscriptionStatusIOS> =
        listOf(SubscriptionStatusIOS(state = "subscribed", renewalInfo = RenewalInfoIOS(willAutoRenew = true)))

    // Mutations
    override suspend fun acknowledgePurchaseAndroid(purchaseToken: String): Boolean = true
    override suspend fun beginRefundRequestIOS(sku: String): String? = null
    override suspend fun clearTransactionIOS(): Boolean = true
    override suspend fun consumePurchaseAndroid(purchaseToken: String): Boolean = true
    override suspend fun createBillingProgramReportingDetailsAndroid(
        program: BillingProgramAndroid,
        developerBillingType: DeveloperBillingTypeAndroid?
    ): BillingProgramReportingDetailsAndroid =
        BillingProgramReportingDetailsAndroid(billingProgram = program, externalTransactionToken = "external-token")
    override suspend fun deepLinkToSubscriptions(options: DeepLinkOptions?) {}
    override suspend fun endConnection(): Boolean = true
    override suspend fun finishTransaction(purchase: PurchaseInput, isConsumable: Boolean?) {
        when (purchase) {
            is PurchaseAndroid -> if (isConsumable == true) consumePurchaseAndroid(purchase.purchaseToken ?: "") else acknowledgePurchaseAndroid(purchase.purchaseToken ?: "")
            is PurchaseIOS -> Unit
        }
    }
    override suspend fun initConnection(config: InitConnectionConfig?): Boolean = config?.enableBillingProgramAndroid != BillingProgramAndroid.Unspecified
    override suspend fun isBillingProgramAvailableAndroid(program: BillingProgramAndroid): BillingProgramAvailabilityResultAndroid =
        BillingProgramAvailabilityResultAndroid(billingProgram = program, isAvailable = false)
    override suspend fun launchExternalLinkAndroid(params: LaunchExternalLinkParamsAndroid): Boolean = params.linkUri.isNotEmpty()
    override suspend fun openRedeemOfferCodeAndroid(): Boolean = true
    override suspend fun presentCodeRedemptionSheetIOS(): PurchaseIOS? = null
    override suspend fun presentExternalPurchaseLinkIOS(url: String): ExternalPurchaseLinkResultIOS = ExternalPurchaseLinkResultIOS(success = false, error = url)
    override suspend fun presentExternalPurchaseNoticeSheetIOS(): ExternalPurchaseNoticeResultIOS =
        ExternalPurchaseNoticeResultIOS(result = ExternalPurchaseNoticeAction.Dismissed)
    override suspend fun requestPurchase(params: RequestPurchaseProps): RequestPurchaseResult? =
        RequestPurchaseResultPurchases(listOf(samplePurchase))
    override suspend fun restorePurchases() {}
    override suspend fun showBillingProgramInformationDialogAndroid(params: BillingProgramInformationDialogParamsAndroid): BillingResultAndroid =
        BillingResultAndroid(responseCode = 0, debugMessage = params.externalTransactionToken)
    override suspend fun showExternalPurchaseCustomLinkNoticeIOS(noticeType: ExternalPurchaseCustomLinkNoticeTypeIOS): ExternalPurchaseCustomLinkNoticeResultIOS =
        ExternalPurchaseCustomLinkNoticeResultIOS(continued = false)
    override suspend fun showInAppMessagesAndroid(params: InAppMessageParamsAndroid?): InAppMessageResultAndroid =
        InAppMessageResultAndroid(responseCode = InAppMessageResponseCodeAndroid.NoActionNeeded)
    override suspend fun showManageSubscriptionsIOS(): List<PurchaseIOS> = emptyList()
    override suspend fun syncIOS(): Boolean = true
    override suspend fun verifyPurchase(options: VerifyPurchaseProps): VerifyPurchaseResult =
        VerifyPurchaseResultIOS(isValid = true, jwsRepresentation = "jws", receiptData = "receipt")
    override suspend fun verifyPurchaseWithProvider(options: VerifyPurchaseWithProviderProps): VerifyPurchaseWithProviderResult =
        VerifyPurchaseWithProviderResult(
            iapkit = RequestVerifyPurchaseWithIapkitResult(isValid = true, state = IapkitPurchaseState.Entitled, store = IapStore.Google),
            provider = options.provider
        )

    // Events (upstream's SubscriptionResolver): each answers the next payload.
    override suspend fun developerProvidedBillingAndroid(): DeveloperProvidedBillingDetailsAndroid =
        DeveloperProvidedBillingDetailsAndroid(products = emptyList())
    override suspend fun promotedProductIOS(): String = "dev.hyo.martie.premium"
    override suspend fun purchaseError(): PurchaseError = PurchaseError(code = ErrorCode.UserCancelled, message = "cancelled")
    override suspend fun purchaseUpdated(options: PurchaseUpdatedListenerOptions?): Purchase = samplePurchase
    override suspend fun subscriptionBillingIssue(): Purchase = samplePurchase
    override suspend fun userChoiceBillingAndroid(): UserChoiceBillingDetails =
        UserChoiceBillingDetails(externalTransactionToken = "external-token", products = listOf("dev.hyo.martie.premium"))
}

/** App code calling every operation through the resolver interfaces. */
suspend fun callEveryOperation(queries: QueryResolver, mutations: MutationResolver, events: SubscriptionResolver): List<Any?> {
    val out = Collected()
    // Queries
    out += queries.canPresentExternalPurchaseNoticeIOS()
    out += queries.currentEntitlementIOS(sku = "dev.hyo.martie.premium")?.transactionId
    val fetched: FetchProductsResult = queries.fetchProducts(ProductRequest(skus = listOf("dev.hyo.martie.coins"), type = ProductQueryType.InApp))
    out += fetched
    val active: List<ActiveSubscription> = queries.getActiveSubscriptions(listOf("dev.hyo.martie.premium"))
    out += active.map { it.isActive }
    out += queries.getActiveSubscriptions()
    out += queries.getAllTransactionsIOS()
    out += queries.getAppTransactionIOS()?.bundleId
    val owned: List<Purchase> = queries.getAvailablePurchases(PurchaseOptions(includeSuspendedAndroid = true))
    out += owned.map { it.productId }
    out += queries.getAvailablePurchases()
    out += queries.getBillingChoiceInfoAndroid(GetBillingChoiceInfoParamsAndroid(userLocale = "ja-JP")).playBillingChoiceImageUrl
    out += queries.getExternalPurchaseCustomLinkTokenIOS(ExternalPurchaseCustomLinkTokenTypeIOS.Acquisition).token
    out += queries.getPendingTransactionsIOS()
    out += queries.getPromotedProductIOS()?.typeIOS
    out += queries.getReceiptDataIOS()
    val storefront: String = queries.getStorefront()
    out += storefront
    out += queries.getTransactionJwsIOS("dev.hyo.martie.coins")
    out += queries.hasActiveSubscriptions(subscriptionIds = null)
    out += queries.isEligibleForExternalPurchaseCustomLinkIOS()
    out += queries.isEligibleForIntroOfferIOS(groupID = "21430000")
    out += queries.isTransactionVerifiedIOS("dev.hyo.martie.coins")
    out += queries.latestTransactionIOS("dev.hyo.martie.coins")
    out += queries.subscriptionStatusIOS("dev.hyo.martie.premium").map { it.renewalInfo?.willAutoRenew }

    // Mutations
    out += mutations.acknowledgePurchaseAndroid(purchaseToken = "opaque-play-purchase-token")
    out += mutations.beginRefundRequestIOS("dev.hyo.martie.coins")
    out += mutations.clearTransactionIOS()
    out += mutations.consumePurchaseAndroid("opaque-play-purchase-token")
    out += mutations.createBillingProgramReportingDetailsAndroid(BillingProgramAndroid.BillingChoice).externalTransactionToken
    out += mutations.createBillingProgramReportingDetailsAndroid(
        program = BillingProgramAndroid.BillingChoice,
        developerBillingType = DeveloperBillingTypeAndroid.ExternalLink
    )
    val deepLinked: Unit = mutations.deepLinkToSubscriptions(DeepLinkOptions(skuAndroid = "dev.hyo.martie.premium", packageNameAndroid = "dev.hyo.martie"))
    out += deepLinked
    out += mutations.endConnection()
    val finished: VoidResult = mutations.finishTransaction(purchase = samplePurchase, isConsumable = false)
    out += finished
    mutations.finishTransaction(sampleReceipt)
    out += mutations.initConnection(InitConnectionConfig(enableBillingProgramAndroid = BillingProgramAndroid.UserChoiceBilling))
    out += mutations.initConnection()
    out += mutations.isBillingProgramAvailableAndroid(BillingProgramAndroid.ExternalPayments).isAvailable
    out += mutations.launchExternalLinkAndroid(
        LaunchExternalLinkParamsAndroid(
            billingProgram = BillingProgramAndroid.ExternalContentLink,
            launchMode = ExternalLinkLaunchModeAndroid.LaunchInExternalBrowserOrApp,
            linkType = ExternalLinkTypeAndroid.LinkToAppDownload,
            linkUri = "https://example.com/app"
        )
    )
    out += mutations.openRedeemOfferCodeAndroid()
    out += mutations.presentCodeRedemptionSheetIOS()?.productId
    out += mutations.presentExternalPurchaseLinkIOS("https://example.com/buy").success
    out += mutations.presentExternalPurchaseNoticeSheetIOS().externalPurchaseToken
    val requested: RequestPurchaseResult? = mutations.requestPurchase(RequestPurchaseProps.fromJson(BridgePayloads.requestPurchase))
    out += requested
    val restored: Unit = mutations.restorePurchases()
    out += restored
    out += mutations.showBillingProgramInformationDialogAndroid(BillingProgramInformationDialogParamsAndroid(externalTransactionToken = "token")).responseCode
    out += mutations.showExternalPurchaseCustomLinkNoticeIOS(ExternalPurchaseCustomLinkNoticeTypeIOS.Browser).continued
    out += mutations.showInAppMessagesAndroid(InAppMessageParamsAndroid(categories = listOf(InAppMessageCategoryAndroid.Transactional))).purchaseToken
    out += mutations.showInAppMessagesAndroid()
    out += mutations.showManageSubscriptionsIOS()
    out += mutations.syncIOS()
    out += mutations.verifyPurchase(VerifyPurchaseProps(apple = VerifyPurchaseAppleOptions(sku = "dev.hyo.martie.coins")))
    out += mutations.verifyPurchaseWithProvider(
        VerifyPurchaseWithProviderProps(
            provider = PurchaseVerificationProvider.Iapkit,
            iapkit = RequestVerifyPurchaseWithIapkitProps(
                apiKey = "iapkit-api-key",
                apple = RequestVerifyPurchaseWithIapkitAppleProps(jws = "header.payload.signature")
            )
        )
    ).iapkit?.isValid

    // Events
    out += events.developerProvidedBillingAndroid().externalTransactionToken
    out += events.promotedProductIOS()
    val error: PurchaseError = events.purchaseError()
    out += error.code
    val updated: Purchase = events.purchaseUpdated(PurchaseUpdatedListenerOptions(dedupeTransactionIOS = true))
    out += updated.purchaseToken
    out += events.purchaseUpdated()
    out += events.subscriptionBillingIssue().productId
    out += events.userChoiceBillingAndroid().products
    return out.items
}

/** openiap-google's shape: each operation a property of upstream's handler typealias. */
class PlayStyleModule {
    val initConnection: MutationInitConnectionHandler = { config -> config?.enableBillingProgramAndroid != null }
    val endConnection: MutationEndConnectionHandler = { true }
    val fetchProducts: QueryFetchProductsHandler = { params ->
        FetchProductsResultProducts(params.skus.map { PlayConverters.inAppProduct(it, ProductStatusAndroid.Ok) })
    }
    val getAvailablePurchases: QueryGetAvailablePurchasesHandler = { _ -> listOf(samplePurchase) }
    val getActiveSubscriptions: QueryGetActiveSubscriptionsHandler = { _ -> listOf(PlayConverters.activeSubscription(samplePurchase)) }
    val hasActiveSubscriptions: QueryHasActiveSubscriptionsHandler = { ids -> ids.orEmpty().isNotEmpty() }
    val requestPurchase: MutationRequestPurchaseHandler = { _ -> RequestPurchaseResultPurchases(listOf(samplePurchase)) }
    val finishTransaction: MutationFinishTransactionHandler = { purchase, _ -> check(purchase.productId.isNotEmpty()) }
    val acknowledgePurchaseAndroid: MutationAcknowledgePurchaseAndroidHandler = { token -> token.isNotEmpty() }
    val consumePurchaseAndroid: MutationConsumePurchaseAndroidHandler = { token -> token.isNotEmpty() }
    val restorePurchases: MutationRestorePurchasesHandler = { Unit }
    val deepLinkToSubscriptions: MutationDeepLinkToSubscriptionsHandler = { _ -> }
    val verifyPurchase: MutationVerifyPurchaseHandler = { _ ->
        VerifyPurchaseResultIOS(isValid = true, jwsRepresentation = "jws", receiptData = "receipt")
    }
    val verifyPurchaseWithProvider: MutationVerifyPurchaseWithProviderHandler = { props ->
        VerifyPurchaseWithProviderResult(iapkit = null, provider = props.provider)
    }
    private val purchaseError: SubscriptionPurchaseErrorHandler = { PurchaseError(code = ErrorCode.UserCancelled, message = "cancelled") }
    private val purchaseUpdated: SubscriptionPurchaseUpdatedHandler = { _ -> samplePurchase }
    private val subscriptionBillingIssue: SubscriptionSubscriptionBillingIssueHandler = { samplePurchase }
    private val userChoiceBillingAndroid: SubscriptionUserChoiceBillingAndroidHandler = {
        UserChoiceBillingDetails(externalTransactionToken = "external-token", products = emptyList())
    }
    private val developerProvidedBillingAndroid: SubscriptionDeveloperProvidedBillingAndroidHandler = {
        DeveloperProvidedBillingDetailsAndroid(products = emptyList())
    }

    val queryHandlers: QueryHandlers = QueryHandlers(
        fetchProducts = fetchProducts,
        getActiveSubscriptions = getActiveSubscriptions,
        getAvailablePurchases = getAvailablePurchases,
        getBillingChoiceInfoAndroid = { params -> SampleStore.getBillingChoiceInfoAndroid(params) },
        getStorefront = { "US" },
        hasActiveSubscriptions = hasActiveSubscriptions
    )

    val mutationHandlers: MutationHandlers = MutationHandlers(
        acknowledgePurchaseAndroid = acknowledgePurchaseAndroid,
        consumePurchaseAndroid = consumePurchaseAndroid,
        createBillingProgramReportingDetailsAndroid = { program, developerBillingType ->
            SampleStore.createBillingProgramReportingDetailsAndroid(program, developerBillingType)
        },
        deepLinkToSubscriptions = deepLinkToSubscriptions,
        endConnection = endConnection,
        finishTransaction = finishTransaction,
        initConnection = initConnection,
        isBillingProgramAvailableAndroid = { program -> SampleStore.isBillingProgramAvailableAndroid(program) },
        launchExternalLinkAndroid = { params -> SampleStore.launchExternalLinkAndroid(params) },
        openRedeemOfferCodeAndroid = { true },
        requestPurchase = requestPurchase,
        restorePurchases = restorePurchases,
        showBillingProgramInformationDialogAndroid = { params -> SampleStore.showBillingProgramInformationDialogAndroid(params) },
        showInAppMessagesAndroid = { params -> SampleStore.showInAppMessagesAndroid(params) },
        verifyPurchase = verifyPurchase,
        verifyPurchaseWithProvider = verifyPurchaseWithProvider
    )

    val subscriptionHandlers: SubscriptionHandlers = SubscriptionHandlers(
        developerProvidedBillingAndroid = developerProvidedBillingAndroid,
        purchaseError = purchaseError,
        purchaseUpdated = purchaseUpdated,
        subscriptionBillingIssue = subscriptionBillingIssue,
        userChoiceBillingAndroid = userChoiceBillingAndroid
    )
}

/** The bridges call the handler properties directly or through the handler collections. */
suspend fun callThroughHandlers(module: PlayStyleModule): List<Any?> {
    val out = Collected()
    out += module.initConnection.invoke(InitConnectionConfig.fromJson(BridgePayloads.initConnection))
    out += module.fetchProducts(ProductRequest(listOf("dev.hyo.martie.coins"), ProductQueryType.InApp))
    out += module.finishTransaction(PurchaseAndroid.fromJson(BridgePayloads.purchaseAndroid), true)
    out += module.queryHandlers.getActiveSubscriptions?.invoke(null)?.map { ActiveSubscription.fromJson(it.toJson()) }
    out += module.queryHandlers.hasActiveSubscriptions?.invoke(listOf("dev.hyo.martie.premium")) ?: false
    out += module.queryHandlers.getStorefront?.invoke().orEmpty()
    out += module.mutationHandlers.restorePurchases?.invoke()
    out += module.mutationHandlers.deepLinkToSubscriptions?.invoke(DeepLinkOptions(skuAndroid = "dev.hyo.martie.premium"))
    out += module.subscriptionHandlers.purchaseUpdated?.invoke(null)?.productId
    return out.items
}

/** Collects what the corpus reads, so that every value is used. */
class Collected {
    val items = ArrayList<Any?>()

    operator fun plusAssign(value: Any?) {
        items.add(value)
    }
}
