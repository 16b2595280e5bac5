// JSON text in and out, without a lenient parser in between.

package dev.openiap.types

/**
 * JSON text and the neutral JSON tree the generated types read and write:
 * `Map<String, Any?>` (objects, in document order), `List<Any?>`, `String`,
 * `Boolean`, `Long`, `Double` and `null`. Nothing else is needed, so the
 * types fit Kotlin Multiplatform's common code; `OpenIAPOrgJson` converts
 * `org.json` trees for apps that already hold one.
 *
 * The reader is strict and gives the verdicts the generated Swift gives
 * (Foundation's JSONDecoder), whatever Android's `org.json` would accept:
 * - no comments, unquoted or single-quoted keys, hex or octal numbers,
 *   `NaN`, `Infinity`, or text after the value; a trailing comma before
 *   `]` or `}` is accepted, as Swift accepts it;
 * - of duplicate object keys the first is kept;
 * - a document nesting more than [MAX_READ_DEPTH] arrays and objects is
 *   refused, a value kept may nest at most [MAX_KEPT_DEPTH] and a value
 *   written at most [MAX_DEPTH] (one level less than read: what Swift's
 *   JSONEncoder writes), counted from the top of the document;
 * - strings must be valid UTF-8 with valid escapes (no lone surrogates, no
 *   raw control characters) and numbers must be JSON numbers, checked when
 *   a type reads the value: like Swift, a broken value in a field no type
 *   reads does not fail the payload;
 * - an `Int` field takes a whole number that fits in 64 bits (`1.0` and
 *   `1e2` too, `1.5` and `9223372036854775808` not); a `Double` field takes
 *   any finite number that does not underflow to zero.
 */
object OpenIAPJson {
    /**
     * The most arrays and objects nested in one another that a value
     * writes, counted from the top of the document: as deep as Swift's
     * JSONEncoder writes.
     */
    const val MAX_DEPTH: Int = 511

    /**
     * The most arrays and objects nested in one another that a value keeps
     * (an unknown union member, or what [parse] reads), counted from the top
     * of the document, as Swift's `OpenIAPJSONValue.maxKeptDepth`: Swift's
     * decoder spends time that grows with the square of the depth on every
     * value it keeps, so both languages keep no deeper than this.
     */
    const val MAX_KEPT_DEPTH: Int = 32

    /**
     * The most arrays and objects nested in one another that a document may
     * hold to be read at all, as Swift's JSONDecoder reads: one level more
     * than [MAX_DEPTH], which is fine in a field no type reads.
     */
    const val MAX_READ_DEPTH: Int = MAX_DEPTH + 1

    /**
     * Reads a whole document into a neutral tree. Every value is read as the
     * Swift `OpenIAPJSONValue` reads it: a number that is a whole 64-bit
     * number becomes a `Long` (`1.0` included), any other a `Double`.
     *
     * @throws OpenIAPDecodingException at the value that cannot be read.
     */
    fun parse(text: String): Any? = keep(OpenIAPJsonReader.read(OpenIAPJsonReader.utf8(text)), emptyList())

    /** [parse] of the document's bytes. */
    fun parse(bytes: ByteArray): Any? = keep(OpenIAPJsonReader.read(bytes), emptyList())

    /**
     * Compact JSON text of a neutral tree.
     *
     * @throws OpenIAPEncodingException for a tree nested deeper than
     * [MAX_DEPTH], a number that is not finite, a string with an unpaired
     * surrogate, or a value that is not part of a neutral tree.
     */
    fun write(value: Any?): String {
        val out = StringBuilder()
        OpenIAPJsonWriter(out).value(value, 0, emptyList())
        return out.toString()
    }

    /**
     * [value] as a neutral tree of its own, checked as [parse] checks a
     * document: what a union keeps of a member this version does not know.
     */
    fun keep(value: Any?, path: List<String>): Any? = keepValue(value, path)

