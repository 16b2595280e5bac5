// The replies the JSON bridge makes itself, shared with the Swift
// dispatcher's tests through Tests/CrossLanguage/bridge-errors.json (see
// Tests/OpenIAPTypesTests/BridgeErrorCasesTests.swift): the Kotlin
// dispatcher must answer each message with the same code and message.

import dev.openiap.types.IapStore
import dev.openiap.types.OpenIAPDispatcher
import dev.openiap.types.OpenIAPJson
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

class BridgeErrorCasesTests {
    @Test fun theKotlinDispatcherAnswersEveryCase() {
        val root = File(System.getProperty("openiap.root") ?: ".")
        val file = OpenIAPJson.parse(File(root, "Tests/CrossLanguage/bridge-errors.json").readBytes()) as Map<*, *>
        val cases = file["cases"] as List<*>
        assertTrue(cases.size >= 30)
        for (item in cases) {
            val case = item as Map<*, *>
            val message = case["message"] as String
            val store = IapStore.fromRawValue(case["store"] as String)
            var answer: String? = null
            OpenIAPDispatcher(store, MemoryStore(store)).handle(message) { answer = it }
            val reply = OpenIAPJson.parse(answer ?: throw AssertionError("no reply to $message")) as Map<*, *>
            assertEquals("$message: $answer", setOf("error"), reply.keys)
            val error = reply["error"] as Map<*, *>
            assertEquals("$message: $answer", setOf("code", "message"), error.keys)
            assertEquals(message, case["code"], error["code"])
            val text = error["message"] as String
            val whole = case["text"] as String?
            if (whole != null) {
                assertEquals(message, whole, text)
            } else {
                val prefix = case["messagePrefix"] as String
                assertTrue("$message: $text", text.startsWith(prefix) && text.length > prefix.length)
            }
        }
    }
}
