// Runs the IAPKit scenario list (Tests/IAPKit/scenarios.json) with the
// generated Kotlin client (Generated/KotlinIAPKit) against the test server
// whose origin is the first argument, and prints one transcript line per
// scenario, as the Swift harness (Tests/IAPKit/SwiftClient) does: an `ok`
// value is the typed result written again by the generated types' toJson;
// canonical JSON sorts keys, drops null members and writes integral
// numbers without a fraction. The suspend functions run through
// startCoroutine, with a latch to wait for each.

import dev.openiap.types.IapkitApiError
import dev.openiap.types.IapkitBindUserRequest
import dev.openiap.types.IapkitClient
import dev.openiap.types.IapkitMemoryCache
import dev.openiap.types.IapkitPlatformFilter
import dev.openiap.types.IapkitRequestError
import dev.openiap.types.IapkitTransportError
import dev.openiap.types.IapkitVerifyPurchaseRequest
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.RequestVerifyPurchaseWithIapkitProps
import dev.openiap.types.verifyPurchaseBody
import java.io.File
import java.net.HttpURLConnection
import java.net.URL
import java.util.concurrent.CountDownLatch
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine

/** What a suspend function ended with. */
class Outcome(val value: Any?, val error: Throwable?)

/** Runs [block] as a coroutine and waits for it on this thread. */
fun awaitOutcome(block: suspend () -> Any?): Outcome {
    val latch = CountDownLatch(1)
    var outcome = Outcome(null, null)
    block.startCoroutine(Continuation(EmptyCoroutineContext) { result ->
        outcome = Outcome(result.getOrNull(), result.exceptionOrNull())
        latch.countDown()
    })
    latch.await()
    return outcome
}

fun quoted(text: String): String {
    val out = StringBuilder("\"")
    for (c in text) {
        when (c) {
            '"' -> out.append("\\\"")
            '\\' -> out.append("\\\\")
            '\n' -> out.append("\\n")
            '\r' -> out.append("\\r")
            '\t' -> out.append("\\t")
            '\b' -> out.append("\\b")
            '\u000C' -> out.append("\\f")
            else -> if (c < ' ') out.append(String.format("\\u%04x", c.toInt())) else out.append(c)
        }
    }
    return out.append('"').toString()
}

/** Sorted keys, no spaces, null members left out, integral numbers as integers. */
fun canonical(value: Any?): String = when (value) {
    null -> "null"
    is Boolean -> value.toString()
    is Long -> value.toString()
    is Int -> value.toString()
    is Double -> if (value == Math.rint(value) && Math.abs(value) < 1e15) value.toLong().toString() else value.toString()
    is String -> quoted(value)
    is List<*> -> value.joinToString(",", "[", "]") { canonical(it) }
    is Map<*, *> -> value.entries.filter { it.value != null }.map { it.key as String to it.value }.sortedBy { it.first }
        .joinToString(",", "{", "}") { quoted(it.first) + ":" + canonical(it.second) }
    else -> throw IllegalArgumentException("not a JSON value: $value")
}

fun outcomeOf(error: Throwable): Map<String, Any?> = when (error) {
    is IapkitApiError -> mapOf(
        "iapkitError" to mapOf(
            "status" to error.status.toLong(),
            "errors" to error.errors.map { it.toJson() },
            "retryAfter" to error.retryAfter,
            "rateLimit" to error.rateLimit?.let { mapOf("limit" to it.limit, "remaining" to it.remaining, "scope" to it.scope) },
            "correlationId" to error.correlationId
        )
    )
    is IapkitTransportError -> mapOf("transport" to mapOf("reason" to error.reason.rawValue, "status" to error.status?.toLong()))
    is IapkitRequestError -> mapOf("clientError" to mapOf("reason" to error.reason.rawValue, "path" to error.path))
    else -> mapOf("unexpected" to error.toString())
}

/** A scenario's platform: a value the enum lacks cannot be written in Kotlin, which the other clients refuse as an invalid parameter. */
fun platform(text: Any?): IapkitPlatformFilter? {
    if (text == null) return null
    return IapkitPlatformFilter.fromRawValue(text as String)
        ?: throw IapkitRequestError(IapkitRequestError.Reason.InvalidParameter, "platform")
}