    /** [keep] of an object. */
    fun keepObject(value: Map<*, *>, path: List<String>): Map<String, Any?> {
        @Suppress("UNCHECKED_CAST")
        return keepValue(value, path) as Map<String, Any?>
    }

    // `path` starts at the top of the document, so its length is the level
    // of an array or object there, less one.
    private fun keepValue(value: Any?, path: List<String>): Any? = when (value) {
        null, is String, is Boolean, is Long -> value
        is Int -> value.toLong()
        is Short -> value.toLong()
        is Byte -> value.toLong()
        is Double -> if (value.isNaN() || value.isInfinite()) throw OpenIAPDecodingException(path, "the number $value is not finite") else value
        is Float -> keepValue(value.toDouble(), path)
        is OpenIAPJsonText -> value.decode(path)
        is OpenIAPJsonNumber -> OpenIAPNumbers.whole(value.text) ?: OpenIAPNumbers.double(value.text)
            ?: throw OpenIAPDecodingException(path, "the number " + value.text + " cannot be read")
        is Number -> keepValue(OpenIAPJsonNumber(value.toString()), path)
        is Map<*, *> -> {
            if (path.size >= MAX_KEPT_DEPTH) throw OpenIAPDecodingException(path, "JSON nested deeper than $MAX_KEPT_DEPTH levels")
            val result = LinkedHashMap<String, Any?>()
            for ((key, item) in value) {
                if (key !is String) throw OpenIAPDecodingException(path, "an object key is not a string")
                result[key] = keepValue(item, path + key)
            }
            result
        }
        is List<*> -> {
            if (path.size >= MAX_KEPT_DEPTH) throw OpenIAPDecodingException(path, "JSON nested deeper than $MAX_KEPT_DEPTH levels")
            val result = ArrayList<Any?>(value.size)
            for ((index, item) in value.withIndex()) result.add(keepValue(item, path + "[$index]"))
            result
        }
        else -> throw OpenIAPDecodingException(path, "not a JSON value")
    }

    /**
     * Whether two neutral trees are the same JSON value, walked without
     * recursion, so that trees of any depth built in code compare safely.
     * A `Long` never equals a `Double`, as in Swift.
     */
    fun deepEquals(a: Any?, b: Any?): Boolean {
        val pending = ArrayList<Any?>()
        pending.add(a)
        pending.add(b)
        while (pending.isNotEmpty()) {
            val right = pending.removeAt(pending.size - 1)
            val left = pending.removeAt(pending.size - 1)
            when (left) {
                is Map<*, *> -> {
                    if (right !is Map<*, *> || right.size != left.size) return false
                    for ((key, item) in left) {
                        if (!right.containsKey(key)) return false
                        pending.add(item)
                        pending.add(right[key])
                    }
                }
                is List<*> -> {
                    if (right !is List<*> || right.size != left.size) return false
                    for (index in left.indices) {
                        pending.add(left[index])
                        pending.add(right[index])
                    }
                }
                is Double -> if (right !is Double || left != right) return false
                else -> if (left != right) return false
            }
        }
        return true
    }

    /** A hash that agrees with [deepEquals], walked without recursion. */
    fun deepHashCode(value: Any?): Int {
        var hash = 1
        val pending = ArrayList<Any?>()
        pending.add(value)
        while (pending.isNotEmpty()) {
            val item = pending.removeAt(pending.size - 1)
            when (item) {
                is Map<*, *> -> {
                    // Equal objects hold the same members in any order, so
                    // they are hashed in the order of their keys.
                    hash = 31 * hash + 7 + item.size
                    val keys = item.keys.sortedBy { key -> key.toString() }
                    for (key in keys) hash = 31 * hash + key.hashCode()
                    for (key in keys.reversed()) pending.add(item[key])
                }
                is List<*> -> {
                    hash = 31 * hash + 11 + item.size
                    for (index in item.indices.reversed()) pending.add(item[index])
                }
                is Double -> hash = 31 * hash + if (item == 0.0) 0 else item.hashCode()
                else -> hash = 31 * hash + item.hashCode()
            }
        }
        return hash
    }
}

