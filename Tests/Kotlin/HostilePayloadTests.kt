// Hostile payloads against the generated Kotlin, mirroring the Swift
// HostilePayloadTests: each ends in an OpenIAPDecodingException with the
// path of the value at fault, or in a defined result, never in another
// exception, a hang or a stack overflow. The shared corpus
// (Tests/Hostile/Payloads/cases.json) holds the payloads whose verdicts
// Swift's HostilePayloadCorpusTests pins; here they must come out the same.
// Built and run by scripts/kotlin.sh (JUnit 4).

import dev.openiap.types.IapStore
import dev.openiap.types.IapkitProductClientPayload
import dev.openiap.types.OpenIAPDecodingException
import dev.openiap.types.OpenIAPEncodingException
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.OpenIAPPath
import dev.openiap.types.OpenIAPTypeRegistry
import dev.openiap.types.OpenIAPValidationException
import dev.openiap.types.Product
import dev.openiap.types.RequestVerifyPurchaseWithIapkitResult
import java.io.File
import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

class HostilePayloadTests {
    companion object {
        val root = File(System.getProperty("openiap.root") ?: ".")
        const val minimalResult = "{\"store\": \"apple\", \"isValid\": true, \"state\": \"entitled\""

        fun nestedArrays(depth: Int, inner: String = "1"): String = "[".repeat(depth) + inner + "]".repeat(depth)

        /** The error [body] throws, failing the test when it throws none. */
        fun decodingError(body: () -> Any?): OpenIAPDecodingException {
            try {
                body()
            } catch (error: OpenIAPDecodingException) {
                return error
            }
            fail("decoded")
            throw IllegalStateException()
        }

        fun path(error: OpenIAPDecodingException): String = if (error.path.isEmpty()) "" else OpenIAPPath.describe(error.path)
    }

    // MARK: the shared corpus

    @Test
    fun everyCaseOfTheSharedCorpusGetsTheSwiftVerdict() {
        val corpus = JSONObject(File(root, "Tests/Hostile/Payloads/cases.json").readText()).getJSONArray("cases")
        assertTrue(corpus.length() > 80)
        val failures = ArrayList<String>()
        for (index in 0 until corpus.length()) {
            val case = corpus.getJSONObject(index)
            val name = case.getString("name")
            val bytes = if (case.has("text")) case.getString("text").toByteArray(Charsets.UTF_8)
                else case.getString("bytes").chunked(2).map { pair -> pair.toInt(16).toByte() }.toByteArray()
            val type = OpenIAPTypeRegistry.types[case.getString("type")] ?: throw AssertionError("no type in $name")
            val value = try {
                type.fromJson(bytes)
            } catch (error: OpenIAPDecodingException) {
                if (case.getString("verdict") != "throws") failures.add("$name: threw $error")
                if (case.has("path") && path(error) != case.getString("path")) {
                    failures.add("$name: failed at '${path(error)}', Swift at '${case.getString("path")}' ($error)")
                }
                continue
            } catch (error: Throwable) {
                failures.add("$name: threw something other than a decoding error: $error")
                continue
            }
            if (case.getString("verdict") != "decodes") failures.add("$name: decoded")
            if (case.has("output") && !sameJson(parse(value.toJsonString()), case.get("output"))) {
                failures.add("$name: wrote ${value.toJsonString()}, Swift writes ${case.get("output")}")
            }
        }
        assertTrue(failures.joinToString("\n"), failures.isEmpty())
    }

    // MARK: depth

    @Test
    fun deepButAllowedNestingRoundTripsExactly() {
        // The member's object, the arrays, an object and its array:
        // MAX_KEPT_DEPTH levels, as deep as a value keeps.
        val json = "{\"platform\": \"web\", \"extra\": " + nestedArrays(OpenIAPJson.MAX_KEPT_DEPTH - 3, "{\"k\": [1, 2.5, \"s\", null, true]}") + "}"
        val product = Product.fromJson(json)
        assertTrue(product is Product.Unrecognized)
        val again = Product.fromJson(product.toJsonString())
        assertEquals(product, again)
        assertEquals(product.hashCode(), again.hashCode())
        assertEquals(OpenIAPJson.deepHashCode(OpenIAPJson.parse(json)), product.hashCode())
    }

