// JUnit tests of the generated OpenIAPDispatcher over a small Android SDK in
// memory: results, the developer errors the bridge makes (with their field
// paths), not-supported by store and by interface, errors the SDK throws,
// listeners over the bridge, and hostile messages. The messages and the
// replies they must get are those of Tests/OpenIAPTypesTests/DispatcherTests.swift
// for the Swift dispatcher, so that a bridge answers the same on both platforms.

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
import dev.openiap.types.FetchProductsReply
import dev.openiap.types.FetchProductsResult
import dev.openiap.types.GetBillingChoiceInfoParamsAndroid
import dev.openiap.types.GetStorefrontReply
import dev.openiap.types.IapPlatform
import dev.openiap.types.IapStore
import dev.openiap.types.InAppMessageParamsAndroid
import dev.openiap.types.InAppMessageResultAndroid
import dev.openiap.types.InitConnectionConfig
import dev.openiap.types.LaunchExternalLinkParamsAndroid
import dev.openiap.types.OpenIAPAndroidOperations
import dev.openiap.types.OpenIAPCommonOperations
import dev.openiap.types.OpenIAPDispatcher
import dev.openiap.types.OpenIAPException
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.OpenIAPListener
import dev.openiap.types.OpenIAPReply
import dev.openiap.types.OpenIAPTypeRegistry
import dev.openiap.types.Product
import dev.openiap.types.ProductAndroid
import dev.openiap.types.ProductRequest
import dev.openiap.types.ProductType
import dev.openiap.types.Purchase
import dev.openiap.types.PurchaseAndroid
import dev.openiap.types.PurchaseError
import dev.openiap.types.PurchaseInput
import dev.openiap.types.PurchaseOptions
import dev.openiap.types.PurchaseState
import dev.openiap.types.PurchaseUpdatedListenerOptions
import dev.openiap.types.RequestPurchaseProps
import dev.openiap.types.RequestPurchaseResult
import dev.openiap.types.UserChoiceBillingDetails
import dev.openiap.types.VerifyPurchaseProps
import dev.openiap.types.VerifyPurchaseResult
import dev.openiap.types.VerifyPurchaseWithProviderProps
import dev.openiap.types.VerifyPurchaseWithProviderResult
import dev.openiap.types.VoidResult
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import kotlin.coroutines.startCoroutine

/** An Android SDK in memory: a catalog of two products, purchases that succeed at once, and listeners. */
class MemorySDK(private val storefront: String? = "US") : OpenIAPAndroidOperations {
    private val catalog = listOf("com.example.premium", "com.example.coins_100")
    private val unfinished = LinkedHashSet<String>()
    private var purchases = 0
    val purchaseListeners = ArrayList<(Purchase) -> Unit>()
    val errorListeners = ArrayList<(PurchaseError) -> Unit>()
    var seenOptions: PurchaseUpdatedListenerOptions? = null

    private fun product(id: String) = ProductAndroid(
        id = id, title = "Premium", description = "From memory.", type = ProductType.InApp, displayPrice = "$4.99",
        currency = "USD", price = 4.99, platform = IapPlatform.Android, nameAndroid = "Premium"
    )

    private fun unsupported(): Nothing = throw OpenIAPException(PurchaseError(code = ErrorCode.FeatureNotSupported, message = "not in memory"))

    override suspend fun fetchProducts(params: ProductRequest): FetchProductsResult {
        if (params.skus.isEmpty()) throw OpenIAPException(PurchaseError(code = ErrorCode.EmptySkuList, message = "the request names no product"))
        return FetchProductsResult(products = params.skus.filter { it in catalog }.map { Product.Android(product(it)) })
    }

    override suspend fun requestPurchase(params: RequestPurchaseProps): RequestPurchaseResult? {
        val sku = params.requestPurchase?.google?.skus?.firstOrNull() ?: return null
        if (sku !in catalog) {
            val error = PurchaseError(code = ErrorCode.SkuNotFound, message = "no product '$sku' in the memory store", productId = sku)
            errorListeners.toList().forEach { it(error) }
            throw OpenIAPException(error)
        }
        purchases += 1
        val purchase = Purchase.Google(PurchaseAndroid(
            id = "purchase-$purchases", productId = sku, transactionDate = 1.0, store = IapStore.Google, quantity = 1,
            purchaseState = PurchaseState.Purchased, isAutoRenewing = false
        ))
        unfinished.add("purchase-$purchases")
        purchaseListeners.toList().forEach { it(purchase) }
        return RequestPurchaseResult(purchases = listOf(purchase))
    }