/**
 * A string as it stands in a document, decoded when a type reads it: like
 * Swift's JSONDecoder, the reader checks only where a string ends, and a
 * broken escape or byte in a value nobody reads does not fail the payload.
 */
internal class OpenIAPJsonText(private val bytes: ByteArray, private val start: Int, private val end: Int) {
    fun decode(path: List<String>): String =
        OpenIAPJsonReader.decodeString(bytes, start, end) { reason -> throw OpenIAPDecodingException(path, reason) }
}

/** A number as it stands in a document, converted when a type reads it (see [OpenIAPNumbers]). */
internal class OpenIAPJsonNumber(val text: String)

/**
 * The strict reader. It checks the structure of the whole document (and
 * decodes every object key, to find duplicates), and leaves strings and
 * numbers as [OpenIAPJsonText] and [OpenIAPJsonNumber] until they are read.
 */
internal class OpenIAPJsonReader private constructor(private val bytes: ByteArray) {
    private var index = 0

    companion object {
        fun read(document: ByteArray): Any? = OpenIAPJsonReader(OpenIAPUnicode.toUTF8(document)).document()

        /** The UTF-8 bytes of [text]; a text with an unpaired surrogate is not Unicode and is refused. */
        fun utf8(text: String): ByteArray = OpenIAPUnicode.encode(text) { reason -> throw OpenIAPDecodingException(emptyList(), reason) }

        /**
         * The string between [start] and [end] (the bytes inside the quotes),
         * with escapes resolved; [fail] is called with the reason when it is
         * not a valid JSON string.
         */
        inline fun decodeString(bytes: ByteArray, start: Int, end: Int, fail: (String) -> Nothing): String {
            val text = StringBuilder(end - start)
            var at = start
            while (at < end) {
                val byte = bytes[at].toInt() and 0xFF
                when {
                    byte == 0x5C -> {
                        if (at + 1 >= end) fail("a string ends inside an escape")
                        var length = 2
                        when (bytes[at + 1].toInt()) {
                            0x22 -> text.append('"')
                            0x5C -> text.append('\\')
                            0x2F -> text.append('/')
                            0x62 -> text.append('\b')
                            0x66 -> text.append('\u000C')
                            0x6E -> text.append('\n')
                            0x72 -> text.append('\r')
                            0x74 -> text.append('\t')
                            0x75 -> {
                                val unit = hex4(bytes, at + 2, end)
                                if (unit < 0) fail("a \\u escape needs four hexadecimal digits")
                                if (unit in 0xDC00..0xDFFF) fail("an escaped low surrogate has no high surrogate before it")
                                text.append('\u0000' + unit)
                                length = 6
                                if (unit in 0xD800..0xDBFF) {
                                    val next = at + 6
                                    val low = if (next + 1 < end && bytes[next].toInt() == 0x5C && bytes[next + 1].toInt() == 0x75) hex4(bytes, next + 2, end) else -1
                                    if (low !in 0xDC00..0xDFFF) fail("an escaped high surrogate has no low surrogate after it")
                                    text.append('\u0000' + low)
                                    length = 12
                                }
                            }
                            else -> fail("a string holds an unknown escape")
                        }
                        at += length
                    }
                    byte < 0x20 -> fail("a string holds a raw control character")
                    byte < 0x80 -> {
                        text.append('\u0000' + byte)
                        at += 1
                    }
                    else -> {
                        val (scalar, length) = OpenIAPUnicode.scalarAt(bytes, at, end)
                        if (length == 0) fail("a string is not valid UTF-8")
                        OpenIAPUnicode.appendScalar(text, scalar)
                        at += length
                    }
                }
            }
            return text.toString()
        }

        /** The value of the four hexadecimal digits at [at], or -1. */
        fun hex4(bytes: ByteArray, at: Int, end: Int): Int {
            if (at + 4 > end) return -1
            var value = 0
            for (offset in 0 until 4) {
                val digit = when (val byte = bytes[at + offset].toInt()) {
                    in 0x30..0x39 -> byte - 0x30
                    in 0x41..0x46 -> byte - 0x41 + 10
                    in 0x61..0x66 -> byte - 0x61 + 10
                    else -> return -1
                }
                value = value * 16 + digit
            }
            return value
        }
    }

