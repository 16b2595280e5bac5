// The Kotlin half of the escaping proof (see EscapingTests). Compiled with
// kotlinc -Werror (scripts/kotlin.sh) together with the Kotlin that the
// generator renders from this folder's spec and Tests/Kotlin/JsonComparison.kt;
// run with payload.json.
//
// For every type in the payload, every instance is decoded with the generated
// type and encoded again, and the result must be the same JSON value: the same
// keys, spelled exactly as on the wire. Then the generated names are checked
// against the wire names they stand for. Last, the operations: an SDK that
// implements every interface, called through the dispatcher with hostile
// argument names, codes and stores.

import dev.openiap.types.Default
import dev.openiap.types.ErrorCode
import dev.openiap.types.IapStore
import dev.openiap.types.Nasty
import dev.openiap.types.NastyClosed
import dev.openiap.types.NastyInput
import dev.openiap.types.NastyMember
import dev.openiap.types.NastyRecord
import dev.openiap.types.NastyString
import dev.openiap.types.NastyTree
import dev.openiap.types.NastyUnion
import dev.openiap.types.OpenIAPAndroidOperations
import dev.openiap.types.OpenIAPAppleOperations
import dev.openiap.types.OpenIAPDispatcher
import dev.openiap.types.OpenIAPException
import dev.openiap.types.OpenIAPListener
import dev.openiap.types.OpenIAPDecodingException
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.OpenIAPModel
import dev.openiap.types.OpenIAPModelType
import dev.openiap.types.OpenIAPTypeRegistry
import dev.openiap.types.OpenIAPValidationException
import dev.openiap.types.PurchaseError
import dev.openiap.types.TreeLeaf
import dev.openiap.types.TreeNode
import java.io.File
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine
import kotlin.system.exitProcess
import org.json.JSONArray
import org.json.JSONObject

val failures = ArrayList<String>()

fun check(condition: Boolean, what: String) {
    if (!condition) failures.add(what)
}

/** Decodes `json` (an org.json value) as a `type`, encodes it again and compares the two. */
fun <T : OpenIAPModel> roundTrip(type: OpenIAPModelType<T>, json: Any, what: String): T? =
    try {
        val value = type.fromJson(json.toString())
        check(sameJson(parse(value.toJsonString()), json), "$what came back as ${value.toJsonString()}")
        value
    } catch (error: OpenIAPDecodingException) {
        failures.add("$what: $error")
        null
    }

/** Implements every operation of the spec, keeping what it was called with. */
class HostileSDK : OpenIAPAppleOperations, OpenIAPAndroidOperations {
    val received = ArrayList<String>()
    var trees: ((NastyTree) -> Unit)? = null

    override suspend fun fetch(
        default: String, self: String?, type: Long?, `in`: Boolean?, args: String?, sdk: String?, store: Nasty?, path: List<String>?,
        newLine: String?, café: Map<String, Long>?, _3ds: NastyClosed?, _2A_2F: NastyInput?, inout: Long?
    ): List<NastyRecord> {
        if (default == "fail") throw OpenIAPException(PurchaseError(code = ErrorCode.Default, message = "*/ \"\"\"", self = "s"))
        received.add(
            "$default ${self ?: "-"} ${type ?: 0} ${`in` ?: false} ${args ?: "-"} ${sdk ?: "-"} ${store?.rawValue ?: "-"} " +
                "${path ?: emptyList<String>()} ${newLine ?: "-"} ${café ?: emptyMap<String, Long>()} ${_3ds?.rawValue ?: "-"} " +
                "${_2A_2F?.text ?: "-"} ${inout ?: 0}")
        return emptyList()
    }

    override suspend fun description(): NastyUnion? = null

    override suspend fun oldThing(before: Boolean?, kept: Long?): Map<String, Long> = mapOf("kept" to (kept ?: 0L))

    override suspend fun maybeIOS(bounded: String): String? = bounded

    override suspend fun encodeAndroid(): Boolean = true

    override fun happenedIOS(listener: (String) -> Unit): OpenIAPListener = object : OpenIAPListener {
        override fun remove() {}
    }

