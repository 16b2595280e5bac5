// Support types shared by every generated file: the interfaces records and
// unions implement, the errors, and the helpers the generated decoders,
// encoders and validators call.

package dev.openiap.types

/**
 * Upstream's name for what an operation that answers nothing returns; a
 * spec type of this name is written `OpenIAPVoidResult`.
 */
typealias VoidResult = Unit

/**
 * What every generated record and union offers: its JSON object as a map
 * (see [OpenIAPJson]), its JSON text, and [validate].
 */
interface OpenIAPModel {
    /**
     * This value's JSON object as a neutral tree, the map upstream's
     * `toJson()` answers: `Map<String, Any?>`, `List<Any?>`, `String`,
     * `Boolean`, `Long`, `Double` and `null`. Optional fields that are null
     * are left out, and no `__typename` is written: a union's member is told
     * by its discriminator field, as on the wire.
     */
    fun toJson(): Map<String, Any?>

    /** [toJson], as the tree [OpenIAPModelType.fromJsonValue] reads back. */
    fun toJsonValue(): Any = toJson()

    /** This value as compact JSON text. */
    fun toJsonString(): String = OpenIAPJson.write(toJson())

    /**
     * Checks the rules decoding does not enforce (UTF-8 byte limits, lengths
     * in characters, patterns, numeric ranges, exactly-one-of and
     * at-least-one-of groups) for this value, which sits at [path] inside
     * the value being checked, and everything it contains.
     *
     * @throws OpenIAPValidationException naming the field at fault.
     */
    fun validate(path: List<String>) {}

    /** [validate] from the top of this value. */
    fun validate() {
        validate(emptyList())
    }
}

/**
 * How a record or union is read; every generated record and union has a
 * companion object that implements it, so `Purchase.fromJson(text)` reads a
 * [Purchase].
 */
interface OpenIAPModelType<T : OpenIAPModel> {
    /**
     * Reads a value from a neutral JSON tree (see [OpenIAPJson]); [path] is
     * where the value sits in the document, for error messages.
     *
     * @throws OpenIAPDecodingException naming the field at fault.
     */
    fun fromJsonValue(value: Any?, path: List<String>): T

    /** [fromJsonValue] of a tree that is a whole document. */
    fun fromJsonValue(value: Any?): T = fromJsonValue(value, emptyList())

    /**
     * Reads JSON text strictly, with the same verdicts as the generated Swift
     * (see [OpenIAPJson] for the rules); never through a lenient parser.
     */
    fun fromJson(text: String): T = fromJsonValue(OpenIAPJsonReader.read(OpenIAPJsonReader.utf8(text)), emptyList())

    /** [fromJson] of the document's bytes (UTF-8, or UTF-16 or UTF-32 as Swift detects them). */
    fun fromJson(bytes: ByteArray): T = fromJsonValue(OpenIAPJsonReader.read(bytes), emptyList())
}

/** The field path of an error as written in code: `clientPayload.body`, `items[2].id`. */
object OpenIAPPath {
    fun describe(path: List<String>): String {
        val text = StringBuilder()
        for (component in path) {
            if (component.startsWith("[")) {
                text.append(component)
            } else {
                if (text.length > 0) text.append('.')
                text.append(component)
            }
        }
        return if (text.length == 0) "(root)" else text.toString()
    }
}

/**
 * A payload that does not decode: [path] leads to the value at fault. An
 * `IllegalArgumentException`, as what upstream's `fromJson` throws for a map
 * it cannot read.
 */
class OpenIAPDecodingException(val path: List<String>, val reason: String) :
    IllegalArgumentException(OpenIAPPath.describe(path) + ": " + reason)

/** A value that cannot be written as JSON (nested too deep, not a JSON value). */
class OpenIAPEncodingException(val path: List<String>, val reason: String) :
    Exception(OpenIAPPath.describe(path) + ": " + reason)