    private fun fail(reason: String): Nothing =
        throw OpenIAPDecodingException(emptyList(), "the data is not valid JSON: $reason (byte $index)")

    private fun document(): Any? {
        if (bytes.size >= 3 && bytes[0] == 0xEF.toByte() && bytes[1] == 0xBB.toByte() && bytes[2] == 0xBF.toByte()) index = 3
        skipSpace()
        if (index >= bytes.size) fail("the document is empty")
        val value = value(0)
        skipSpace()
        if (index < bytes.size) fail("text follows the value")
        return value
    }

    private fun skipSpace() {
        while (index < bytes.size) {
            when (bytes[index].toInt()) {
                0x20, 0x09, 0x0A, 0x0D -> index += 1
                else -> return
            }
        }
    }

    private fun value(depth: Int): Any? {
        if (index >= bytes.size) fail("a value is missing")
        return when (bytes[index].toInt()) {
            0x7B -> objectValue(depth + 1)
            0x5B -> arrayValue(depth + 1)
            0x22 -> {
                val start = index + 1
                OpenIAPJsonText(bytes, start, stringEnd())
            }
            0x74 -> literal("true", true)
            0x66 -> literal("false", false)
            0x6E -> literal("null", null)
            0x2D, in 0x30..0x39 -> {
                // Like Swift's scanner, the reader takes the run of number
                // characters and leaves checking its form to the reader of
                // the value.
                val start = index
                while (index < bytes.size && isNumberByte(bytes[index].toInt())) index += 1
                OpenIAPJsonNumber(String(CharArray(index - start) { offset -> '\u0000' + bytes[start + offset].toInt() }))
            }
            else -> fail("a value cannot start here")
        }
    }

    private fun isNumberByte(byte: Int): Boolean =
        byte in 0x30..0x39 || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x45 || byte == 0x65

    private fun literal(word: String, value: Boolean?): Boolean? {
        for (offset in word.indices) {
            if (index + offset >= bytes.size || bytes[index + offset].toInt() != word[offset] - '\u0000') fail("an unknown word")
        }
        index += word.length
        return value
    }

    /** Moves past the string that starts at [index]; returns where its closing quote is. */
    private fun stringEnd(): Int {
        var at = index + 1
        while (at < bytes.size) {
            when (bytes[at].toInt()) {
                0x22 -> {
                    index = at + 1
                    return at
                }
                // As Swift's scanner does, `\u` skips four more bytes whatever they are.
                0x5C -> at += if (at + 1 < bytes.size && bytes[at + 1].toInt() == 0x75) 6 else 2
                else -> at += 1
            }
        }
        fail("a string has no end")
    }

    private fun objectValue(depth: Int): Map<String, Any?> {
        if (depth > OpenIAPJson.MAX_READ_DEPTH) fail("JSON nested deeper than ${OpenIAPJson.MAX_READ_DEPTH} levels")
        index += 1
        val members = LinkedHashMap<String, Any?>()
        skipSpace()
        if (index < bytes.size && bytes[index].toInt() == 0x7D) {
            index += 1
            return members
        }
        while (true) {
            if (index >= bytes.size || bytes[index].toInt() != 0x22) fail("an object key must be a string")
            val start = index + 1
            val end = stringEnd()
            val key = decodeString(bytes, start, end) { reason -> fail(reason) }
            skipSpace()
            if (index >= bytes.size || bytes[index].toInt() != 0x3A) fail("a ':' must follow an object key")
            index += 1
            skipSpace()
            val item = value(depth)
            // Of duplicate keys the first is kept, as Swift keeps it.
            if (!members.containsKey(key)) members[key] = item
            skipSpace()
            if (index >= bytes.size) fail("an object has no end")
            when (bytes[index].toInt()) {
                0x2C -> {
                    index += 1
                    skipSpace()
                    if (index < bytes.size && bytes[index].toInt() == 0x7D) {
                        index += 1
                        return members
                    }
                }
                0x7D -> {
                    index += 1
                    return members
                }
                else -> fail("a ',' or '}' must follow an object member")
            }
        }
    }

