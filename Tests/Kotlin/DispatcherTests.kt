// JUnit tests of the generated OpenIAPDispatcher over MemoryStore (an Android
// SDK in memory, the Kotlin port of the Swift one): results, the developer errors the bridge makes (with their field
// paths), not-supported by store and by interface, errors the SDK throws,
// listeners over the bridge, and hostile messages. The messages and the
// replies they must get are those of Tests/OpenIAPTypesTests/DispatcherTests.swift
// for the Swift dispatcher, so that a bridge answers the same on both platforms.

import dev.openiap.types.FetchProductsReply
import dev.openiap.types.FetchProductsResultProducts
import dev.openiap.types.GetStorefrontReply
import dev.openiap.types.IapStore
import dev.openiap.types.OpenIAPCommonOperations
import dev.openiap.types.OpenIAPDispatcher
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.OpenIAPReply
import dev.openiap.types.OpenIAPTypeRegistry
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import kotlin.coroutines.startCoroutine

/** Only the common operations: an SDK that implements neither platform's interface. */
class CommonOnlySDK(private val inner: MemoryStore = MemoryStore()) : OpenIAPCommonOperations by inner

class DispatcherTests {
    private val events = ArrayList<String>()

    private fun dispatcher(store: IapStore = IapStore.Google, sdk: OpenIAPCommonOperations = MemoryStore(store)) =
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
        assertEquals(parsed("""{"result": {"products": [{"currency": "USD", "description": "Premium, from the memory store.", "displayPrice": "$4.99",
            "id": "com.example.premium", "nameAndroid": "Premium", "platform": "android", "price": 4.99, "title": "Premium", "type": "in-app"}]}}"""),
            parsed(answer))
        // The reply reads back as the operation's reply type and writes the same JSON.
        val decoded = FetchProductsReply.fromJson(answer)
        assertEquals(1, (decoded.get() as FetchProductsResultProducts).value?.size)
        assertEquals(parsed(answer), parsed(decoded.toJsonString()))
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

    @Test fun finishingAPurchaseAndVerifyingIt() {
        val d = dispatcher()
        reply(d, """{"operation": "requestPurchase", "args": $premium}""")
        val verify = """{"operation": "verifyPurchaseWithProvider", "args": {"options": {"provider": "iapkit", "iapkit": {"google": {"purchaseToken": "memory-store-token-0001"}}}}}"""
        assertReply("""{"result": {"provider": "iapkit", "iapkit": {"store": "google", "isValid": true, "state": "pending-acknowledgment", "productId": "com.example.premium"}}}""", d, verify)
        // The purchase as the SDK delivered it (PurchaseInput is Purchase); finishTransaction answers nothing, null.
        val finish = """{"operation": "finishTransaction", "args": {"purchase": {"id": "purchase-1", "productId": "com.example.premium", "transactionDate": 1,
            "store": "google", "quantity": 1, "purchaseState": "purchased", "isAutoRenewing": false}, "isConsumable": false}}"""
        assertReply("""{"result": null}""", d, finish)
        assertReply("""{"result": {"provider": "iapkit", "iapkit": {"store": "google", "isValid": true, "state": "entitled", "productId": "com.example.premium"}}}""", d, verify)
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
        val (code, message) = failure(reply(dispatcher(sdk = MemoryStore(storefront = null)), """{"operation": "getStorefront"}"""))
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
            """{"operation": "finishTransaction", "args": {"purchase": {"id": "p"}}}""" to "args.purchase.store: required, but absent",
            """{"operation": "finishTransaction", "args": {"purchase": {"id": "p", "store": "google"}, "isConsumable": "yes"}}""" to "args.purchase.productId: required, but absent",
            """{"operation": "finishTransaction", "args": {"purchase": {"id": "p", "productId": "x", "transactionDate": 1, "store": "google", "quantity": 1.5, "purchaseState": "purchased", "isAutoRenewing": false}}}""" to "args.purchase.quantity: ",
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
        val fetched = FetchProductsReply.fromJson(call("fetchProducts", """{"params": {"skus": ["com.example.coins_100"]}}""")).get()
        assertEquals(1, (fetched as FetchProductsResultProducts).value?.size)
        assertEquals("args.params: required, but absent", failure(call("fetchProducts")).second)
        assertTrue(failure(call("fetchProducts", """{"params": {"skus": [1]}}""")).second.startsWith("args.params.skus[0]: "))
        assertTrue(failure(call("fetchProducts", "{")).second.startsWith("args: "))
        assertEquals("unknown operation 'nope'", failure(call("nope")).second)
        assertEquals("feature-not-supported", failure(call("getPromotedProductIOS")).first)
    }

    // Events

    @Test fun aListenerGetsEveryPurchaseUntilItUnsubscribes() {
        val sdk = MemoryStore()
        val d = dispatcher(sdk = sdk)
        assertReply("""{"result": null}""", d, """{"subscribe": "purchaseUpdated", "subscription": 7, "args": {"options": {"dedupeTransactionIOS": false}}}""")
        assertEquals(1, sdk.purchaseUpdatedListenerCount)
        assertReply("""{"error": {"code": "developer-error", "message": "subscription: 7 is already in use"}}""", d,
            """{"subscribe": "purchaseUpdated", "subscription": 7}""")
        reply(d, """{"operation": "requestPurchase", "args": $premium}""")
        assertEquals(listOf(parsed("""{"subscription": 7, "event": "purchaseUpdated", "payload": {"id": "purchase-1", "productId": "com.example.premium",
            "transactionDate": 1784160000001, "purchaseToken": "memory-store-token-0001", "store": "google", "quantity": 1, "purchaseState": "purchased",
            "isAutoRenewing": false, "isAcknowledgedAndroid": false}}""")), events.map { parsed(it) })
        assertReply("""{"result": null}""", d, """{"unsubscribe": 7}""")
        assertEquals(0, sdk.purchaseUpdatedListenerCount)
        // Another listener gets the next purchase; the removed one nothing.
        reply(d, """{"subscribe": "purchaseUpdated", "subscription": 8}""")
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