/** Why [OpenIAPModel.validate] rejected a value, with the path of the field at fault. */
class OpenIAPValidationException(val path: List<String>, val reason: Reason) :
    Exception(OpenIAPPath.describe(path) + ": " + reason.describe()) {

    /** What was wrong. */
    sealed class Reason {
        internal abstract fun describe(): String

        /** A string longer than its limit, both counted in UTF-8 bytes. */
        data class TooManyBytes(val limit: Long, val actual: Long) : Reason() {
            override fun describe(): String = "$actual UTF-8 bytes exceed the limit of $limit"
        }

        data class BelowMinimum(val minimum: Double, val actual: Double) : Reason() {
            override fun describe(): String = "$actual is below the minimum $minimum"
        }

        data class AboveMaximum(val maximum: Double, val actual: Double) : Reason() {
            override fun describe(): String = "$actual is above the maximum $maximum"
        }

        /** Exactly one of [fields] must be set; [found] were. */
        data class ExactlyOne(val fields: List<String>, val found: Int) : Reason() {
            override fun describe(): String = "exactly one of " + fields.joinToString(", ") + " must be set; found $found"
        }

        /** A string shorter than its minimum, both counted in characters (code points). */
        data class TooFewCharacters(val minimum: Long, val actual: Long) : Reason() {
            override fun describe(): String = "$actual characters are fewer than the minimum of $minimum"
        }

        /** A string longer than its maximum, both counted in characters (code points). */
        data class TooManyCharacters(val maximum: Long, val actual: Long) : Reason() {
            override fun describe(): String = "$actual characters exceed the maximum of $maximum"
        }

        /** A string that does not match [pattern] (as the spec writes it) as a whole. */
        data class PatternMismatch(val pattern: String) : Reason() {
            override fun describe(): String = "does not match the pattern $pattern"
        }

        /** At least one of [fields] must be set; none was. */
        data class AtLeastOne(val fields: List<String>) : Reason() {
            override fun describe(): String = "at least one of " + fields.joinToString(", ") + " must be set"
        }
    }
}

/** What the generated decoders call to read the fields of a neutral tree. */
internal object OpenIAPDecode {
    fun obj(value: Any?, path: List<String>): Map<*, *> =
        value as? Map<*, *> ?: throw mismatch("an object", value, path)

    /**
     * The first of a field's names, then its decode-only aliases, that [o]
     * holds (whatever its value, null included), or the field's name when it
     * holds none: the key the field is read from.
     */
    fun firstPresentKey(o: Map<*, *>, vararg names: String): String {
        for (name in names) {
            if (o.containsKey(name)) return name
        }
        return names[0]
    }

    /** The value of a required field: present and not null. */
    inline fun <T> required(o: Map<*, *>, key: String, path: List<String>, read: (Any, List<String>) -> T): T {
        val value = o[key]
        val at = path + key
        if (value == null) {
            throw OpenIAPDecodingException(at, if (o.containsKey(key)) "required, but null" else "required, but absent")
        }
        return read(value, at)
    }

    /** The value of an optional field; absent and null both read as null. */
    inline fun <T : Any> optional(o: Map<*, *>, key: String, path: List<String>, read: (Any, List<String>) -> T): T? {
        val value = o[key] ?: return null
        return read(value, path + key)
    }

    /** A value that must not be null (a required result): null is an error at [path]. */
    inline fun <T> present(value: Any?, path: List<String>, read: (Any, List<String>) -> T): T {
        if (value == null) throw OpenIAPDecodingException(path, "required, but null")
        return read(value, path)
    }

    /** A value that may be null (an optional result). */
    inline fun <T : Any> nullable(value: Any?, path: List<String>, read: (Any, List<String>) -> T): T? =
        if (value == null) null else read(value, path)

    /** An optional field that degrades: a present value that cannot be read counts as absent. */
    inline fun <T : Any> degrading(o: Map<*, *>, key: String, path: List<String>, read: (Any, List<String>) -> T): T? =
        try {
            optional(o, key, path, read)
        } catch (error: OpenIAPDecodingException) {
            null
        }

    fun string(value: Any?, path: List<String>): String = when (value) {
        is String -> value
        is OpenIAPJsonText -> value.decode(path)
        else -> throw mismatch("a string", value, path)
    }

    fun bool(value: Any?, path: List<String>): Boolean = value as? Boolean ?: throw mismatch("a boolean", value, path)