    private fun arrayValue(depth: Int): List<Any?> {
        if (depth > OpenIAPJson.MAX_READ_DEPTH) fail("JSON nested deeper than ${OpenIAPJson.MAX_READ_DEPTH} levels")
        index += 1
        val items = ArrayList<Any?>()
        skipSpace()
        if (index < bytes.size && bytes[index].toInt() == 0x5D) {
            index += 1
            return items
        }
        while (true) {
            items.add(value(depth))
            skipSpace()
            if (index >= bytes.size) fail("an array has no end")
            when (bytes[index].toInt()) {
                0x2C -> {
                    index += 1
                    skipSpace()
                    if (index < bytes.size && bytes[index].toInt() == 0x5D) {
                        index += 1
                        return items
                    }
                }
                0x5D -> {
                    index += 1
                    return items
                }
                else -> fail("a ',' or ']' must follow an array element")
            }
        }
    }
}

/** UTF-8, UTF-16 and UTF-32, strictly, without platform character sets. */
internal object OpenIAPUnicode {
    /**
     * The scalar of the UTF-8 sequence at [at] and its length in bytes, or a
     * length of 0 when the bytes there are not valid UTF-8 (overlong forms,
     * surrogates and values past U+10FFFF included).
     */
    fun scalarAt(bytes: ByteArray, at: Int, end: Int): Pair<Int, Int> {
        val first = bytes[at].toInt() and 0xFF
        val length: Int
        var low = 0x80
        var high = 0xBF
        when (first) {
            in 0xC2..0xDF -> length = 2
            0xE0 -> { length = 3; low = 0xA0 }
            in 0xE1..0xEC, 0xEE, 0xEF -> length = 3
            0xED -> { length = 3; high = 0x9F }
            0xF0 -> { length = 4; low = 0x90 }
            in 0xF1..0xF3 -> length = 4
            0xF4 -> { length = 4; high = 0x8F }
            else -> return Pair(0, 0)
        }
        if (at + length > end) return Pair(0, 0)
        var scalar = first and (0xFF shr (length + 1))
        for (offset in 1 until length) {
            val byte = bytes[at + offset].toInt() and 0xFF
            val (min, max) = if (offset == 1) Pair(low, high) else Pair(0x80, 0xBF)
            if (byte < min || byte > max) return Pair(0, 0)
            scalar = (scalar shl 6) or (byte and 0x3F)
        }
        return Pair(scalar, length)
    }

    fun appendScalar(text: StringBuilder, scalar: Int) {
        if (scalar < 0x10000) {
            text.append('\u0000' + scalar)
        } else {
            text.append('\u0000' + (0xD800 + ((scalar - 0x10000) shr 10)))
            text.append('\u0000' + (0xDC00 + ((scalar - 0x10000) and 0x3FF)))
        }
    }

    /** The UTF-8 bytes of [text]; [fail] is called for an unpaired surrogate. */
    inline fun encode(text: String, fail: (String) -> Nothing): ByteArray {
        val out = ByteBuilder(text.length)
        var index = 0
        while (index < text.length) {
            var scalar = text[index] - '\u0000'
            if (scalar in 0xD800..0xDFFF) {
                val next = if (index + 1 < text.length) text[index + 1] - '\u0000' else -1
                if (scalar > 0xDBFF || next !in 0xDC00..0xDFFF) fail("the text holds an unpaired surrogate")
                scalar = 0x10000 + ((scalar - 0xD800) shl 10) + (next - 0xDC00)
                index += 1
            }
            out.appendScalar(scalar)
            index += 1
        }
        return out.toByteArray()
    }

