// An OpenIAP SDK for Android whose store lives in memory: the Kotlin
// counterpart of Tests/CrossLanguage/MemoryStore/MemoryStore.swift, with the
// same catalog, purchases, tokens, errors and verification, so that the
// Kotlin dispatcher over it answers what the Swift dispatcher over that one
// answers. DispatcherTests runs against it, and openiap-memory-store-kotlin
// (MemoryStoreBridge.kt) serves it to the cross-language test's node client.
//
// What it does (as the Swift one):
// - fetchProducts answers the catalog entries among the requested
//   identifiers, `empty-sku-list` for none;
// - requestPurchase of a known product delivers the new purchase to every
//   purchaseUpdated listener, then answers it (a subscription answers null);
//   an unknown product goes to the purchaseError listeners and is thrown as
//   `sku-not-found`, a non-consumable bought before as `already-owned`;
// - finishTransaction finishes a purchase it made once, `item-not-owned`
//   after that or for a purchase it does not know;
// - verifyPurchaseWithProvider (IAPKit) answers valid for a purchase it made
//   (`pending-acknowledgment` until finished, `entitled` after), `inauthentic`
//   otherwise;
// - getStorefront answers the storefront given, or throws an exception that
//   is not an OpenIAPException when given none;
// - Google Play's billing programs and Billing Choice are not available.

import dev.openiap.types.ActiveSubscription
import dev.openiap.types.BillingChoiceInfoAndroid
import dev.openiap.types.BillingProgramAndroid
import dev.openiap.types.BillingProgramAvailabilityResultAndroid
import dev.openiap.types.BillingProgramInformationDialogParamsAndroid
import dev.openiap.types.BillingProgramReportingDetailsAndroid
import dev.openiap.types.BillingResultAndroid
import dev.openiap.types.DeepLinkOptions
import dev.openiap.types.DeveloperBillingTypeAndroid
import dev.openiap.types.DeveloperProvidedBillingDetailsAndroid
import dev.openiap.types.ErrorCode
import dev.openiap.types.FetchProductsResult
import dev.openiap.types.FetchProductsResultAll
import dev.openiap.types.FetchProductsResultProducts
import dev.openiap.types.FetchProductsResultSubscriptions
import dev.openiap.types.GetBillingChoiceInfoParamsAndroid
import dev.openiap.types.IapPlatform
import dev.openiap.types.IapStore
import dev.openiap.types.IapkitPurchaseState
import dev.openiap.types.InAppMessageParamsAndroid
import dev.openiap.types.InAppMessageResultAndroid
import dev.openiap.types.InitConnectionConfig
import dev.openiap.types.LaunchExternalLinkParamsAndroid
import dev.openiap.types.OpenIAPAndroidOperations
import dev.openiap.types.OpenIAPException
import dev.openiap.types.OpenIAPListener
import dev.openiap.types.ProductAndroid
import dev.openiap.types.ProductOrSubscription
import dev.openiap.types.ProductQueryType
import dev.openiap.types.ProductRequest
import dev.openiap.types.ProductSubscriptionAndroid
import dev.openiap.types.ProductType
import dev.openiap.types.Purchase
import dev.openiap.types.PurchaseAndroid
import dev.openiap.types.PurchaseError
import dev.openiap.types.PurchaseIOS
import dev.openiap.types.PurchaseInput
import dev.openiap.types.PurchaseOptions
import dev.openiap.types.PurchaseState
import dev.openiap.types.PurchaseUpdatedListenerOptions
import dev.openiap.types.RequestPurchaseProps
import dev.openiap.types.RequestPurchaseResult
import dev.openiap.types.RequestPurchaseResultPurchases
import dev.openiap.types.RequestVerifyPurchaseWithIapkitResult
import dev.openiap.types.UserChoiceBillingDetails
import dev.openiap.types.VerifyPurchaseProps
import dev.openiap.types.VerifyPurchaseResult
import dev.openiap.types.VerifyPurchaseWithProviderProps
import dev.openiap.types.VerifyPurchaseWithProviderResult