    override suspend fun finishTransaction(purchase: PurchaseInput, isConsumable: Boolean?): VoidResult {
        if (!unfinished.remove(purchase.id)) {
            throw OpenIAPException(PurchaseError(code = ErrorCode.ItemNotOwned, message = "no unfinished purchase '${purchase.id}'"))
        }
        return VoidResult(success = true)
    }

    override suspend fun getStorefront(): String = storefront ?: throw IllegalStateException("NoStorefront")
    override suspend fun initConnection(config: InitConnectionConfig?): Boolean = true
    override suspend fun endConnection(): Boolean = true
    override suspend fun getAvailablePurchases(options: PurchaseOptions?): List<Purchase> = emptyList()
    override suspend fun getActiveSubscriptions(subscriptionIds: List<String>?): List<ActiveSubscription> = emptyList()
    override suspend fun hasActiveSubscriptions(subscriptionIds: List<String>?): Boolean = false
    override suspend fun deepLinkToSubscriptions(options: DeepLinkOptions?): VoidResult = unsupported()
    override suspend fun restorePurchases(): VoidResult = VoidResult(success = true)
    override suspend fun verifyPurchase(options: VerifyPurchaseProps): VerifyPurchaseResult = unsupported()
    override suspend fun verifyPurchaseWithProvider(options: VerifyPurchaseWithProviderProps): VerifyPurchaseWithProviderResult = unsupported()
    override suspend fun acknowledgePurchaseAndroid(purchaseToken: String): Boolean =
        throw OpenIAPException(PurchaseError(code = ErrorCode.ItemNotOwned, message = "no unfinished purchase token '$purchaseToken'"))
    override suspend fun consumePurchaseAndroid(purchaseToken: String): Boolean = false
    override suspend fun createBillingProgramReportingDetailsAndroid(
        program: BillingProgramAndroid, developerBillingType: DeveloperBillingTypeAndroid?
    ): BillingProgramReportingDetailsAndroid = unsupported()
    override suspend fun getBillingChoiceInfoAndroid(params: GetBillingChoiceInfoParamsAndroid): BillingChoiceInfoAndroid = unsupported()
    override suspend fun isBillingProgramAvailableAndroid(program: BillingProgramAndroid): BillingProgramAvailabilityResultAndroid = unsupported()
    override suspend fun launchExternalLinkAndroid(params: LaunchExternalLinkParamsAndroid): Boolean = false
    override suspend fun openRedeemOfferCodeAndroid(): Boolean = false
    override suspend fun showBillingProgramInformationDialogAndroid(params: BillingProgramInformationDialogParamsAndroid): BillingResultAndroid = unsupported()
    override suspend fun showInAppMessagesAndroid(params: InAppMessageParamsAndroid?): InAppMessageResultAndroid = unsupported()

    private fun <T> listen(list: ArrayList<T>, listener: T): OpenIAPListener {
        list.add(listener)
        return object : OpenIAPListener {
            override fun remove() {
                list.remove(listener)
            }
        }
    }

    override fun purchaseUpdated(options: PurchaseUpdatedListenerOptions?, listener: (Purchase) -> Unit): OpenIAPListener {
        seenOptions = options
        return listen(purchaseListeners, listener)
    }

    override fun purchaseError(listener: (PurchaseError) -> Unit): OpenIAPListener = listen(errorListeners, listener)
    override fun subscriptionBillingIssue(listener: (Purchase) -> Unit): OpenIAPListener = listen(ArrayList(), listener)
    override fun developerProvidedBillingAndroid(listener: (DeveloperProvidedBillingDetailsAndroid) -> Unit): OpenIAPListener = listen(ArrayList(), listener)
    override fun userChoiceBillingAndroid(listener: (UserChoiceBillingDetails) -> Unit): OpenIAPListener = listen(ArrayList(), listener)
}

/** Only the common operations: an SDK that implements neither platform's interface. */
class CommonOnlySDK(private val inner: MemorySDK = MemorySDK()) : OpenIAPCommonOperations by inner