    /**
     * The document as UTF-8. Like Swift's JSONDecoder, a byte order mark
     * or the zero bytes of its first characters tell UTF-16 and UTF-32 from
     * UTF-8; those are transcoded, and must be valid.
     */
    fun toUTF8(bytes: ByteArray): ByteArray {
        fun at(i: Int): Int = if (i < bytes.size) bytes[i].toInt() and 0xFF else -1
        val (unit, bigEndian, skip) = when {
            at(0) == 0x00 && at(1) == 0x00 && at(2) == 0xFE && at(3) == 0xFF -> Triple(4, true, 4)
            at(0) == 0xFF && at(1) == 0xFE && at(2) == 0x00 && at(3) == 0x00 -> Triple(4, false, 4)
            at(0) == 0xFE && at(1) == 0xFF -> Triple(2, true, 2)
            at(0) == 0xFF && at(1) == 0xFE -> Triple(2, false, 2)
            bytes.size >= 4 && at(0) == 0 && at(1) == 0 && at(2) == 0 -> Triple(4, true, 0)
            bytes.size >= 4 && at(1) == 0 && at(2) == 0 && at(3) == 0 -> Triple(4, false, 0)
            bytes.size >= 2 && at(0) == 0 -> Triple(2, true, 0)
            bytes.size >= 2 && at(1) == 0 -> Triple(2, false, 0)
            else -> return bytes
        }
        fun failed(): Nothing = throw OpenIAPDecodingException(emptyList(), "the data is not valid JSON: it is not valid UTF-" + (unit * 8))
        if ((bytes.size - skip) % unit != 0) failed()
        val out = ByteBuilder(bytes.size)
        var index = skip
        fun next(): Int {
            var value = 0
            for (offset in 0 until unit) {
                val byte = at(index + (if (bigEndian) offset else unit - 1 - offset))
                value = (value shl 8) or byte
            }
            index += unit
            return value
        }
        while (index < bytes.size) {
            var scalar = next()
            if (unit == 2 && scalar in 0xD800..0xDBFF) {
                if (index >= bytes.size) failed()
                val low = next()
                if (low !in 0xDC00..0xDFFF) failed()
                scalar = 0x10000 + ((scalar - 0xD800) shl 10) + (low - 0xDC00)
            }
            if (scalar < 0 || scalar > 0x10FFFF || scalar in 0xD800..0xDFFF) failed()
            out.appendScalar(scalar)
        }
        return out.toByteArray()
    }

    /** A growing array of bytes. */
    class ByteBuilder(capacity: Int) {
        private var bytes = ByteArray(if (capacity < 16) 16 else capacity)
        private var count = 0

        fun append(byte: Int) {
            if (count == bytes.size) bytes = bytes.copyOf(bytes.size * 2)
            bytes[count] = byte.toByte()
            count += 1
        }

        fun appendScalar(scalar: Int) {
            when {
                scalar < 0x80 -> append(scalar)
                scalar < 0x800 -> {
                    append(0xC0 or (scalar shr 6))
                    append(0x80 or (scalar and 0x3F))
                }
                scalar < 0x10000 -> {
                    append(0xE0 or (scalar shr 12))
                    append(0x80 or ((scalar shr 6) and 0x3F))
                    append(0x80 or (scalar and 0x3F))
                }
                else -> {
                    append(0xF0 or (scalar shr 18))
                    append(0x80 or ((scalar shr 12) and 0x3F))
                    append(0x80 or ((scalar shr 6) and 0x3F))
                    append(0x80 or (scalar and 0x3F))
                }
            }
        }

        fun toByteArray(): ByteArray = bytes.copyOf(count)
    }
}