    /** A whole number that fits in 64 bits, read exactly as Swift's JSONDecoder reads an Int. */
    fun long(value: Any?, path: List<String>): Long {
        val whole: Long? = when (value) {
            is Long -> value
            is Int -> value.toLong()
            is Short -> value.toLong()
            is Byte -> value.toLong()
            is OpenIAPJsonNumber -> OpenIAPNumbers.whole(value.text)
            is Double -> OpenIAPNumbers.whole(value)
            is Float -> OpenIAPNumbers.whole(value.toDouble())
            is Number -> OpenIAPNumbers.whole(value.toString())
            else -> throw mismatch("a number", value, path)
        }
        return whole ?: throw OpenIAPDecodingException(path, "the number " + numberText(value) + " is not a whole number that fits in 64 bits")
    }

    /** A finite double, read exactly as Swift's JSONDecoder reads a Double. */
    fun double(value: Any?, path: List<String>): Double {
        val number: Double? = when (value) {
            is Double -> if (value.isNaN() || value.isInfinite()) null else value
            is Long -> value.toDouble()
            is Int -> value.toDouble()
            is Short -> value.toDouble()
            is Byte -> value.toDouble()
            is Float -> if (value.isNaN() || value.isInfinite()) null else value.toDouble()
            is OpenIAPJsonNumber -> OpenIAPNumbers.double(value.text)
            is Number -> OpenIAPNumbers.double(value.toString())
            else -> throw mismatch("a number", value, path)
        }
        return number ?: throw OpenIAPDecodingException(path, "the number " + numberText(value) + " cannot be read as a double")
    }

    fun <T> list(value: Any?, path: List<String>, element: (Any?, List<String>) -> T): List<T> {
        val items = value as? List<*> ?: throw mismatch("an array", value, path)
        val result = ArrayList<T>(items.size)
        for ((index, item) in items.withIndex()) {
            result.add(element(item, path + "[$index]"))
        }
        return result
    }

    fun <T> map(value: Any?, path: List<String>, element: (Any?, List<String>) -> T): Map<String, T> {
        val members = obj(value, path)
        val result = LinkedHashMap<String, T>()
        for ((key, item) in members) {
            if (key !is String) throw OpenIAPDecodingException(path, "an object key is not a string")
            result[key] = element(item, path + key)
        }
        return result
    }

    fun mismatch(expected: String, value: Any?, path: List<String>): OpenIAPDecodingException =
        OpenIAPDecodingException(path, "expected " + expected + ", found " + kind(value))

    private fun kind(value: Any?): String = when (value) {
        null -> "null"
        is String, is OpenIAPJsonText -> "a string"
        is Boolean -> "a boolean"
        is Number, is OpenIAPJsonNumber -> "a number"
        is List<*> -> "an array"
        is Map<*, *> -> "an object"
        else -> "a value that is not JSON"
    }

    private fun numberText(value: Any?): String = if (value is OpenIAPJsonNumber) value.text else value.toString()
}

/** What the generated `validate` functions call. */
internal object OpenIAPValidation {
    /** The length of [text] in UTF-8 bytes; a surrogate pair is one character of four bytes, a lone surrogate counts as the three bytes of its replacement character. */
    fun utf8Length(text: String): Long {
        var count = 0L
        var index = 0
        while (index < text.length) {
            val unit = text[index] - '\u0000'
            count += when {
                unit < 0x80 -> 1
                unit < 0x800 -> 2
                unit in 0xD800..0xDBFF && index + 1 < text.length && (text[index + 1] - '\u0000') in 0xDC00..0xDFFF -> {
                    index += 1
                    4
                }
                else -> 3
            }
            index += 1
        }
        return count
    }

