// The bridge from Android's org.json: the only generated file that needs it.
// Leave it out where org.json is not available (Kotlin Multiplatform's
// common code); nothing else refers to it.

package dev.openiap.types

/**
 * Converts between `org.json` trees (`JSONObject`, `JSONArray`,
 * `JSONObject.NULL`) and the neutral trees the generated types read and
 * write, for apps that already hold an `org.json` value.
 *
 * A `JSONObject` is what `org.json` made of the text, with its own
 * leniency: it has kept the last of duplicate keys, and may have accepted
 * comments, unquoted keys, single quotes, hex or octal numbers and
 * trailing text. To read text that comes from outside with the verdicts of
 * the generated Swift, pass the text itself to `fromJson`; this bridge is
 * for trees an app has already trusted.
 */
object OpenIAPOrgJson {
    /**
     * The neutral tree of an `org.json` value: objects become
     * `Map<String, Any?>` in `org.json`'s key order, arrays `List<Any?>`,
     * `JSONObject.NULL` null, integers `Long`.
     *
     * @throws OpenIAPDecodingException for a tree nested deeper than
     * [OpenIAPJson.MAX_DEPTH] or holding a value that is not JSON.
     */
    fun toJsonValue(value: Any?): Any? = toJsonValue(value, 0, emptyList())

    private fun toJsonValue(value: Any?, depth: Int, path: List<String>): Any? {
        if ((value is org.json.JSONObject || value is org.json.JSONArray) && depth >= OpenIAPJson.MAX_DEPTH) {
            throw OpenIAPDecodingException(path, "JSON nested deeper than ${OpenIAPJson.MAX_DEPTH} levels")
        }
        return when (value) {
            null -> null
            org.json.JSONObject.NULL -> null
            is org.json.JSONObject -> {
                val members = LinkedHashMap<String, Any?>()
                val keys = value.keys()
                while (keys.hasNext()) {
                    val key = keys.next().toString()
                    members[key] = toJsonValue(value.opt(key), depth + 1, path + key)
                }
                members
            }
            is org.json.JSONArray -> {
                val items = ArrayList<Any?>(value.length())
                for (index in 0 until value.length()) items.add(toJsonValue(value.opt(index), depth + 1, path + "[$index]"))
                items
            }
            else -> OpenIAPJson.keep(value, path)
        }
    }

    /**
     * The `org.json` value of a neutral tree: maps become `JSONObject`,
     * lists `JSONArray`, null `JSONObject.NULL`.
     *
     * @throws OpenIAPEncodingException as [OpenIAPJson.write] does.
     */
    fun fromJsonValue(value: Any?): Any = fromJsonValue(value, 0, emptyList())

    private fun fromJsonValue(value: Any?, depth: Int, path: List<String>): Any {
        if ((value is Map<*, *> || value is List<*>) && depth >= OpenIAPJson.MAX_DEPTH) {
            throw OpenIAPEncodingException(path, "JSON nested deeper than ${OpenIAPJson.MAX_DEPTH} levels")
        }
        return when (value) {
            null -> org.json.JSONObject.NULL
            is Map<*, *> -> {
                val members = org.json.JSONObject()
                for ((key, item) in value) {
                    if (key !is String) throw OpenIAPEncodingException(path, "an object key is not a string")
                    members.put(key, fromJsonValue(item, depth + 1, path + key))
                }
                members
            }
            is List<*> -> {
                val items = org.json.JSONArray()
                for ((index, item) in value.withIndex()) items.put(fromJsonValue(item, depth + 1, path + "[$index]"))
                items
            }
            is Double -> {
                if (value.isNaN() || value.isInfinite()) throw OpenIAPEncodingException(path, "the number $value is not finite")
                value
            }
            is Float -> fromJsonValue(value.toDouble(), depth, path)
            is String, is Boolean, is Long, is Int -> value
            is Short -> value.toLong()
            is Byte -> value.toLong()
            else -> throw OpenIAPEncodingException(path, "not a JSON value")
        }
    }

    /** Reads a record or union from a `JSONObject`: `OpenIAPOrgJson.decode(Purchase, json)`. */
    fun <T : OpenIAPModel> decode(type: OpenIAPModelType<T>, json: org.json.JSONObject): T =
        type.fromJsonValue(toJsonValue(json))

    /** The `JSONObject` of a record or union. */
    fun encode(model: OpenIAPModel): org.json.JSONObject = fromJsonValue(model.toJson()) as org.json.JSONObject
}