class MemoryStore(
    val store: IapStore = IapStore.Google,
    private val catalog: List<Item> = defaultCatalog,
    private val storefront: String? = "US"
) : OpenIAPAndroidOperations {
    /** A product of the catalog. */
    class Item(val id: String, val title: String, val type: ProductType, val price: Double, val isConsumable: Boolean = false)

    /** One purchase made here; finishing it acknowledges it. */
    private class Made(val number: Int, val sku: String, val isSubscription: Boolean) {
        val id = "purchase-$number"
        val token = token(number)
        var acknowledged = false
    }

    /** What getStorefront throws without a storefront. */
    class NoStorefront : Exception("NoStorefront")

    companion object {
        val defaultCatalog = listOf(
            Item("com.example.coins_100", "100 Coins", ProductType.InApp, 0.99, isConsumable = true),
            Item("com.example.premium", "Premium", ProductType.InApp, 4.99),
            Item("com.example.monthly", "Monthly", ProductType.Subs, 2.99)
        )

        /** The purchase token (and Amazon receipt id) of the [number]th purchase, as long as IAPKit wants. */
        fun token(number: Int): String = "memory-store-token-" + number.toString().padStart(4, '0')

        private fun failure(code: ErrorCode, message: String, productId: String? = null) =
            OpenIAPException(PurchaseError(code = code, message = message, productId = productId))

        private fun unavailable(what: String) = failure(ErrorCode.FeatureNotSupported, "the memory store has no $what")

        private fun displayPrice(price: Double): String =
            if (price.isNaN() || price.isInfinite()) "$?" else "$" + String.format(java.util.Locale.ROOT, "%.2f", price)
    }

    private val lock = Any()
    private val purchases = ArrayList<Made>()
    private val finished = HashSet<String>()
    private var made = 0
    private val updated = Listeners<Purchase>()
    private val failed = Listeners<PurchaseError>()
    private val billingIssues = Listeners<Purchase>()
    private val userChoices = Listeners<UserChoiceBillingDetails>()
    private val developerBilling = Listeners<DeveloperProvidedBillingDetailsAndroid>()

    /** How many purchaseUpdated listeners are registered. */
    val purchaseUpdatedListenerCount: Int get() = updated.count

    // Connection

    override suspend fun initConnection(config: InitConnectionConfig?): Boolean = true

    override suspend fun endConnection(): Boolean = true

    // Products

    override suspend fun fetchProducts(params: ProductRequest): FetchProductsResult {
        if (params.skus.isEmpty()) throw failure(ErrorCode.EmptySkuList, "the request names no product")
        val items = catalog.filter { params.skus.contains(it.id) }
        return when (params.type ?: ProductQueryType.InApp) {
            ProductQueryType.Subs -> FetchProductsResultSubscriptions(items.filter { it.type == ProductType.Subs }.map { subscription(it) })
            ProductQueryType.All -> FetchProductsResultAll(items.map {
                if (it.type == ProductType.Subs) ProductOrSubscription.ProductSubscriptionItem(subscription(it))
                else ProductOrSubscription.ProductItem(product(it))
            })
            else -> FetchProductsResultProducts(items.filter { it.type != ProductType.Subs }.map { product(it) })
        }
    }

    private fun product(item: Item) = ProductAndroid(
        id = item.id, title = item.title, description = "${item.title}, from the memory store.", type = item.type,
        displayPrice = displayPrice(item.price), currency = "USD", price = item.price, platform = IapPlatform.Android,
        nameAndroid = item.title
    )

    private fun subscription(item: Item) = ProductSubscriptionAndroid(
        id = item.id, title = item.title, description = "${item.title}, from the memory store.", type = item.type,
        displayPrice = displayPrice(item.price), currency = "USD", price = item.price, platform = IapPlatform.Android,
        nameAndroid = item.title, subscriptionOffers = emptyList()
    )

    override suspend fun getStorefront(): String = storefront ?: throw NoStorefront()

    // Purchases

    override suspend fun requestPurchase(params: RequestPurchaseProps): RequestPurchaseResult? {
        val skus = params.requestPurchase?.google?.skus ?: params.requestSubscription?.google?.skus ?: emptyList()
        val sku = skus.firstOrNull() ?: throw failure(ErrorCode.DeveloperError, "the request has no Android props naming a product")
        val item = catalog.firstOrNull { it.id == sku }
        if (item == null) {
            val error = PurchaseError(code = ErrorCode.SkuNotFound, message = "no product '$sku' in the memory store", productId = sku)
            failed.send(error)
            throw OpenIAPException(error)
        }
        val purchase = synchronized(lock) {
            if (!item.isConsumable && purchases.any { it.sku == sku }) {
                throw failure(ErrorCode.AlreadyOwned, "'$sku' was bought already", productId = sku)
            }
            made += 1
            Made(made, sku, item.type == ProductType.Subs).also { purchases.add(it) }
        }
        updated.send(wrapped(purchase))
        return if (purchase.isSubscription) null else RequestPurchaseResultPurchases(listOf(wrapped(purchase)))
    }

    /** [made] as a Purchase of this store. */
    private fun wrapped(made: Made): Purchase = PurchaseAndroid(
        id = made.id, productId = made.sku, transactionDate = 1_784_160_000_000.0 + made.number, purchaseToken = made.token,
        store = store, quantity = 1, purchaseState = PurchaseState.Purchased, isAutoRenewing = made.isSubscription,
        isAcknowledgedAndroid = made.acknowledged
    )

    override suspend fun finishTransaction(purchase: PurchaseInput, isConsumable: Boolean?) {
        val id = idOf(purchase) ?: throw failure(ErrorCode.ItemNotOwned, "no unfinished purchase of a store this version does not know")
        finish(isConsumable ?: false, "purchase '$id'") { it.id == id }
    }

    /** The identifier of a purchase of any store; null for a member this version does not know. */
    private fun idOf(purchase: Purchase): String? = when (purchase) {
        is PurchaseIOS -> purchase.id
        is PurchaseAndroid -> purchase.id
        is Purchase.Unrecognized -> null
    }

    override suspend fun acknowledgePurchaseAndroid(purchaseToken: String): Boolean {
        finish(false, "purchase token '$purchaseToken'") { it.token == purchaseToken }
        return true
    }

    override suspend fun consumePurchaseAndroid(purchaseToken: String): Boolean {
        finish(true, "purchase token '$purchaseToken'") { it.token == purchaseToken }
        return true
    }

    /** Finishes the unfinished purchase that [matches]; consuming it also forgets it, so that it can be bought again. */
    private fun finish(consume: Boolean, what: String, matches: (Made) -> Boolean) = synchronized(lock) {
        val found = purchases.firstOrNull { matches(it) && !finished.contains(it.id) }
            ?: throw failure(ErrorCode.ItemNotOwned, "no unfinished $what")
        finished.add(found.id)
        found.acknowledged = true
        if (consume) purchases.remove(found)
    }

    override suspend fun getAvailablePurchases(options: PurchaseOptions?): List<Purchase> = synchronized(lock) { purchases.map { wrapped(it) } }

    override suspend fun getActiveSubscriptions(subscriptionIds: List<String>?): List<ActiveSubscription> = emptyList()

    override suspend fun hasActiveSubscriptions(subscriptionIds: List<String>?): Boolean = synchronized(lock) {
        purchases.any { purchase ->
            catalog.any { it.id == purchase.sku && it.type == ProductType.Subs } && (subscriptionIds ?: listOf(purchase.sku)).contains(purchase.sku)
        }
    }

    override suspend fun restorePurchases() {}

    override suspend fun deepLinkToSubscriptions(options: DeepLinkOptions?) {}

    override suspend fun openRedeemOfferCodeAndroid(): Boolean = false

    // Verification

    override suspend fun verifyPurchase(options: VerifyPurchaseProps): VerifyPurchaseResult =
        throw failure(ErrorCode.PurchaseVerificationFailed, "the memory store has no server to verify with")

    override suspend fun verifyPurchaseWithProvider(options: VerifyPurchaseWithProviderProps): VerifyPurchaseWithProviderResult {
        // The purchase of this store that the request names: by its token on
        // Google Play and Amazon (the receipt id), by its product on Horizon.
        val matches: (Made) -> Boolean
        when (store) {
            IapStore.Horizon -> {
                val sku = options.iapkit?.horizon?.sku ?: throw failure(ErrorCode.DeveloperError, "options.iapkit.horizon.sku is needed on Horizon")
                matches = { made -> made.sku == sku }
            }
            IapStore.Amazon -> {
                val receipt = options.iapkit?.amazon?.receiptId
                    ?: throw failure(ErrorCode.DeveloperError, "options.iapkit.amazon.receiptId is needed on Amazon")
                matches = { made -> made.token == receipt }
            }
            else -> {
                val token = options.iapkit?.google?.purchaseToken
                    ?: throw failure(ErrorCode.DeveloperError, "options.iapkit.google.purchaseToken is needed on Google Play")
                matches = { made -> made.token == token }
            }
        }
        val result = synchronized(lock) {
            val purchase = purchases.lastOrNull(matches)
            if (purchase != null) {
                val state = if (finished.contains(purchase.id)) IapkitPurchaseState.Entitled else IapkitPurchaseState.PendingAcknowledgment
                RequestVerifyPurchaseWithIapkitResult(store = store, isValid = true, state = state, productId = purchase.sku)
            } else {
                RequestVerifyPurchaseWithIapkitResult(store = store, isValid = false, state = IapkitPurchaseState.Inauthentic)
            }
        }
        return VerifyPurchaseWithProviderResult(provider = options.provider, iapkit = result)
    }

    // Google Play billing programs, which the memory store lacks

    override suspend fun isBillingProgramAvailableAndroid(program: BillingProgramAndroid): BillingProgramAvailabilityResultAndroid =
        throw unavailable("billing programs")

    override suspend fun createBillingProgramReportingDetailsAndroid(
        program: BillingProgramAndroid, developerBillingType: DeveloperBillingTypeAndroid?
    ): BillingProgramReportingDetailsAndroid = throw unavailable("billing programs")

    override suspend fun launchExternalLinkAndroid(params: LaunchExternalLinkParamsAndroid): Boolean = throw unavailable("external links")

    override suspend fun getBillingChoiceInfoAndroid(params: GetBillingChoiceInfoParamsAndroid): BillingChoiceInfoAndroid =
        throw unavailable("Billing Choice screen")

    override suspend fun showBillingProgramInformationDialogAndroid(params: BillingProgramInformationDialogParamsAndroid): BillingResultAndroid =
        throw unavailable("billing program dialogs")

    override suspend fun showInAppMessagesAndroid(params: InAppMessageParamsAndroid?): InAppMessageResultAndroid = throw unavailable("in-app messages")

    // Events

    override fun purchaseUpdated(options: PurchaseUpdatedListenerOptions?, listener: (Purchase) -> Unit): OpenIAPListener = updated.add(listener)

    override fun purchaseError(listener: (PurchaseError) -> Unit): OpenIAPListener = failed.add(listener)

    override fun subscriptionBillingIssue(listener: (Purchase) -> Unit): OpenIAPListener = billingIssues.add(listener)

    override fun userChoiceBillingAndroid(listener: (UserChoiceBillingDetails) -> Unit): OpenIAPListener = userChoices.add(listener)

    override fun developerProvidedBillingAndroid(listener: (DeveloperProvidedBillingDetailsAndroid) -> Unit): OpenIAPListener =
        developerBilling.add(listener)
}

/** The listeners of one event: each gets every payload sent after it was added, until its handle removes it. */
class Listeners<Payload> {
    private val listeners = LinkedHashMap<Int, (Payload) -> Unit>()
    private var added = 0

    val count: Int get() = synchronized(this) { listeners.size }

    fun add(listener: (Payload) -> Unit): OpenIAPListener {
        val id = synchronized(this) {
            added += 1
            listeners[added] = listener
            added
        }
        return object : OpenIAPListener {
            override fun remove() {
                synchronized(this@Listeners) { listeners.remove(id) }
            }
        }
    }

    fun send(payload: Payload) {
        val all = synchronized(this) { listeners.values.toList() }
        for (listener in all) listener(payload)
    }
}