suspend fun run(client: IapkitClient, scenario: Map<String, Any?>): Any? {
    @Suppress("UNCHECKED_CAST")
    val input = (scenario["input"] as Map<String, Any?>?) ?: emptyMap()
    return when (scenario["call"]) {
        "verify" -> client.verifyPurchase(verifyPurchaseBody(RequestVerifyPurchaseWithIapkitProps.fromJsonValue(scenario["props"], emptyList()))).toJson()
        "verifyBody" -> client.verifyPurchase(IapkitVerifyPurchaseRequest.fromJsonValue(scenario["body"], emptyList())).toJson()
        "status" -> client.subscriptionStatus(input["userId"] as String).toJson()
        "entitlements" -> client.subscriptionEntitlements(input["userId"] as String).toJson()
        "bindUser" -> client.bindUser(IapkitBindUserRequest.fromJsonValue(scenario["body"], emptyList())).toJson()
        "products" -> client.listProducts(
            platform(input["platform"]), input["includeClientPayload"] as Boolean?, input["limit"] as Long?, input["cursor"] as String?
        ).toJson()
        "clientPayload" -> {
            val answer = client.productClientPayload(input["productId"] as String, platform(input["platform"]) ?: IapkitPlatformFilter.Ios)
            mapOf("value" to answer.value.toJson(), "source" to answer.source.rawValue)
        }
        "baseUrl" -> mapOf("baseUrl" to client.baseUrl)
        else -> throw IllegalArgumentException("unknown call " + scenario["call"])
    }
}

fun request(method: String, url: String): String {
    val connection = URL(url).openConnection() as HttpURLConnection
    connection.requestMethod = method
    if (method == "POST") {
        connection.doOutput = true
        connection.outputStream.use { }
    }
    return connection.inputStream.use { String(it.readBytes(), Charsets.UTF_8) }
}

/** The server's log of the scenario, each entry reduced as client.ts reduces it. */
fun serverLog(origin: String): List<Any?> {
    @Suppress("UNCHECKED_CAST")
    val entries = OpenIAPJson.parse(request("GET", "$origin/__test__/requests")) as List<Map<String, Any?>>
    return entries.map { entry ->
        @Suppress("UNCHECKED_CAST")
        val headers = entry["headers"] as Map<String, Any?>
        val kept = LinkedHashMap<String, Any?>()
        for (name in listOf("authorization", "if-none-match", "content-type")) {
            if (headers[name] != null) kept[name] = headers[name]
        }
        val text = entry["body"] as? String
        val body: Any? = if (text == null || text == "") null else try {
            OpenIAPJson.parse(text)
        } catch (error: Exception) {
            text
        }
        mapOf(
            "method" to entry["method"], "path" to entry["path"], "queryParams" to (entry["queryParams"] ?: emptyMap<String, Any?>()),
            "body" to body, "headers" to kept
        )
    }
}

fun main(args: Array<String>) {
    val origin = args[0]
    @Suppress("UNCHECKED_CAST")
    val scenarios = OpenIAPJson.parse(File(args[1]).readBytes()) as List<Map<String, Any?>>
    val caches = HashMap<String, IapkitMemoryCache>()
    for (scenario in scenarios) {
        val id = scenario["id"] as String
        request("POST", "$origin/__test__/reset")
        val cache = (scenario["cacheOf"] as String?)?.let { caches[it] } ?: IapkitMemoryCache()
        caches[id] = cache
        val outcome = awaitOutcome {
            val baseUrl = if (scenario["omitBaseUrl"] == true) null else ((scenario["baseUrl"] as String?) ?: origin).replace("{origin}", origin)
            val client = IapkitClient(
                (scenario["apiKey"] as String?) ?: "openiap-kit_pk_test_app", baseUrl, timeoutMillis = 2000, maxResponseBytes = 1048576, cache = cache
            )
            run(client, scenario)
        }
        val error = outcome.error
        val result = if (error == null) mapOf("ok" to outcome.value) else outcomeOf(error)
        println(id + " " + canonical(mapOf("outcome" to result, "sent" to serverLog(origin))))
    }
}
