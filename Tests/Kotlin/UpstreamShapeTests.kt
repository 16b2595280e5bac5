// What the generated Kotlin offers in upstream's shapes (#28) does what
// Docs/Kotlin.md says: `fromJson(map)` reads with the strict reader's
// verdicts, `toJson()` is the wire object, enums read upstream's spellings,
// unions are their records with our unknown member kept (and failing closed),
// the named choice and the oneOf records read and write the wire keys. That
// such code compiles as upstream's does is Tests/Compat/Kotlin's job.
// Built and run by scripts/kotlin.sh (JUnit 4).

import dev.openiap.types.ErrorCode
import dev.openiap.types.FetchProductsResult
import dev.openiap.types.FetchProductsResultProducts
import dev.openiap.types.FetchProductsResultSubscriptions
import dev.openiap.types.IapStore
import dev.openiap.types.IapkitClientPayloadFormat
import dev.openiap.types.IapkitPurchaseState
import dev.openiap.types.OpenIAPDecodingException
import dev.openiap.types.OpenIAPTypeRegistry
import dev.openiap.types.OpenIAPVoidResult
import dev.openiap.types.ProductIOS
import dev.openiap.types.ProductQueryType
import dev.openiap.types.ProductType
import dev.openiap.types.Purchase
import dev.openiap.types.PurchaseAndroid
import dev.openiap.types.PurchaseIOS
import dev.openiap.types.PurchaseState
import dev.openiap.types.RequestPurchaseProps
import dev.openiap.types.RequestPurchasePropsByPlatforms
import dev.openiap.types.RequestSubscriptionPropsByPlatforms
import dev.openiap.types.RequestVerifyPurchaseWithIapkitAppleProps
import dev.openiap.types.VerifyPurchaseResult
import dev.openiap.types.VerifyPurchaseResultIOS
import dev.openiap.types.VoidResult
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

class UpstreamShapeTests {
    private val androidMap: Map<String, Any?> = mapOf(
        "__typename" to "PurchaseAndroid", "id" to "GPA.1", "productId" to "premium", "transactionDate" to 1.7e12,
        "purchaseToken" to "token", "store" to "google", "quantity" to 1, "purchaseState" to "purchased",
        "isAutoRenewing" to true, "isAcknowledgedAndroid" to null, "currentPlanId" to null
    )

    private fun refusal(read: () -> Any?): OpenIAPDecodingException {
        try {
            read()
        } catch (error: OpenIAPDecodingException) {
            return error
        }
        fail("a map the reader refuses was read")
        throw IllegalStateException()
    }

    @Test fun aMapAsUpstreamWritesItIsRead() {
        // `__typename` is ignored, nulls are absent, a Kotlin Int and a
        // JavaScript double read as the spec's Int.
        val purchase = PurchaseAndroid.fromJson(androidMap)
        assertEquals(1L, purchase.quantity)
        assertNull(purchase.isAcknowledgedAndroid)
        assertEquals(purchase, PurchaseAndroid.fromJson(androidMap + ("quantity" to 1.0)))
        val union: Purchase = Purchase.fromJson(androidMap)
        assertTrue(union is PurchaseAndroid)
        assertEquals("premium", union.productId)
    }

    @Test fun aMapTheReaderRefusesThrowsWithThePathNeverDefaults() {
        // Upstream reads a missing required field as "" and 0; ours refuses.
        val missing = refusal { PurchaseAndroid.fromJson(androidMap - "productId") }
        assertEquals(listOf("productId"), missing.path)
        // What upstream's readers throw, so that callers' catch clauses still hold.
        val asUpstreamThrows: IllegalArgumentException = missing
        assertEquals(missing.message, asUpstreamThrows.message)
        assertEquals(listOf("quantity"), refusal { PurchaseAndroid.fromJson(androidMap + ("quantity" to 1.5)) }.path)
        assertEquals(listOf("store"), refusal { PurchaseAndroid.fromJson(androidMap + ("store" to 7)) }.path)
        // An input that upstream answers null for throws too (its type is still nullable).
        assertEquals(listOf("jws"), refusal { RequestVerifyPurchaseWithIapkitAppleProps.fromJson(emptyMap()) }.path)
        // Each reading is the reader's: the same verdict as the text.
        for (text in listOf("""{"jws": 1}""", """{"jws": "a"}""")) {
            val map = dev.openiap.types.OpenIAPJson.parse(text) as Map<*, *>
            @Suppress("UNCHECKED_CAST")
            val fromMap = runCatching { RequestVerifyPurchaseWithIapkitAppleProps.fromJson(map as Map<String, Any?>) }
            val fromText = runCatching { RequestVerifyPurchaseWithIapkitAppleProps.fromJson(text) }
            assertEquals(text, fromText.getOrNull(), fromMap.getOrNull())
            assertEquals(text, fromText.isFailure, fromMap.isFailure)
        }
    }

    @Test fun toJsonIsTheWireObject() {
        val purchase = PurchaseAndroid.fromJson(androidMap)
        val json: Map<String, Any?> = purchase.toJson()
        assertFalse(json.containsKey("__typename"))
        assertFalse(json.containsKey("isAcknowledgedAndroid"))
        assertEquals("google", json["store"])
        assertEquals(json, purchase.toJsonValue())
        assertEquals(purchase, PurchaseAndroid.fromJson(json))
        assertEquals(purchase, PurchaseAndroid.fromJson(purchase.toJsonString()))
    }