/**
 * JSON numbers read as Swift's JSONDecoder reads them, from their text.
 */
internal object OpenIAPNumbers {
    private const val TWO_TO_53 = 9007199254740992.0
    private const val TWO_TO_63 = 9223372036854775808.0

    /** Whether [text] has the form of a JSON number: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`. */
    fun isJsonNumber(text: String): Boolean {
        var at = 0
        fun digits(): Int {
            val start = at
            while (at < text.length && text[at] in '0'..'9') at += 1
            return at - start
        }
        if (at < text.length && text[at] == '-') at += 1
        if (at < text.length && text[at] == '0') {
            at += 1
        } else if (digits() == 0) {
            return false
        }
        if (at < text.length && text[at] == '.') {
            at += 1
            if (digits() == 0) return false
        }
        if (at < text.length && (text[at] == 'e' || text[at] == 'E')) {
            at += 1
            if (at < text.length && (text[at] == '+' || text[at] == '-')) at += 1
            if (digits() == 0) return false
        }
        return at == text.length
    }

    /**
     * The whole number [text] stands for, as Swift reads an `Int`: an integer
     * exactly, within 64 bits; any other number as the nearest double, which
     * must be whole and within 64 bits (below 2^53 that double is the
     * value; from there on the digits are taken without their fraction, as
     * Foundation's Decimal does). Null when it is none of these.
     */
    fun whole(text: String): Long? {
        if (!isJsonNumber(text)) return null
        if (text.none { char -> char == '.' || char == 'e' || char == 'E' }) return text.toLongOrNull()
        val value = text.toDouble()
        if (value.isNaN() || value.isInfinite() || value != kotlin.math.floor(value)) return null
        if (value < -TWO_TO_63 || value >= TWO_TO_63) return null
        if (kotlin.math.abs(value) < TWO_TO_53) return value.toLong()
        return truncated(text)
    }

    /** [whole] of a double in a tree built in code. */
    fun whole(value: Double): Long? {
        if (value.isNaN() || value.isInfinite() || value != kotlin.math.floor(value)) return null
        if (value < -TWO_TO_63 || value >= TWO_TO_63) return null
        return value.toLong()
    }

    /**
     * The finite double [text] stands for, as Swift reads a `Double`: null
     * for a number out of range, and for one so small that it would read as
     * zero although its digits are not all zero.
     */
    fun double(text: String): Double? {
        if (!isJsonNumber(text)) return null
        val value = text.toDouble()
        if (value.isNaN() || value.isInfinite()) return null
        if (value == 0.0 && mantissa(text).any { char -> char in '1'..'9' }) return null
        return value
    }

    private fun mantissa(text: String): String {
        val exponent = text.indexOfFirst { char -> char == 'e' || char == 'E' }
        return if (exponent < 0) text else text.substring(0, exponent)
    }

    /**
     * The integer part of a JSON number of at least 2^53 (whose double, so,
     * has fewer than 20 integer digits), from its decimal digits; null past
     * what an Int64 holds, where Foundation's Decimal conversion fails too
     * (down to -(2^63 - 1)).
     */
    private fun truncated(text: String): Long? {
        val negative = text.startsWith("-")
        val body = if (negative) text.substring(1) else text
        val mark = body.indexOfFirst { char -> char == 'e' || char == 'E' }
        val mantissa = if (mark < 0) body else body.substring(0, mark)
        val exponentText = if (mark < 0) "0" else body.substring(mark + 1)
        // Saturated: a mantissa this short with an exponent this large was
        // already out of range as a double.
        val exponent = exponentText.removePrefix("+").toLongOrNull() ?: if (exponentText.startsWith("-")) -1_000_000L else 1_000_000L
        val point = mantissa.indexOf('.')
        val digits = if (point < 0) mantissa else mantissa.substring(0, point) + mantissa.substring(point + 1)
        val integerDigits = (if (point < 0) mantissa.length else point).toLong() + exponent
        if (integerDigits <= 0) return 0L
        if (integerDigits > 40) return null
        val count = integerDigits.toInt()
        val integer = if (count <= digits.length) digits.substring(0, count) else digits + "0".repeat(count - digits.length)
        val magnitude = integer.trimStart('0').ifEmpty { "0" }
        if (magnitude.length > 19) return null
        val value = magnitude.toLongOrNull() ?: return null
        return if (negative) -value else value
    }
}