class DispatcherTests {
    private val events = ArrayList<String>()

    private fun dispatcher(store: IapStore = IapStore.Google, sdk: OpenIAPCommonOperations = MemorySDK()) =
        OpenIAPDispatcher(store, sdk) { events.add(it) }

    /** The reply to [message]; the SDKs here never suspend, so it is there when handle returns. */
    private fun reply(dispatcher: OpenIAPDispatcher, message: String): String {
        var answer: String? = null
        dispatcher.handle(message) { answer = it }
        return answer ?: throw AssertionError("no reply to $message")
    }

    private fun parsed(text: String): Any? = OpenIAPJson.parse(text)

    private fun assertReply(expected: String, dispatcher: OpenIAPDispatcher, message: String) =
        assertEquals(message, parsed(expected), parsed(reply(dispatcher, message)))

    /** The code and message of a reply that must be an error (and nothing else). */
    private fun failure(reply: String): Pair<String, String> {
        val o = parsed(reply) as Map<*, *>
        assertEquals(reply, setOf("error"), o.keys)
        val error = o["error"] as Map<*, *>
        return Pair(error["code"] as String, error["message"] as String)
    }

    private fun assertDeveloperError(message: String, startingWith: String) {
        val (code, text) = failure(reply(dispatcher(), message))
        assertEquals(message, "developer-error", code)
        assertTrue("$message answered '$text', not '$startingWith…'", text.startsWith(startingWith))
    }

    private val premium = """{"params": {"requestPurchase": {"google": {"skus": ["com.example.premium"]}}}}"""

    // Results

    @Test fun aCallAnswersItsResult() {
        val d = dispatcher()
        val answer = reply(d, """{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium", "nope"]}}}""")
        assertEquals(parsed("""{"result": {"products": [{"currency": "USD", "description": "From memory.", "displayPrice": "$4.99",
            "id": "com.example.premium", "nameAndroid": "Premium", "platform": "android", "price": 4.99, "title": "Premium", "type": "in-app"}]}}"""),
            parsed(answer))
        // The reply reads back as the operation's reply type and writes the same JSON.
        val decoded = FetchProductsReply.fromJson(answer)
        assertEquals(1, decoded.get().products?.size)
        assertEquals(parsed(answer), parsed(decoded.toJson()))
    }

    @Test fun scalarAndListResults() {
        val d = dispatcher()
        assertReply("""{"result": true}""", d, """{"operation": "initConnection"}""")
        assertReply("""{"result": "US"}""", d, """{"operation": "getStorefront", "args": {}}""")
        assertReply("""{"result": []}""", d, """{"operation": "getAvailablePurchases"}""")
        assertReply("""{"result": false}""", d, """{"operation": "openRedeemOfferCodeAndroid", "args": null}""")
    }

    @Test fun anAbsentOptionalResultIsNull() {
        val d = dispatcher()
        assertReply("""{"result": null}""", d,
            """{"operation": "requestPurchase", "args": {"params": {"requestSubscription": {"google": {"skus": ["com.example.monthly"]}}, "type": "subs"}}}""")
    }

    @Test fun finishingAPurchase() {
        val d = dispatcher()
        reply(d, """{"operation": "requestPurchase", "args": $premium}""")
        val finish = """{"operation": "finishTransaction", "args": {"purchase": {"id": "purchase-1", "productId": "com.example.premium", "transactionDate": 1,
            "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}, "isConsumable": false}}"""
        assertReply("""{"result": {"success": true}}""", d, finish)
        // A second finish is the SDK's own error, passed through unchanged.
        assertReply("""{"error": {"code": "item-not-owned", "message": "no unfinished purchase 'purchase-1'"}}""", d, finish)
    }

    // Errors the SDK throws

    @Test fun aThrownPurchaseErrorPassesThroughWithAllItsFields() {
        val d = dispatcher()
        assertReply("""{"error": {"code": "empty-sku-list", "message": "the request names no product"}}""", d,
            """{"operation": "fetchProducts", "args": {"params": {"skus": []}}}""")
        assertReply("""{"error": {"code": "sku-not-found", "message": "no product 'nope' in the memory store", "productId": "nope"}}""", d,
            """{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {"google": {"skus": ["nope"]}}}}}""")
    }

