// The org.json bridge (OpenIAPOrgJson.kt): org.json trees in and out of the
// generated types, with the same depth limit and the same results as text.

import dev.openiap.types.OpenIAPDecodingException
import dev.openiap.types.OpenIAPEncodingException
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.OpenIAPOrgJson
import dev.openiap.types.Purchase
import dev.openiap.types.RequestVerifyPurchaseWithIapkitResult
import java.io.File
import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

class OrgJsonBridgeTests {
    private val fixtures = File(System.getProperty("openiap.root") ?: ".", "Tests/Fixtures")

    @Test
    fun everyValidPurchaseFixtureReadsTheSameThroughTheBridge() {
        val files = File(fixtures, "Purchase").listFiles()!!.filter { file -> file.name.startsWith("valid.") }
        assertTrue(files.size >= 4)
        for (file in files) {
            val text = file.readText()
            val fromText = Purchase.fromJson(text)
            val fromOrgJson = OpenIAPOrgJson.decode(Purchase, JSONObject(text))
            assertEquals(file.name, fromText, fromOrgJson)
            // And back: the JSONObject of the value is the same JSON value as its text.
            assertTrue(file.name, sameJson(OpenIAPOrgJson.encode(fromText), parse(fromText.toJsonString())))
        }
    }

    @Test
    fun treesBecomeNeutralTrees() {
        val json = JSONObject("{\"a\": [1, 2.5, \"s\", null, true, {\"b\": 9007199254740993}]}")
        val tree = OpenIAPOrgJson.toJsonValue(json)
        assertEquals(mapOf("a" to listOf(1L, 2.5, "s", null, true, mapOf("b" to 9007199254740993L))), tree)
        val back = OpenIAPOrgJson.fromJsonValue(tree) as JSONObject
        assertTrue(sameJson(back, json))
        assertEquals(JSONObject.NULL, (back.get("a") as JSONArray).get(3))
    }

    @Test
    fun strictFieldsStayStrictThroughTheBridge() {
        val result = JSONObject("{\"store\": \"apple\", \"isValid\": \"true\", \"state\": \"entitled\"}")
        try {
            OpenIAPOrgJson.decode(RequestVerifyPurchaseWithIapkitResult, result)
            fail("a string isValid decoded")
        } catch (error: OpenIAPDecodingException) {
            assertEquals(listOf("isValid"), error.path)
        }
    }

    @Test
    fun depthIsLimitedBothWays() {
        var deep = JSONArray()
        for (level in 0 until 600) deep = JSONArray().put(deep)
        try {
            OpenIAPOrgJson.toJsonValue(deep)
            fail("600 levels converted")
        } catch (error: OpenIAPDecodingException) {
            assertEquals(OpenIAPJson.MAX_DEPTH, error.path.size)
        }
        var tree: Any? = emptyList<Any?>()
        for (level in 0 until 600) tree = listOf(tree)
        try {
            OpenIAPOrgJson.fromJsonValue(tree)
            fail("600 levels converted")
        } catch (error: OpenIAPEncodingException) {
            assertEquals(OpenIAPJson.MAX_DEPTH, error.path.size)
        }
    }
}
