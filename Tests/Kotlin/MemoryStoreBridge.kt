// openiap-memory-store-kotlin: the Kotlin peer of the cross-language test,
// the counterpart of Tests/CrossLanguage/Bridge/main.swift. It serves
// MemoryStore through the generated Kotlin OpenIAPDispatcher over JSON
// lines, with the same framing:
//
//   scripts/kotlin.sh run TYPES.jar:TESTS.jar MemoryStoreBridgeKt [--store google|horizon|amazon]
//
// Every line read on standard input is one message of the bridge, with an
// optional "id" of any JSON value. A message with an "id" gets one reply
// line with that "id" first; so does a call without one, and a line that is
// not JSON, without an "id". A subscribe or unsubscribe without an "id" is
// answered only when it fails. Events are written as they happen. Lines are
// handled one at a time, in the order read; the program ends at the end of
// its input. A line that is not UTF-8 is refused as the Swift bridge
// refuses it (a developer error), never mended into replacement characters.

import dev.openiap.types.IapStore
import dev.openiap.types.OpenIAPDispatcher
import dev.openiap.types.OpenIAPJson
import dev.openiap.types.OpenIAPDecodingException
import java.io.BufferedOutputStream
import java.io.ByteArrayOutputStream
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import kotlin.system.exitProcess

private val output = BufferedOutputStream(System.out)

/** Writes one whole line to standard output. */
private fun writeLine(line: String) = synchronized(output) {
    output.write(line.toByteArray(Charsets.UTF_8))
    output.write(0x0A)
    output.flush()
}

/** The text of a line, or null when its bytes are not UTF-8. */
private fun text(bytes: ByteArray): String? = try {
    Charsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes)).toString()
} catch (failure: CharacterCodingException) {
    null
}

/** [reply] with `"id"` first, as the Swift bridge writes it. */
private fun framed(reply: String, id: Any?): String {
    if (id == null || !reply.startsWith("{")) return reply
    val rest = reply.substring(1)
    return "{\"id\":" + OpenIAPJson.write(id) + (if (rest.startsWith("}")) "" else ",") + rest
}

fun main(args: Array<String>) {
    var storeName = "google"
    var index = 0
    while (index < args.size) {
        if (args[index] == "--store" && index + 1 < args.size && args[index + 1] in listOf("google", "horizon", "amazon")) {
            storeName = args[index + 1]
            index += 2
        } else {
            System.err.println("usage: MemoryStoreBridgeKt [--store google|horizon|amazon]")
            exitProcess(2)
        }
    }
    val store = IapStore.fromRawValue(storeName)
    val dispatcher = OpenIAPDispatcher(store, MemoryStore(store)) { event -> writeLine(event) }
    val input = System.`in`.buffered()
    while (true) {
        val line = ByteArrayOutputStream()
        var byte = input.read()
        if (byte < 0) break
        while (byte >= 0 && byte != 0x0A) {
            line.write(byte)
            byte = input.read()
        }
        val bytes = line.toByteArray()
        if (bytes.all { it.toInt() == 0x20 || it.toInt() == 0x0D || it.toInt() == 0x09 }) continue
        val message = text(bytes)
        if (message == null) {
            writeLine("""{"error":{"code":"developer-error","message":"message: the line is not UTF-8"}}""")
            continue
        }
        val frame = try {
            OpenIAPJson.parse(message) as? Map<*, *>
        } catch (failure: OpenIAPDecodingException) {
            null
        }
        val id = frame?.get("id")
        val isListener = frame != null && (frame.containsKey("subscribe") || frame.containsKey("unsubscribe"))
        // MemoryStore never suspends, so the reply is there when handle returns.
        var reply: String? = null
        dispatcher.handle(message) { reply = it }
        val answer = reply ?: continue
        if (id == null && isListener && answer == """{"result":null}""") continue
        writeLine(framed(answer, id))
    }
}
