// The Kotlin half of the Swift/Kotlin differential test. `swift test`
// (DifferentialPayloadTests) mutates the fixture corpus with a fixed seed
// and writes what the generated Swift does with each payload; this reads
// that file, runs every payload through the generated Kotlin, and fails
// when the two languages disagree: both must refuse a payload, or both
// accept it, write back the same JSON value and agree on whether it is
// valid. Every disagreement is printed with its payload. Built and run by
// scripts/kotlin.sh (`differential`).
//
//   java ... DifferentialHarnessKt CASES.json
//
// `readAndWrite` is the only code here that calls the generated API, so a
// rename there is one change here.

import dev.openiap.types.OpenIAPDecodingException
import dev.openiap.types.OpenIAPTypeRegistry
import dev.openiap.types.OpenIAPValidationException
import java.io.File
import kotlin.system.exitProcess
import org.json.JSONObject

/** What the generated Kotlin does with one payload: refuses it (null), or writes it back. */
class KotlinReading(val output: String, val valid: Boolean)

fun readAndWrite(typeName: String, payload: ByteArray): KotlinReading? {
    val type = OpenIAPTypeRegistry.types[typeName] ?: throw IllegalStateException("no generated type '$typeName'")
    val value = try {
        type.fromJson(payload)
    } catch (error: OpenIAPDecodingException) {
        return null
    }
    val valid = try {
        value.validate()
        true
    } catch (error: OpenIAPValidationException) {
        false
    }
    return KotlinReading(value.toJsonString(), valid)
}

fun bytesOf(hex: String): ByteArray = ByteArray(hex.length / 2) { index -> hex.substring(2 * index, 2 * index + 2).toInt(16).toByte() }

/** Why Kotlin disagrees with Swift about one case, or null when it agrees. */
fun disagreement(case: JSONObject): String? {
    val payload = bytesOf(case.getString("bytes"))
    val kotlin = try {
        readAndWrite(case.getString("type"), payload)
    } catch (error: Throwable) {
        // Anything but a decoding error is a defect.
        return "Kotlin threw $error"
    }
    val swiftAccepts = case.getString("verdict") == "accepts"
    return when {
        kotlin == null && !swiftAccepts -> null
        kotlin == null -> "Swift accepts it (writes ${case.getString("output")}), Kotlin refuses it"
        !swiftAccepts -> "Swift refuses it, Kotlin accepts it (writes ${kotlin.output})"
        !sameJson(parse(kotlin.output), parse(case.getString("output"))) ->
            "Swift writes ${case.getString("output")}, Kotlin writes ${kotlin.output}"
        kotlin.valid != case.getBoolean("valid") ->
            "Swift says ${if (case.getBoolean("valid")) "valid" else "invalid"}, Kotlin ${if (kotlin.valid) "valid" else "invalid"}"
        else -> null
    }
}

fun main(args: Array<String>) {
    val cases = JSONObject(File(args[0]).readText()).getJSONArray("cases")
    var accepted = 0
    var disagreements = 0
    for (index in 0 until cases.length()) {
        val case = cases.getJSONObject(index)
        if (case.getString("verdict") == "accepts") accepted++
        val problem = disagreement(case) ?: continue
        disagreements++
        val payload = String(bytesOf(case.getString("bytes")), Charsets.UTF_8)
        System.err.println("${case.getString("name")}\n  ${case.getString("type")} ${payload.take(2000)}\n  $problem")
    }
    println("differential: ${cases.length()} payloads, $accepted accepted and ${cases.length() - accepted} refused by Swift, $disagreements disagreements")
    // An empty file would agree with anything.
    if (cases.length() < 1000) {
        System.err.println("differential: only ${cases.length()} payloads in ${args[0]}")
        exitProcess(1)
    }
    if (disagreements > 0) exitProcess(1)
}