/** Writes a neutral tree as compact JSON. */
internal class OpenIAPJsonWriter(private val out: StringBuilder) {
    fun value(value: Any?, depth: Int, path: List<String>) {
        when (value) {
            null -> out.append("null")
            is Boolean -> out.append(if (value) "true" else "false")
            is String -> string(value, path)
            is Long, is Int, is Short, is Byte -> out.append(value.toString())
            is Double -> double(value, path)
            is Float -> double(value.toDouble(), path)
            is OpenIAPJsonText, is OpenIAPJsonNumber -> value(OpenIAPJson.keep(value, path), depth, path)
            is Number -> {
                val text = value.toString()
                if (!OpenIAPNumbers.isJsonNumber(text)) throw OpenIAPEncodingException(path, "the number $text is not a JSON number")
                out.append(text)
            }
            is Map<*, *> -> {
                if (depth >= OpenIAPJson.MAX_DEPTH) throw OpenIAPEncodingException(path, "JSON nested deeper than ${OpenIAPJson.MAX_DEPTH} levels")
                out.append('{')
                var first = true
                for ((key, item) in value) {
                    if (key !is String) throw OpenIAPEncodingException(path, "an object key is not a string")
                    if (!first) out.append(',')
                    first = false
                    string(key, path)
                    out.append(':')
                    value(item, depth + 1, path + key)
                }
                out.append('}')
            }
            is List<*> -> {
                if (depth >= OpenIAPJson.MAX_DEPTH) throw OpenIAPEncodingException(path, "JSON nested deeper than ${OpenIAPJson.MAX_DEPTH} levels")
                out.append('[')
                for ((index, item) in value.withIndex()) {
                    if (index > 0) out.append(',')
                    value(item, depth + 1, path + "[$index]")
                }
                out.append(']')
            }
            else -> throw OpenIAPEncodingException(path, "not a JSON value")
        }
    }

    private fun double(value: Double, path: List<String>) {
        if (value.isNaN() || value.isInfinite()) throw OpenIAPEncodingException(path, "the number $value is not finite")
        // Whole numbers are written without a fraction, as Swift writes
        // them (a timestamp reads 1784160000000).
        if (value == kotlin.math.floor(value) && kotlin.math.abs(value) < 1e17) {
            out.append(value.toLong().toString())
        } else {
            out.append(value.toString())
        }
    }

    private fun string(text: String, path: List<String>) {
        out.append('"')
        var index = 0
        while (index < text.length) {
            val char = text[index]
            val unit = char - '\u0000'
            when {
                char == '"' -> out.append("\\\"")
                char == '\\' -> out.append("\\\\")
                char == '\n' -> out.append("\\n")
                char == '\r' -> out.append("\\r")
                char == '\t' -> out.append("\\t")
                unit < 0x20 || unit == 0x2028 || unit == 0x2029 -> {
                    out.append("\\u")
                    for (shift in intArrayOf(12, 8, 4, 0)) out.append("0123456789abcdef"[(unit shr shift) and 0xF])
                }
                unit in 0xD800..0xDBFF && index + 1 < text.length && (text[index + 1] - '\u0000') in 0xDC00..0xDFFF -> {
                    out.append(char)
                    out.append(text[index + 1])
                    index += 1
                }
                unit in 0xD800..0xDFFF -> throw OpenIAPEncodingException(path, "a string holds an unpaired surrogate")
                else -> out.append(char)
            }
            index += 1
        }
        out.append('"')
    }
}