    override fun happened(self: Boolean?, default: String?, listener: (NastyTree) -> Unit): OpenIAPListener {
        received.add("happened ${self ?: false} ${default ?: "-"}")
        trees = listener
        return object : OpenIAPListener {
            override fun remove() {
                trees = null
            }
        }
    }
}

/** The reply of [dispatcher] to [message]; the SDK above never suspends, so it is there at once. */
fun reply(dispatcher: OpenIAPDispatcher, message: String): String {
    var answer: String? = null
    val call: suspend () -> String = { dispatcher.handle(message) }
    call.startCoroutine(Continuation(EmptyCoroutineContext) { result -> answer = result.getOrThrow() })
    return answer ?: "(no reply)"
}

fun operations() {
    val sdk = HostileSDK()
    val delivered = ArrayList<String>()
    val google = OpenIAPDispatcher(IapStore.Google, sdk) { message -> delivered.add(message) }
    val fetch = """{"operation": "fetch", "args": {"default": "d", "self": "s", "Type": 3, "in": true, "args": "a", "sdk": "k", "store": "self", "path": ["p"], "new\nline": "n", "café": {"x": 1}, "3ds": "Type", "*/": {"text": "t"}, "inout": 5}}"""
    check(reply(google, fetch) == """{"result":[]}""", "fetch through the dispatcher")
    check(sdk.received == listOf("d s 3 true a k self [p] n {x=1} Type t 5"), "fetch's arguments: ${sdk.received}")
    check(reply(google, """{"operation": "fetch", "args": {"default": "fail"}}""") == """{"error":{"code":"default","message":"*/ \"\"\"","self":"s"}}""", "a thrown error with a hostile code")
    check(reply(google, """{"operation": "fetch", "args": {"self": "s"}}""") == """{"error":{"code":"developer-error","message":"args.default: required, but absent"}}""", "a hostile argument's path")
    check(reply(google, """{"operation": "description"}""") == """{"result":null}""", "an optional result")
    check(reply(google, """{"operation": "oldThing", "args": {"before": true, "kept": 2}}""") == """{"result":{"kept":2}}""", "a deprecated operation")
    check(reply(google, """{"operation": "encodeAndroid"}""") == """{"result":true}""", "an Android operation")
    check(reply(google, """{"operation": "maybeIOS", "args": {"bounded": "b"}}""") == """{"error":{"code":"feature-not-supported","message":"'maybeIOS' is not available on the store 'google'"}}""", "an Apple operation on Google Play")
    val apple = OpenIAPDispatcher(IapStore.Apple, sdk)
    check(reply(apple, """{"operation": "maybeIOS", "args": {"bounded": "bounded"}}""") == """{"error":{"code":"developer-error","message":"args.bounded: 7 UTF-8 bytes exceed the limit of 4"}}""", "validation of an argument")
    check(reply(apple, """{"operation": "fetch", "args": {"default": "d"}}""") == """{"error":{"code":"feature-not-supported","message":"'fetch' is not available on the store 'apple'"}}""", "a store the operation does not list")
    val newLine = OpenIAPDispatcher(IapStore.NewLine, sdk)
    check(reply(newLine, """{"operation": "description"}""") == """{"result":null}""", "a store named with a line break")
    check(reply(google, """{"subscribe": "happened", "subscription": 1, "args": {"self": true, "default": "x"}}""") == """{"result":null}""", "subscribe")
    check(sdk.received.last() == "happened true x", "listener options: ${sdk.received}")
    sdk.trees?.invoke(TreeLeaf(`value` = 1))
    check(delivered == listOf("""{"subscription":1,"event":"happened","payload":{"type":"leaf","value":1}}"""), "an event: $delivered")
    check(reply(google, """{"unsubscribe": 1}""") == """{"result":null}""" && sdk.trees == null, "unsubscribe")
    check(OpenIAPTypeRegistry.types["FetchArgs"] != null && OpenIAPTypeRegistry.types["FetchReply"] != null, "registry of the operations")
}