    @Test fun anyOtherThrownErrorIsUnknown() {
        val (code, message) = failure(reply(dispatcher(sdk = MemorySDK(storefront = null)), """{"operation": "getStorefront"}"""))
        assertEquals("unknown", code)
        assertTrue(message, message.contains("NoStorefront"))
    }

    // Arguments that do not decode or validate: developer-error naming the path

    @Test fun badArgumentsNameTheirPath() {
        val cases = listOf(
            """{"operation": "fetchProducts"}""" to "args.params: required, but absent",
            """{"operation": "fetchProducts", "args": {}}""" to "args.params: required, but absent",
            """{"operation": "fetchProducts", "args": {"params": {}}}""" to "args.params.skus: required, but absent",
            """{"operation": "fetchProducts", "args": {"params": null}}""" to "args.params: required, but null",
            """{"operation": "fetchProducts", "args": {"params": {"skus": "com.example.premium"}}}""" to "args.params.skus: ",
            """{"operation": "fetchProducts", "args": {"params": {"skus": ["a", 1]}}}""" to "args.params.skus[1]: ",
            """{"operation": "fetchProducts", "args": {"params": {"skus": ["a"], "type": 1}}}""" to "args.params.type: ",
            """{"operation": "fetchProducts", "args": 5}""" to "args: ",
            """{"operation": "fetchProducts", "args": []}""" to "args: ",
            """{"operation": "getStorefront", "args": [1]}""" to "args: ",
            """{"operation": "finishTransaction", "args": {"purchase": {"id": "p"}, "isConsumable": "yes"}}""" to "args.purchase.productId: required, but absent",
            """{"operation": "finishTransaction", "args": {"purchase": {"id": "p", "productId": "x", "transactionDate": 1, "quantity": 1.5, "purchaseState": "purchased", "isAutoRenewing": false}}}""" to "args.purchase.quantity: ",
            """{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {}, "requestSubscription": {}}}}""" to
                "args.params: exactly one of requestPurchase, requestSubscription must be set; found 2",
            """{"operation": "verifyPurchaseWithProvider", "args": {"options": {"provider": "iapkit", "iapkit": {"google": {"purchaseToken": "t"}, "apple": {"jws": "j"}}}}}""" to
                "args.options.iapkit: exactly one of apple, google, amazon, horizon must be set; found 2"
        )
        for ((message, expected) in cases) assertDeveloperError(message, expected)
    }

    @Test fun unknownArgumentKeysAreIgnored() {
        val answer = reply(dispatcher(), """{"operation": "fetchProducts", "id": 3, "future": {"x": 1}, "args": {"later": [1, 2], "params": {"skus": ["com.example.premium"], "new": true}}}""")
        assertTrue(answer, (parsed(answer) as Map<*, *>).containsKey("result"))
    }

    // Messages the bridge refuses

    @Test fun refusedMessagesAreDeveloperErrors() {
        val cases = listOf(
            "" to "message: ",
            "not json" to "message: ",
            "[1, 2]" to "message: ",
            "\"fetchProducts\"" to "message: ",
            "null" to "message: ",
            """{"operation": 5}""" to "operation: ",
            """{"operation": null}""" to "operation: ",
            """{}""" to "a message names exactly one of 'operation', 'subscribe' and 'unsubscribe'",
            """{"operation": "fetchProducts", "unsubscribe": 1}""" to "a message names exactly one of",
            """{"operation": "nope"}""" to "unknown operation 'nope'",
            """{"operation": "purchaseUpdated"}""" to "unknown operation 'purchaseUpdated'",
            """{"subscribe": "fetchProducts", "subscription": 1}""" to "unknown event 'fetchProducts'",
            """{"subscribe": "purchaseUpdated"}""" to "subscription: required, but absent",
            """{"subscribe": "purchaseUpdated", "subscription": "7"}""" to "subscription: ",
            """{"subscribe": "purchaseUpdated", "subscription": 7, "args": {"options": 5}}""" to "args.options: ",
            """{"unsubscribe": "seven"}""" to "unsubscribe: "
        )
        for ((message, expected) in cases) assertDeveloperError(message, expected)
    }

    // What the platform does not implement: feature-not-supported