    @Test fun recordsAreDataClassesWithTagDefaults() {
        val receipt = PurchaseIOS(
            id = "1", isAutoRenewing = false, productId = "coins", purchaseState = PurchaseState.Purchased, quantity = 1,
            transactionDate = 1.0, transactionId = "1"
        )
        // The one store a PurchaseIOS has in the Purchase union.
        assertEquals(IapStore.Apple, receipt.store)
        val copy = receipt.copy(environmentIOS = "Sandbox")
        assertEquals("Sandbox", copy.environmentIOS)
        assertEquals(receipt, copy.copy(environmentIOS = null))
        val product = ProductIOS(
            currency = "USD", description = "", displayNameIOS = "", displayPrice = "", id = "p", isFamilyShareableIOS = false,
            jsonRepresentationIOS = "", title = "", typeIOS = dev.openiap.types.ProductTypeIOS.Consumable
        )
        assertEquals(dev.openiap.types.IapPlatform.Ios, product.platform)
        assertEquals(ProductType.InApp, product.type)
        assertEquals(VerifyPurchaseResultIOS(isValid = true, receiptData = "r", jwsRepresentation = "j").store, IapStore.Apple)
    }

    @Test fun enumsReadUpstreamsSpellings() {
        assertEquals(ProductQueryType.InApp, ProductQueryType.fromJson("in-app"))
        assertEquals(ProductQueryType.InApp, ProductQueryType.fromJson("IN_APP"))
        assertEquals(ProductQueryType.InApp, ProductQueryType.fromJson("InApp"))
        assertEquals(ErrorCode.UserCancelled, ErrorCode.fromJson("USER_CANCELLED"))
        assertEquals(dev.openiap.types.IapEvent.PromotedProductIos, dev.openiap.types.IapEvent.fromJson("PromotedProductIOS"))
        assertEquals("in-app", ProductQueryType.InApp.toJson())
        // Open: another string is kept; the strict reader takes the wire spelling only.
        assertFalse(IapStore.fromJson("steam").isKnown)
        assertFalse(IapStore.fromRawValue("AMAZON").isKnown)
        assertEquals(IapStore.Amazon, IapStore.fromJson("AMAZON"))
        // Closed: another string throws, as upstream's does.
        assertEquals(IapkitClientPayloadFormat.Toml, IapkitClientPayloadFormat.fromJson("TOML"))
        try {
            IapkitClientPayloadFormat.fromJson("yaml")
            fail("a closed enum read a string it does not list")
        } catch (expected: IllegalArgumentException) {
        }
    }

    @Test fun anUnknownUnionMemberIsKeptAndFailsClosed() {
        val future = mapOf("store" to "steam", "isValid" to true, "productId" to "p", "quantity" to "two")
        val result = VerifyPurchaseResult.fromJson(future)
        assertTrue(result is VerifyPurchaseResult.Unrecognized)
        assertEquals(future, result.toJson())
        // The flag is false whatever the kept object says.
        assertFalse(result.isValid)
        val purchase = Purchase.fromJson(future + ("id" to "x"))
        assertTrue(purchase is Purchase.Unrecognized)
        assertEquals("p", purchase.productId)
        assertEquals(0L, purchase.quantity)
        assertEquals("steam", purchase.store.rawValue)
        assertFalse(purchase.isAutoRenewing)
        assertNull(purchase.purchaseToken)
    }

    @Test fun theChoiceIsUpstreamsRequestOverTheWireKeys() {
        val subscription = RequestSubscriptionPropsByPlatforms(apple = null)
        val props = RequestPurchaseProps(request = RequestPurchaseProps.Request.Subscription(subscription))
        assertEquals(ProductQueryType.Subs, props.type)
        assertEquals(mapOf("requestSubscription" to emptyMap<String, Any?>(), "type" to "subs"), props.toJson())
        assertEquals(RequestPurchaseProps.Request.Subscription(subscription), RequestPurchaseProps.fromJson(props.toJson()).request)
        val given = RequestPurchaseProps(request = RequestPurchaseProps.Request.Purchase(RequestPurchasePropsByPlatforms()), type = ProductQueryType.All)
        assertEquals(ProductQueryType.All, given.type)
        // A value that sets neither reads and writes as it came; validate() and `request` report it.
        val neither = RequestPurchaseProps.fromJson(mapOf("type" to "in-app"))
        assertEquals(mapOf("type" to "in-app"), neither.toJson())
        try {
            neither.request
            fail("a request was made of neither field")
        } catch (expected: IllegalStateException) {
        }
    }

    @Test fun oneOfRecordsKeepTheirOneKey() {
        val none = FetchProductsResult.fromJson(mapOf("products" to null))
        assertEquals(FetchProductsResultProducts(null), none)
        assertEquals(mapOf("products" to null), none.toJson())
        // The first field present wins; an object with none is kept whole.
        assertTrue(FetchProductsResult.fromJson(mapOf("subscriptions" to emptyList<Any?>(), "products" to emptyList<Any?>())) is FetchProductsResultProducts)
        assertEquals(FetchProductsResultSubscriptions(emptyList()), FetchProductsResult.fromJson(mapOf("subscriptions" to emptyList<Any?>())))
        val later = mapOf("bundles" to listOf(1L))
        val kept = FetchProductsResult.fromJson(later)
        assertTrue(kept is FetchProductsResult.Unrecognized)
        assertEquals(later, kept.toJson())
    }

    @Test fun voidResultIsUnitAndTheRecordKeepsItsWireName() {
        val nothing: VoidResult = Unit
        assertEquals(Unit, nothing)
        assertTrue(OpenIAPTypeRegistry.types["VoidResult"] === OpenIAPVoidResult)
        assertEquals(OpenIAPVoidResult(success = true), OpenIAPVoidResult.fromJson(mapOf("success" to true)))
        assertEquals(IapkitPurchaseState.Entitled, IapkitPurchaseState.fromJson("ENTITLED"))
    }
}
