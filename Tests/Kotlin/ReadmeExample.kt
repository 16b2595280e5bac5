// The Kotlin examples of README.md and Docs/Kotlin.md ("Operations"),
// compiled with the generated Kotlin and run by ReadmeExampleTests; the pages
// quote them as excerpts, which ReadmeExamplesTests (Swift) checks are still
// here.

import dev.openiap.types.IapStore
import dev.openiap.types.IapkitPurchaseState
import dev.openiap.types.OpenIAPAndroidOperations
import dev.openiap.types.OpenIAPDispatcher
import dev.openiap.types.OpenIAPException
import dev.openiap.types.Purchase
import dev.openiap.types.ProductQueryType
import dev.openiap.types.PurchaseUpdatedListenerOptions
import dev.openiap.types.RequestPurchaseAndroidProps
import dev.openiap.types.RequestPurchaseProps
import dev.openiap.types.RequestPurchasePropsByPlatforms
import dev.openiap.types.RequestPurchaseResultPurchase
import dev.openiap.types.RequestPurchaseResultPurchases
import dev.openiap.types.RequestVerifyPurchaseWithIapkitResult
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine

/** Whether an app grants a purchase, from IAPKit's answer (README's Kotlin example). */
fun isGranted(body: String, expectedProductId: String): Boolean {
    val result = RequestVerifyPurchaseWithIapkitResult.fromJson(body)   // String or ByteArray
    val granted = result.isValid
        && result.store == IapStore.Google
        && (result.state == IapkitPurchaseState.Entitled || result.state == IapkitPurchaseState.PendingAcknowledgment)
        && result.productId == expectedProductId
    return granted
}

/** What a React Native, Expo or Flutter module on Android hands to JavaScript: JSON text in, JSON text out. */
class PurchasesModule(sdk: OpenIAPAndroidOperations, emit: (String) -> Unit) {
    private val dispatcher = OpenIAPDispatcher(IapStore.Google, sdk, emit)

    /** `OpenIAP.send('{"operation": "finishTransaction", "args": {…}}')`; the reply goes to [resolve]. */
    fun send(message: String, resolve: (String) -> Unit) = dispatcher.handle(message, resolve)
}

/** Kotlin code of the app calls the SDK directly: suspend functions, a listener with a handle. */
suspend fun buyPremium(sdk: OpenIAPAndroidOperations, deliver: (Purchase) -> Unit): Int {
    val listener = sdk.purchaseUpdated(PurchaseUpdatedListenerOptions(dedupeTransactionIOS = false)) { purchase -> deliver(purchase) }
    try {
        val google = RequestPurchaseAndroidProps(skus = listOf("com.example.premium"))
        val request = RequestPurchaseProps.Request.Purchase(RequestPurchasePropsByPlatforms(google = google))
        return when (val result = sdk.requestPurchase(RequestPurchaseProps(request = request, type = ProductQueryType.InApp))) {
            is RequestPurchaseResultPurchases -> result.value.orEmpty().size
            is RequestPurchaseResultPurchase -> if (result.value != null) 1 else 0
            else -> 0
        }
    } catch (failure: OpenIAPException) {
        println("${failure.error.code.rawValue}: ${failure.error.message}")
        return 0
    } finally {
        listener.remove()
    }
}

class ReadmeExampleTests {
    @Test fun theGrantRuleReadsIAPKitsAnswer() {
        val answer = """{"store": "google", "isValid": true, "state": "entitled", "productId": "premium_monthly"}"""
        assertTrue(isGranted(answer, "premium_monthly"))
        assertEquals(false, isGranted(answer, "premium_yearly"))
        assertTrue(isGranted(answer.replace("\"entitled\"", "\"PENDING_ACKNOWLEDGMENT\""), "premium_monthly"))
        assertEquals(false, isGranted(answer.replace("\"google\"", "\"apple\""), "premium_monthly"))
    }

    @Test fun theModuleAnswersJavaScript() {
        val events = ArrayList<String>()
        val module = PurchasesModule(MemoryStore()) { events.add(it) }
        var reply = ""
        module.send("""{"operation": "getStorefront"}""") { reply = it }
        assertEquals("""{"result":"US"}""", reply)
        module.send("""{"operation": "getPromotedProductIOS"}""") { reply = it }
        assertTrue(reply, reply.contains(""""code":"feature-not-supported""""))
    }

    @Test fun theAppBuysThroughTheInterface() {
        val sdk = MemoryStore()
        val delivered = ArrayList<Purchase>()
        var bought = -1
        val run: suspend () -> Int = { buyPremium(sdk) { delivered.add(it) } }
        run.startCoroutine(Continuation(EmptyCoroutineContext) { bought = it.getOrThrow() })
        assertEquals(1, bought)
        assertEquals(1, delivered.size)
        assertEquals(0, sdk.purchaseUpdatedListenerCount)
    }
}