    @Test fun anOperationOfTheOtherPlatformIsNotSupported() {
        val d = dispatcher()
        assertReply("""{"error": {"code": "feature-not-supported", "message": "'getPromotedProductIOS' is not available on the store 'google'"}}""", d,
            """{"operation": "getPromotedProductIOS"}""")
        // Even with arguments that would not decode: the platform is asked first.
        assertEquals("feature-not-supported", failure(reply(d, """{"operation": "isEligibleForIntroOfferIOS", "args": {"groupID": 5}}""")).first)
        assertEquals("feature-not-supported", failure(reply(d, """{"subscribe": "promotedProductIOS", "subscription": 1}""")).first)
    }

    @Test fun anOperationTheStoreLacksIsNotSupported() {
        val d = dispatcher(store = IapStore.Amazon)
        assertReply("""{"error": {"code": "feature-not-supported", "message": "'verifyPurchase' is not available on the store 'amazon'"}}""", d,
            """{"operation": "verifyPurchase", "args": {"options": {}}}""")
        assertEquals("feature-not-supported", failure(reply(d, """{"operation": "showInAppMessagesAndroid"}""")).first)
        assertEquals("feature-not-supported", failure(reply(d, """{"subscribe": "userChoiceBillingAndroid", "subscription": 1}""")).first)
        // What Amazon has still works.
        assertReply("""{"error": {"code": "item-not-owned", "message": "no unfinished purchase token 'x'"}}""", d,
            """{"operation": "acknowledgePurchaseAndroid", "args": {"purchaseToken": "x"}}""")
    }

    @Test fun anSDKWithoutThePlatformInterfaceIsNotSupported() {
        val d = dispatcher(sdk = CommonOnlySDK())
        assertReply("""{"error": {"code": "feature-not-supported", "message": "this SDK does not implement 'consumePurchaseAndroid'"}}""", d,
            """{"operation": "consumePurchaseAndroid", "args": {"purchaseToken": "x"}}""")
        assertReply("""{"result": "US"}""", d, """{"operation": "getStorefront"}""")
    }

    // The API without a message

    @Test fun callTakesTheNameAndTheArgumentsJSON() {
        val d = dispatcher()
        fun call(operation: String, arguments: String? = null): String {
            var answer: String? = null
            val run: suspend () -> String = { d.call(operation, arguments) }
            run.startCoroutine(kotlin.coroutines.Continuation(kotlin.coroutines.EmptyCoroutineContext) { answer = it.getOrThrow() })
            return answer!!
        }
        assertEquals(parsed("""{"result": "US"}"""), parsed(call("getStorefront")))
        assertEquals(parsed("""{"result": "US"}"""), parsed(call("getStorefront", "null")))
        assertEquals(1, FetchProductsReply.fromJson(call("fetchProducts", """{"params": {"skus": ["com.example.coins_100"]}}""")).get().products?.size)
        assertEquals("args.params: required, but absent", failure(call("fetchProducts")).second)
        assertTrue(failure(call("fetchProducts", """{"params": {"skus": [1]}}""")).second.startsWith("args.params.skus[0]: "))
        assertTrue(failure(call("fetchProducts", "{")).second.startsWith("args: "))
        assertEquals("unknown operation 'nope'", failure(call("nope")).second)
        assertEquals("feature-not-supported", failure(call("getPromotedProductIOS")).first)
    }

    // Events

    @Test fun aListenerGetsEveryPurchaseUntilItUnsubscribes() {
        val sdk = MemorySDK()
        val d = dispatcher(sdk = sdk)
        assertReply("""{"result": null}""", d, """{"subscribe": "purchaseUpdated", "subscription": 7, "args": {"options": {"dedupeTransactionIOS": false}}}""")
        assertEquals(1, sdk.purchaseListeners.size)
        assertEquals(false, sdk.seenOptions?.dedupeTransactionIOS)
        assertReply("""{"error": {"code": "developer-error", "message": "subscription: 7 is already in use"}}""", d,
            """{"subscribe": "purchaseUpdated", "subscription": 7}""")
        reply(d, """{"operation": "requestPurchase", "args": $premium}""")
        assertEquals(listOf(parsed("""{"subscription": 7, "event": "purchaseUpdated", "payload": {"id": "purchase-1", "productId": "com.example.premium",
            "transactionDate": 1, "store": "google", "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}}""")), events.map { parsed(it) })
        assertReply("""{"result": null}""", d, """{"unsubscribe": 7}""")
        assertEquals(0, sdk.purchaseListeners.size)
        // Another listener gets the next purchase; the removed one nothing.
        reply(d, """{"subscribe": "purchaseUpdated", "subscription": 8}""")
        assertNull(sdk.seenOptions)
        reply(d, """{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {"google": {"skus": ["com.example.coins_100"]}}}}}""")
        assertEquals(2, events.size)
        assertEquals(8L, (parsed(events[1]) as Map<*, *>)["subscription"])
        // Unsubscribing a number not in use is no error.
        assertReply("""{"result": null}""", d, """{"unsubscribe": 99}""")
    }

