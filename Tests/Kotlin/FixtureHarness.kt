// The Kotlin half of the fixture proof (Tests/Fixtures, see its README):
// every payload is read with the generated Kotlin, written again and
// compared with the input, as FixtureCorpusTests does in Swift, and the
// verdict of each is written in the format of the Swift verdicts, for
// Tests/Tools/agreement.py. Built and run by scripts/kotlin.sh.
//
//   java ... FixtureHarnessKt FIXTURES_DIR VERDICTS.json
//
// The JSON values are compared through org.json (sameJson, in
// JsonComparison.kt), not through the
// generated reader, so that the code under test does not judge itself:
// the fixtures are well-formed JSON, where org.json's leniency does not
// come into play. Numbers compare by value (1 equals 1.0), strings by
// their characters (so by Unicode scalars), and true is not 1.

import dev.openiap.types.OpenIAPDecodingException
import dev.openiap.types.OpenIAPTypeRegistry
import dev.openiap.types.OpenIAPValidationException
import java.io.File
import org.json.JSONObject

/** What the generated Kotlin did with one payload, in agreement.py's words. */
fun verdict(typeName: String, file: File, expected: File?, mark: String): String {
    val type = OpenIAPTypeRegistry.types[typeName] ?: return "error: no generated type '$typeName'"
    val input = file.readBytes()
    val value = try {
        type.fromJson(input)
    } catch (error: OpenIAPDecodingException) {
        return "throws"
    }
    val reencoded = parse(value.toJsonString())
    if (sameJson(reencoded, parse(String(input, Charsets.UTF_8)))) {
        try {
            value.validate()
        } catch (error: OpenIAPValidationException) {
            return "constraint"
        }
        return "decodes"
    }
    if (expected != null && sameJson(reencoded, parse(expected.readText()))) {
        return if (mark == "degrades") "degrades" else "normalizes"
    }
    System.err.println("$typeName/${file.name}: re-encoded as ${value.toJsonString()}")
    return "mismatch"
}

fun quoted(text: String): String = JSONObject.quote(text)

fun main(args: Array<String>) {
    val root = File(args[0])
    val verdicts = sortedMapOf<String, String>()
    for (folder in root.listFiles()!!.filter { it.isDirectory }.sortedBy { it.name }) {
        for (file in folder.listFiles()!!.sortedBy { it.name }) {
            if (!file.name.endsWith(".json") || file.name.endsWith(".expected.json")) continue
            val mark = file.name.substringBefore('.')
            val expected = File(folder, file.name.removeSuffix(".json") + ".expected.json").takeIf { it.exists() }
            val key = folder.name + "/" + file.name
            verdicts[key] = try {
                verdict(folder.name, file, expected, mark)
            } catch (error: Throwable) {
                // Anything but a decoding error is a defect: it shows as a
                // disagreement with the mark, never as "throws".
                "crash: " + error
            }
        }
    }
    val text = verdicts.entries.joinToString(",\n", "{\n", "\n}\n") { "  " + quoted(it.key) + " : " + quoted(it.value) }
    File(args[1]).writeText(text)
    println("kotlin fixture harness: ${verdicts.size} fixtures, verdicts in ${args[1]}")
}