fun main(args: Array<String>) {
    val payload = JSONObject(File(args.getOrElse(0) { "payload.json" }).readText())
    fun instances(type: String): List<Any> {
        val list = payload.optJSONArray(type) ?: JSONArray()
        return (0 until list.length()).map { index -> list.get(index) }
    }

    // Records: every wire name decodes into its property and back.
    val records = instances("NastyRecord").mapIndexedNotNull { index, json -> roundTrip(NastyRecord, json, "NastyRecord[$index]") }
    val json = instances("NastyRecord")[0] as JSONObject
    val record = records[0]
    val expected = listOf(
        "default" to record.default, "protocol" to record.protocol, "Type" to record.type, "self" to record.self,
        "init" to record.`init`, "delete" to record.delete, "enum" to record.`enum`, "constructor" to record.`constructor`,
        "__proto__" to record.__proto__, "3ds" to record._3ds, "café" to record.café, "a\"b" to record.aB, "it's" to record.itS,
        "back\\slash" to record.backSlash, "new\nline" to record.newLine, "nul\u0000byte" to record.nulByte,
        "\${x}" to record.x, "`tick`" to record.tick, "#tag" to record.tag, "</script>" to record.script, "*/" to record._2A_2F,
        "hash" to record.hash, "encode" to record.encode, "validate" to record.validate, "container" to record.container,
        "encoder" to record.encoder, "decoder" to record.decoder, "CodingKeys" to record.codingKeys,
        "stringValue" to record.stringValue, "description" to record.description, "path" to record.path,
        "value" to record.`value`, "key" to record.key, "index" to record.index, "element" to record.element,
        "newValue" to record.newValue)
    for ((wire, property) in expected) check(json.getString(wire) == property, "property for '$wire' holds '$property'")
    check(record.日本 == 42L, "日本")
    check(record.class_ == null && records[0].javaClass == NastyRecord::class.java, "a field named class")
    check(record.hashValue == 7L, "hashValue")
    check(record.kind == Nasty.NewLine && record.kind.rawValue == "new\nline", "kind")
    check(record.closed == NastyClosed.None, "closed")
    check(record.opaque == NastyString.Script, "opaque")
    check(records.toSet().size == records.size && records[0] == NastyRecord.fromJson(json.toString()), "equality and hashing")
    check(record.toString().startsWith("NastyRecord(_2A_2F=") && record.toString().contains(", default=value of default, "), "toString: $record")
    try {
        record.validate()
    } catch (error: OpenIAPValidationException) {
        failures.add("validate: $error")
    }
    val long = NastyRecord(
        default = "d", protocol = "p", type = "t", self = "s", `init` = "i", delete = "d", `enum` = "e", `constructor` = "c",
        __proto__ = "_", _3ds = "3", café = "c", 日本 = 1, aB = "a", itS = "'", backSlash = "b", newLine = "n", nulByte = "0",
        x = "x", tick = "t", tag = "#", script = "s", _2A_2F = "*", kind = Nasty.Self, bounded = "more than eight bytes")
    try {
        long.validate()
        failures.add("validate accepted a long 'bounded'")
    } catch (error: OpenIAPValidationException) {
        check(error.path == listOf("bounded"), "validation path ${error.path}")
    }
    check(long.self == "s" && long.`init` == "i" && long.kind == Nasty.Self, "constructor")
    check(!records[1].kind.isKnown, "an unknown value stays unknown")
    check(records[1].kind.rawValue == "some value nobody knows \u202E yet", "unknown value kept exactly")

    // Unions: tags and the discriminator with a quote in its name.
    for ((index, member) in instances("NastyUnion").withIndex()) {
        val value = roundTrip(NastyUnion, member, "NastyUnion[$index]") ?: continue
        // The members are the records, told apart by the discriminator's value.
        when {
            index == 0 && value is NastyMember -> check(value.__proto__ == "proto" && value.kiNd == "default", "union member field")
            index == 1 && value is Default -> check(value.kiNd == "self", "union member of a type named Default")
            index == 2 && value is NastyMember -> check(value.kiNd == "a\"b\n", "a tag with a quote and a line break")
            index == 3 && value is NastyUnion.Unrecognized -> {}
            else -> failures.add("NastyUnion[$index] decoded as $value")
        }
    }
    for ((index, member) in instances("NastyMember").withIndex()) roundTrip(NastyMember, member, "NastyMember[$index]")
    for ((index, member) in instances("Default").withIndex()) roundTrip(Default, member, "Default[$index]")

    // A type that contains itself through a union.
    for ((index, member) in instances("NastyTree").withIndex()) {
        val tree = roundTrip(NastyTree, member, "NastyTree[$index]") ?: continue
        if (index == 1) {
            val inner = (tree as? TreeNode)?.child as? TreeNode
            check(inner?.children?.size == 2, "nested children")
        }
    }

    // Inputs: defaults survive every quoting rule.
    for ((index, member) in instances("NastyInput").withIndex()) roundTrip(NastyInput, member, "NastyInput[$index]")
    val defaults = NastyInput()
    check(defaults.text == "*/ \"\"\" \\ ' \n \u0000 \${x} ` # </script>", "text default")
    check(defaults.kind?.rawValue == "self" && defaults.kind == Nasty.Self, "kind default")
    check(defaults.kindNone?.rawValue == "none" && defaults.kindNone == Nasty.None, "a default named none")
    check(defaults.closed == NastyClosed.AB, "closed default")
    check(defaults.closedNone == NastyClosed.None, "closed default named none")
    check(defaults.opaque?.rawValue == "nul\u0000byte" && defaults.opaque == NastyString.NulByte, "opaque default")
    check(defaults.list == listOf("*/", "\"\"\"", "\\"), "list default")
    check(defaults.number == 1.5e300, "number default")
    check(defaults.count == Long.MIN_VALUE, "count default")

    // Enums and opaque strings: every wire value round-trips.
    val nasty = instances("Nasty").map { wire -> wire as String }
    for (wire in nasty) {
        val value = Nasty.fromRawValue(wire)
        check(value.rawValue == wire, "Nasty '$wire' came back as '${value.rawValue}'")
        check(Nasty.fromJsonValue(OpenIAPJson.parse(OpenIAPJson.write(wire)), emptyList()) == value, "Nasty '$wire' from JSON")
    }
    check(Nasty.knownValues.map { value -> value.rawValue } == nasty.dropLast(1), "Nasty.knownValues")
    check(Nasty.knownValues.all { value -> value.isKnown } && !Nasty.fromRawValue(nasty.last()).isKnown, "isKnown")
    check(Nasty.Enum_.rawValue == "enum" && Nasty.RawValue.rawValue == "rawValue" && Nasty._2A_2F.rawValue == "*/", "renamed values")
    check(Nasty.fromRawValue("hashValue") == Nasty.HashValue && Nasty.fromRawValue("none") == Nasty.None, "lookups")

    val closed = instances("NastyClosed").map { wire -> wire as String }
    check(NastyClosed.values().map { value -> value.rawValue } == closed, "NastyClosed.values()")
    for (wire in closed) check(NastyClosed.fromRawValue(wire)?.rawValue == wire, "NastyClosed '$wire'")
    check(NastyClosed.fromRawValue("nope") == null, "a closed enum has no value for an unknown string")
    try {
        NastyClosed.fromJsonValue(OpenIAPJson.parse("\"nope\""), emptyList())
        failures.add("a closed enum accepted an unknown value")
    } catch (error: OpenIAPDecodingException) {
    }

    val strings = instances("NastyString").map { wire -> wire as String }
    check(NastyString.knownValues.map { value -> value.rawValue } == strings.dropLast(1), "NastyString.knownValues")
    for (wire in strings) check(NastyString.fromJsonValue(OpenIAPJson.parse(OpenIAPJson.write(wire)), emptyList()).rawValue == wire, "NastyString '$wire'")
    check(NastyString.KnownValues.rawValue == "knownValues" && NastyString.RawValue.rawValue == "rawValue", "constants")

    // Registry.
    check(OpenIAPTypeRegistry.specVersion == "1.0.0-hostile.1", "spec version")
    check(OpenIAPTypeRegistry.types["NastyUnion"] === NastyUnion && OpenIAPTypeRegistry.types["Default"] === Default, "registry")

    operations()

    if (failures.isEmpty()) {
        println("escaping check passed")
    } else {
        println(failures.joinToString("\n"))
        exitProcess(1)
    }
}
