// JSON comparison for the Kotlin tests and the fixture harness, through
// org.json rather than the generated reader, so that the code under test
// does not judge itself. The payloads compared are well-formed JSON, where
// org.json's leniency does not come into play.

import org.json.JSONArray
import org.json.JSONObject

/**
 * Whether two org.json values are the same JSON value: numbers by value (1
 * equals 1.0), strings by their characters (so by Unicode scalars), objects
 * whatever their key order; true is not 1.
 */
fun sameJson(a: Any?, b: Any?): Boolean = when {
    a is JSONObject && b is JSONObject -> {
        val keys = a.keys().asSequence().map { key -> key.toString() }.toSet()
        keys == b.keys().asSequence().map { key -> key.toString() }.toSet() && keys.all { key -> sameJson(a.get(key), b.get(key)) }
    }
    a is JSONArray && b is JSONArray -> a.length() == b.length() && (0 until a.length()).all { index -> sameJson(a.get(index), b.get(index)) }
    a is Number && b is Number -> java.math.BigDecimal(a.toString()).compareTo(java.math.BigDecimal(b.toString())) == 0
    a is String && b is String -> a == b
    a is Boolean && b is Boolean -> a == b
    a == JSONObject.NULL && b == JSONObject.NULL -> true
    else -> false
}

/** The org.json value of a JSON text. */
fun parse(text: String): Any? = org.json.JSONTokener(text).nextValue()