    @Test fun errorsReachTheirListeners() {
        val d = dispatcher()
        assertEquals("""{"result":null}""", d.subscribe("purchaseError", 1))
        reply(d, """{"operation": "requestPurchase", "args": {"params": {"requestPurchase": {"google": {"skus": ["gone"]}}}}}""")
        assertEquals(listOf(parsed("""{"subscription": 1, "event": "purchaseError", "payload": {"code": "sku-not-found",
            "message": "no product 'gone' in the memory store", "productId": "gone"}}""")), events.map { parsed(it) })
        assertEquals("""{"result":null}""", d.unsubscribe(1))
    }

    // Hostile messages

    @Test fun deepNestingIsRefused() {
        val deep = "[".repeat(10_000) + "]".repeat(10_000)
        for (message in listOf(
            """{"operation": "fetchProducts", "args": {"params": {"skus": $deep}}}""",
            """{"operation": "getStorefront", "args": {"unknown": $deep}}""",
            """{"operation": "getStorefront", "extra": $deep}"""
        )) {
            assertEquals("developer-error", failure(reply(dispatcher(), message)).first)
        }
    }

    @Test fun hugeNamesAreNotEchoedWhole() {
        val huge = "x".repeat(100_000)
        val (code, message) = failure(reply(dispatcher(), """{"operation": "$huge"}"""))
        assertEquals("developer-error", code)
        assertTrue(message.length <= 1001)
    }

    @Test fun duplicateKeysKeepTheFirst() {
        val d = dispatcher()
        assertReply("""{"result": "US"}""", d, """{"operation": "getStorefront", "operation": "nope"}""")
        val answer = reply(d, """{"operation": "fetchProducts", "args": {"params": {"skus": ["com.example.premium"], "skus": []}}}""")
        assertTrue(answer, (parsed(answer) as Map<*, *>).containsKey("result"))
    }

    /** The Kotlin counterpart of Swift's broken UTF-8: a String with a lone surrogate (JavaScript strings can hold one) is refused, not mended. */
    @Test fun aLoneSurrogateIsRefused() {
        val (code, message) = failure(reply(dispatcher(), "{\"operation\": \"fetchProducts\", \"args\": {\"params\": {\"skus\": [\"\uD800\"]}}}"))
        assertEquals("developer-error", code)
        assertTrue(message, message.startsWith("message: "))
    }

    // Reply types

    @Test fun replyTypesReadExactlyOneOfResultAndError() {
        assertEquals(GetStorefrontReply.success("US"), GetStorefrontReply.fromJson("""{"result": "US"}"""))
        val failed = GetStorefrontReply.fromJson("""{"error": {"code": "some-future-code", "message": "m"}}""")
        assertTrue(failed is OpenIAPReply.Failure)
        assertEquals("some-future-code", (failed as OpenIAPReply.Failure).error.code.rawValue)
        for (bad in listOf("""{}""", """{"result": "US", "error": {"code": "unknown", "message": "m"}}""", """{"result": null}""", """{"error": null}""", """{"result": 5}""")) {
            val refused = try {
                GetStorefrontReply.fromJson(bad)
                false
            } catch (expected: dev.openiap.types.OpenIAPDecodingException) {
                true
            }
            assertTrue(bad, refused)
        }
        assertTrue(OpenIAPTypeRegistry.types["FetchProductsReply"] != null)
        assertTrue(OpenIAPTypeRegistry.types["FinishTransactionArgs"] != null)
        assertTrue(OpenIAPTypeRegistry.types["PurchaseUpdatedArgs"] != null)
        assertNull(OpenIAPTypeRegistry.types["PurchaseUpdatedReply"])
    }
}