    @Test
    fun whatDecodesAtTheDepthLimitEncodesAgain() {
        // MAX_KEPT_DEPTH levels round-trip; one more is refused at the array
        // that is too deep, as in Swift, whose decoder would spend time
        // growing with the square of the depth on every value kept.
        val deepest = Product.fromJson("{\"platform\": \"web\", \"extra\": " + nestedArrays(OpenIAPJson.MAX_KEPT_DEPTH - 1) + "}")
        assertEquals(deepest, Product.fromJson(deepest.toJsonString()))
        val error = decodingError { Product.fromJson("{\"platform\": \"web\", \"extra\": " + nestedArrays(OpenIAPJson.MAX_KEPT_DEPTH) + "}") }
        assertEquals(listOf("extra") + List(OpenIAPJson.MAX_KEPT_DEPTH - 1) { "[0]" }, error.path)
    }

    @Test
    fun treesBuiltInCodeAreHeldToTheDepthLimitToo() {
        var tree: Any? = 1L
        // The member's object and MAX_KEPT_DEPTH - 1 arrays: the most a value keeps.
        for (level in 0 until OpenIAPJson.MAX_KEPT_DEPTH - 1) tree = listOf(tree)
        val deepest = mapOf("platform" to "web", "extra" to tree)
        assertTrue(Product.fromJsonValue(deepest) is Product.Unrecognized)
        val tooDeep = mapOf("platform" to "web", "extra" to listOf(tree))
        val error = decodingError { Product.fromJsonValue(tooDeep) }
        assertEquals(OpenIAPJson.MAX_KEPT_DEPTH, error.path.size)
        assertTrue(error.reason, error.reason.contains("deeper than 32"))
    }

    @Test
    fun deepValuesBuiltInCodeHashCompareAndRefuseToEncode() {
        fun deep(leaf: Long): Product {
            var tree: Any? = leaf
            for (level in 0 until 10_000) tree = listOf(tree)
            return Product.Unrecognized(mapOf("platform" to "web", "extra" to tree))
        }
        val (one, other, different) = Triple(deep(1), deep(1), deep(2))
        // Equality and hashing walk without recursion.
        assertEquals(one, other)
        assertEquals(one.hashCode(), other.hashCode())
        assertNotEquals(one, different)
        assertEquals(2, setOf(one, other, different).size)
        try {
            one.toJsonString()
            fail("a 10,000-deep value was encoded")
        } catch (error: OpenIAPEncodingException) {
            assertEquals(OpenIAPJson.MAX_DEPTH, error.path.size)
        }
    }

    @Test
    fun objectsCompareAndHashWhateverTheirKeyOrder() {
        val a = OpenIAPJson.parse("{\"x\": 1, \"y\": [true, null], \"z\": {\"q\": \"r\"}}")
        val b = OpenIAPJson.parse("{\"z\": {\"q\": \"r\"}, \"y\": [true, null], \"x\": 1}")
        assertTrue(OpenIAPJson.deepEquals(a, b))
        assertEquals(OpenIAPJson.deepHashCode(a), OpenIAPJson.deepHashCode(b))
        assertFalse(OpenIAPJson.deepEquals(a, emptyMap<String, Any?>()))
        assertFalse(OpenIAPJson.deepEquals(listOf(1L), listOf(1L, 1L)))
        assertFalse(OpenIAPJson.deepEquals(1L, 1.0))
    }

    // MARK: size

    @Test
    fun fiftyMegabyteStrings() {
        val big = "x".repeat(50_000_000)
        val result = RequestVerifyPurchaseWithIapkitResult.fromJson(minimalResult + ", \"productId\": \"$big\", \"environment\": \"$big\"}")
        assertEquals(50_000_000, result.productId?.length)
        assertEquals(50_000_000, result.environment?.rawValue?.length)
        // A byte limit is checked by validate(), with the path of the field.
        val payload = IapkitProductClientPayload.fromJson("{\"format\": \"text\", \"body\": \"$big\", \"version\": 1, \"updatedAt\": 0}")
        try {
            payload.validate()
            fail("a 50 MB body passed validation")
        } catch (error: OpenIAPValidationException) {
            assertEquals(listOf("body"), error.path)
            assertEquals(OpenIAPValidationException.Reason.TooManyBytes(16384, 50_000_000), error.reason)
        }
        // An unknown enum value of 50 MB is kept exactly.
        val store = IapStore.fromJsonValue(OpenIAPJson.parse("\"$big\""), emptyList())
        assertEquals(50_000_000, store.rawValue.length)
        assertFalse(store.isKnown)
    }