    fun checkBytes(value: String, limit: Long, path: List<String>) {
        val count = utf8Length(value)
        if (count > limit) throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.TooManyBytes(limit, count))
    }

    /**
     * The length of [text] in code points, as `codePointCount` counts them
     * (and Swift its Unicode scalars): a surrogate pair is one, a lone
     * surrogate one too. Written out so that it also runs outside the JVM.
     */
    fun codePointLength(text: String): Long {
        var count = 0L
        var index = 0
        while (index < text.length) {
            val unit = text[index] - '\u0000'
            if (unit in 0xD800..0xDBFF && index + 1 < text.length && (text[index + 1] - '\u0000') in 0xDC00..0xDFFF) index += 1
            count += 1
            index += 1
        }
        return count
    }

    fun checkCharacters(value: String, minimum: Long?, maximum: Long?, path: List<String>) {
        val count = codePointLength(value)
        if (minimum != null && count < minimum) {
            throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.TooFewCharacters(minimum, count))
        }
        if (maximum != null && count > maximum) {
            throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.TooManyCharacters(maximum, count))
        }
    }

    fun checkPattern(value: String, pattern: OpenIAPPattern, path: List<String>) {
        if (!pattern.matches(value)) throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.PatternMismatch(pattern.source))
    }

    fun checkRange(value: Double, minimum: Double?, maximum: Double?, path: List<String>) {
        if (minimum != null && value < minimum) {
            throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.BelowMinimum(minimum, value))
        }
        if (maximum != null && value > maximum) {
            throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.AboveMaximum(maximum, value))
        }
    }

    fun checkExactlyOne(fields: List<String>, found: Int, path: List<String>) {
        if (found != 1) throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.ExactlyOne(fields, found))
    }

    fun checkAtLeastOne(fields: List<String>, anySet: Boolean, path: List<String>) {
        if (!anySet) throw OpenIAPValidationException(path, OpenIAPValidationException.Reason.AtLeastOne(fields))
    }
}

/**
 * A `pattern:` of the spec, compiled by the generator into steps (the same
 * steps the Swift target matches): the whole string must match. The spec
 * language allows only anchored sequences of ASCII characters and classes
 * with counts, so matching walks the positions the steps unroll to, in time
 * linear in the string's length, and a string holding any character outside
 * ASCII never matches. No `Regex`: engines differ in what they read, and
 * this one reads exactly what the Swift runtime and JSON Schema read.
 */
internal class OpenIAPPattern(
    /** The pattern as the spec writes it, for messages. */
    val source: String,
    vararg steps: Step
) {
    /** One atom: the ASCII [characters] it accepts, repeated from [minimum] to [maximum] times (-1 for no limit). */
    class Step(val characters: String, val minimum: Int, val maximum: Int)

    // Per position: the characters it accepts (bit n of `low` for code n
    // below 64, of `high` for the others), whether it may be skipped and
    // whether it repeats.
    private val low: LongArray
    private val high: LongArray
    private val optional: BooleanArray
    private val repeats: BooleanArray

    init {
        var count = 0
        for (step in steps) count += if (step.maximum < 0) step.minimum + 1 else step.maximum
        low = LongArray(count)
        high = LongArray(count)
        optional = BooleanArray(count)
        repeats = BooleanArray(count)
        var position = 0
        for (step in steps) {
            var lowBits = 0L
            var highBits = 0L
            for (character in step.characters) {
                val code = character - '\u0000'
                if (code < 64) lowBits = lowBits or (1L shl code) else highBits = highBits or (1L shl (code - 64))
            }
            val positions = if (step.maximum < 0) step.minimum + 1 else step.maximum
            for (index in 0 until positions) {
                low[position] = lowBits
                high[position] = highBits
                optional[position] = index >= step.minimum
                repeats[position] = step.maximum < 0 && index == step.minimum
                position += 1
            }
        }
    }

    fun matches(text: String): Boolean {
        val count = low.size
        // `active[p]`: some prefix of the text read so far ends before position p.
        var active = BooleanArray(count + 1)
        var next = BooleanArray(count + 1)
        active[0] = true
        skipOptional(active)
        for (character in text) {
            val code = character - '\u0000'
            if (code >= 0x80) return false
            for (position in 0..count) next[position] = false
            var any = false
            for (position in 0 until count) {
                if (!active[position]) continue
                val accepts = if (code < 64) low[position] and (1L shl code) != 0L else high[position] and (1L shl (code - 64)) != 0L
                if (!accepts) continue
                next[if (repeats[position]) position else position + 1] = true
                any = true
            }
            if (!any) return false
            skipOptional(next)
            val previous = active
            active = next
            next = previous
        }
        return active[count]
    }

    /** Adds the positions reached by skipping optional ones. */
    private fun skipOptional(set: BooleanArray) {
        for (position in 0 until low.size) {
            if (set[position] && optional[position]) set[position + 1] = true
        }
    }
}