    @Test
    fun byteLimitsCountUTF8BytesWithSurrogatePairsAsFour() {
        fun body(text: String) = IapkitProductClientPayload.fromJson(
            "{\"format\": \"text\", \"body\": " + JSONObject.quote(text) + ", \"version\": 1, \"updatedAt\": 0}")
        body("\uD83D\uDE00".repeat(4096)).validate()
        try {
            body("\uD83D\uDE00".repeat(4096) + "a").validate()
            fail("16,385 bytes passed")
        } catch (error: OpenIAPValidationException) {
            assertEquals(OpenIAPValidationException.Reason.TooManyBytes(16384, 16385), error.reason)
        }
        // Two bytes for é, three for €: 3,276 pairs and é€€ make 16,388.
        try {
            body("é€".repeat(3276) + "é€€").validate()
            fail("16,385 bytes passed")
        } catch (error: OpenIAPValidationException) {
            assertEquals(OpenIAPValidationException.Reason.TooManyBytes(16384, 16388), error.reason)
        }
    }

    // MARK: numbers

    @Test
    fun jsonValueNumbersHaveDefinedResults() {
        assertEquals(Long.MAX_VALUE, OpenIAPJson.parse("9223372036854775807"))
        assertEquals(Long.MIN_VALUE, OpenIAPJson.parse("-9223372036854775808"))
        // Outside Int64: the nearest Double.
        assertEquals(9.223372036854775808E18, OpenIAPJson.parse("9223372036854775808"))
        assertEquals(1.2345678901234568e29, OpenIAPJson.parse("123456789012345678901234567890"))
        assertEquals(Double.MAX_VALUE, OpenIAPJson.parse("1.7976931348623157e308"))
        assertEquals(1L, OpenIAPJson.parse("1.0"))
        assertEquals("12", OpenIAPJson.parse("\"12\""))
        assertEquals(true, OpenIAPJson.parse("true"))
        for (number in listOf("1e400", "-1e400", "01", "-", "1.", ".5", "+1", "0x10")) {
            decodingError { OpenIAPJson.parse(number) }
        }
    }

    // MARK: what org.json would have let through

    @Test
    fun orgJsonAcceptsWhatTheTypesRefuse() {
        val lenient = listOf(
            "/* c */$minimalResult}", "$minimalResult} // c", "$minimalResult} # c",
            "{store: \"apple\", \"isValid\": true, \"state\": \"entitled\"}",
            "{'store': 'apple', 'isValid': true, 'state': 'entitled'}",
            "{\"store\" = \"apple\", \"isValid\": true, \"state\": \"entitled\"}",
            "{\"store\" => \"apple\", \"isValid\": true, \"state\": \"entitled\"}",
            "{\"store\": \"apple\"; \"isValid\": true; \"state\": \"entitled\"}",
            "{\"store\": apple, \"isValid\": true, \"state\": \"entitled\"}",
            "$minimalResult, \"x\": 0x10}", "$minimalResult} x", "$minimalResult}{}", "$minimalResult, \"x\": True}")
        for (text in lenient) {
            // org.json reads each of them as a valid result...
            JSONObject(text)
            // ...the generated types refuse them all, at the whole document.
            assertEquals(text, "", path(decodingError { RequestVerifyPurchaseWithIapkitResult.fromJson(text) }))
        }
        // Of duplicate keys org.json keeps the last; the types keep the first, as Swift does.
        val duplicated = "{\"store\": \"apple\", \"isValid\": false, \"isValid\": true, \"state\": \"entitled\"}"
        assertEquals(true, JSONObject(duplicated).get("isValid"))
        assertEquals(false, RequestVerifyPurchaseWithIapkitResult.fromJson(duplicated).isValid)
        // org.json reads 010 as 8 and 0x10 as 16; an Int field refuses both.
        assertEquals(8, JSONObject("{\"v\": 010}").get("v"))
        decodingError { IapkitProductClientPayload.fromJson("{\"format\": \"text\", \"body\": \"\", \"version\": 010, \"updatedAt\": 0}") }
        // Nesting org.json would follow until the stack runs out is refused.
        decodingError { Product.fromJson("{\"platform\": \"web\", \"extra\": " + nestedArrays(100_000) + "}") }
    }

    @Test
    fun wrongShapesAtTheTopAreDecodingErrors() {
        for (text in listOf("", " ", "[]", "null", "1", "\"s\"", "{", "{\"store\": }", "{}{}")) {
            decodingError { RequestVerifyPurchaseWithIapkitResult.fromJson(text) }
            decodingError { Product.fromJson(text) }
        }
    }

    @Test
    fun textWithAnUnpairedSurrogateIsNotADocument() {
        decodingError { RequestVerifyPurchaseWithIapkitResult.fromJson("$minimalResult, \"productId\": \"\uD800\"}") }
        try {
            OpenIAPJson.write(mapOf("x" to "\uDC00"))
            fail("wrote an unpaired surrogate")
        } catch (error: OpenIAPEncodingException) {
            assertEquals(listOf("x"), error.path)
        }
    }
}
