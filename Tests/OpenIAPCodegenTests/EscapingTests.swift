import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The escaping proof over `Tests/Hostile/EscapingSpec`: a spec whose names,
/// wire values, docs and defaults hold `*/`, `"""`, `\`, quotes, line breaks,
/// NULs, `${`, backticks, `#`, `</script>`, keywords of every target, names
/// starting with a digit and non-ASCII names. All four targets are rendered
/// into a temporary folder, then checked with the real tools:
///
/// - the Swift is compiled with `swiftc -swift-version 6 -warnings-as-errors`
///   together with the folder's `main.swift`, which decodes `payload.json`,
///   encodes it again and checks every wire name survives, then implements
///   the operation protocols and calls every operation through the
///   dispatcher;
/// - the TypeScript is type-checked with `tsc --strict` against a usage file
///   that assigns the same payload to the generated types;
/// - the JSON Schema is checked against the 2020-12 metaschema and the
///   payload validated with Python's `jsonschema`;
/// - the Kotlin is compiled with `kotlinc -Werror` (`scripts/kotlin.sh`)
///   together with the folder's `main.kt`, which does what `main.swift`
///   does, and run by `java`.
///
/// Names that cannot be made to work are rejected with located errors; those
/// are in `HostileSpecTests`.
@Suite(.serialized) struct EscapingTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let specFolder = packageRoot.appendingPathComponent("Tests/Hostile/EscapingSpec")

    /// The rendered files in a fresh temporary folder, which the caller deletes.
    static func render() throws -> URL {
        var options = Generator.Options()
        options.schemaPath = specFolder.path
        options.templatesRoot = packageRoot.appendingPathComponent("Templates").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("escaping-\(UUID().uuidString)")
        options.outputDirectory = directory.path
        try Generator(options: options).run()
        return directory
    }

    static func payload() throws -> [String: Any] {
        let data = try Data(contentsOf: specFolder.appendingPathComponent("payload.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func swiftCompilesAndKeepsEveryWireName() throws {
        let directory = try Self.render()
        defer { try? FileManager.default.removeItem(at: directory) }
        let swiftFolder = directory.appendingPathComponent("Swift")
        var sources = try FileManager.default.contentsOfDirectory(atPath: swiftFolder.path).sorted()
            .filter { $0.hasSuffix(".swift") }.map { swiftFolder.appendingPathComponent($0).path }
        // Two spec files, the runtime and the registry, and for the
        // operations their protocols.
        #expect(sources.count == 5)
        // The bridge (library OpenIAPBridge: the dispatcher and the reply
        // types) joins the same module here, so its import of the types goes.
        let bridgeFolder = directory.appendingPathComponent("SwiftBridge")
        let bridgeFiles = try FileManager.default.contentsOfDirectory(atPath: bridgeFolder.path).sorted()
        #expect(bridgeFiles == [SwiftNames.dispatcherFileName, SwiftNames.repliesFileName])
        for file in bridgeFiles {
            let text = try String(contentsOf: bridgeFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("\nimport OpenIAPTypes\n"), "\(file)")
            let merged = directory.appendingPathComponent("Bridge-" + file)
            try text.replacingOccurrences(of: "\nimport OpenIAPTypes\n", with: "\n").write(to: merged, atomically: true, encoding: .utf8)
            sources.append(merged.path)
        }
        let binary = directory.appendingPathComponent("escaping-check").path
        let compile = try ExternalTool.run(
            ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-module-name", "EscapingCheck"] + sources
                + [Self.specFolder.appendingPathComponent("main.swift").path, "-o", binary],
            in: directory)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
        let run = try ExternalTool.run(
            [binary, Self.specFolder.appendingPathComponent("payload.json").path], in: directory)
        #expect(run.status == 0)
        #expect(run.output == "escaping check passed\n")
    }

    @Test func kotlinCompilesAndKeepsEveryWireName() throws {
        let directory = try Self.render()
        defer { try? FileManager.default.removeItem(at: directory) }
        let kotlinFolder = directory.appendingPathComponent("Kotlin")
        let sources = try FileManager.default.contentsOfDirectory(atPath: kotlinFolder.path).sorted()
            .filter { $0.hasSuffix(".kt") }.map { kotlinFolder.appendingPathComponent($0).path }
        #expect(sources.count == 8)
        let script = Self.packageRoot.appendingPathComponent("scripts/kotlin.sh").path
        let jar = directory.appendingPathComponent("escaping-check.jar").path
        let compile = try ExternalTool.run(
            [script, "compile", jar] + sources
                + [Self.specFolder.appendingPathComponent("main.kt").path,
                   Self.packageRoot.appendingPathComponent("Tests/Kotlin/JsonComparison.kt").path],
            in: directory)
        try #require(compile.status == 0, "kotlinc failed:\n\(compile.output)")
        let run = try ExternalTool.run(
            [script, "run", jar, "MainKt", Self.specFolder.appendingPathComponent("payload.json").path], in: directory)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "escaping check passed\n")
    }

    @Test func typeScriptTypeChecksThePayload() throws {
        let directory = try Self.render()
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = try Self.payload()
        // A JSON value is a TypeScript expression, so the payload is assigned
        // as written, to the type of its JSON; every key keeps its wire
        // spelling.
        var usage = """
            import type {
              Default, Nasty, NastyAliased, NastyClosed, NastyInput, NastyMember, NastyRecord, NastyString, NastyUnion, OpenIAPWireTypes,
            } from "./openiap";

            """
        for type in payload.keys.sorted() {
            var instances = try #require(payload[type] as? [Any])
            // The TypeScript unions list only the known tags, by design (see
            // TypeScriptTarget); the payload's unknown ones are left out.
            if type == "NastyUnion" {
                instances = instances.filter { ($0 as? [String: Any])?["ki\"nd"] as? String != "a future tag" }
                #expect(instances.count == 3)
            }
            // An alias standing in for a group member is read, but the
            // TypeScript variants name the members as writers write them.
            if type == "NastyAliased" {
                instances = instances.filter { ($0 as? [String: Any])?["default"] != nil }
                #expect(instances.count == 1)
            }
            if type == "NastyTree" {
                instances = instances.filter { ($0 as? [String: Any])?["type"] as? String != "sapling" }
                #expect(instances.count == 2)
            }
            let json = try JSONSerialization.data(withJSONObject: instances, options: [.sortedKeys, .prettyPrinted])
            usage += "export const all\(type): OpenIAPWireTypes[\"\(type)\"][] = \(String(decoding: json, as: UTF8.self));\n"
        }
        usage += #"""
            // The quoted discriminator narrows the union.
            export function proto(value: NastyUnion): string | null | undefined {
              if (value["ki\"nd"] === "default") { return value.__proto__; }
              return undefined;
            }
            // Keys that are keywords or special in JavaScript read like any other.
            export function keys(r: NastyRecord): string[] {
              return [r.default, r.delete, r.enum, r.constructor, r.__proto__, r["3ds"], r["a\"b"], r["new\nline"], r["*/"]];
            }
            // @ts-expect-error a closed enum rejects other strings
            export const badClosed: NastyClosed = "nope";
            export const openValue: Nasty = "anything";
            export const openString: NastyString = "anything";
            // @ts-expect-error a required field with a keyword name is required
            export const badMember: NastyMember = { "__proto__": "x" };
            export const input: NastyInput = {};
            export const member: Default = { "ki\"nd": "self" };
            // @ts-expect-error at least one of the group is set in the JSON...
            export const none: OpenIAPWireTypes["NastyAliased"] = {};
            // ...which the type apps use leaves to the bridge.
            export const building: NastyAliased = {};

            """#
        let usageFile = directory.appendingPathComponent("TypeScript/usage.ts")
        try usage.write(to: usageFile, atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(
            ["tsc", "--strict", "--noEmit", "--target", "es2020", "--module", "commonjs", "--pretty", "false", "usage.ts"],
            in: directory.appendingPathComponent("TypeScript"))
        #expect(result.status == 0, "tsc failed:\n\(result.output)")
    }

    @Test func jsonSchemaIsValidAndAcceptsThePayload() throws {
        let directory = try Self.render()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = #"""
            import json, sys
            from jsonschema import Draft202012Validator
            document = json.load(open(sys.argv[1], encoding="utf-8"))
            Draft202012Validator.check_schema(document)
            payload = json.load(open(sys.argv[2], encoding="utf-8"))
            def valid(type_name, instance):
                schema = dict(document)
                schema["$ref"] = "#/$defs/" + type_name
                return Draft202012Validator(schema).is_valid(instance)
            failures = []
            for type_name, instances in payload.items():
                for index, instance in enumerate(instances):
                    if not valid(type_name, instance):
                        failures.append("%s[%d] rejected" % (type_name, index))
            record = dict(payload["NastyRecord"][0])
            del record["self"]
            rejected = [("NastyClosed", "nope"), ("NastyRecord", record), ("NastyMember", {"__proto__": "x"}),
                        ("NastyRecord", dict(payload["NastyRecord"][0], **{"new\nline": 1})),
                        ("NastyAliased", {}), ("NastyAliased", {"default": "abc */"}), ("NastyAliased", {"*/": " */\n"}),
                        ("NastyAliased", {"init": "0123456789"})]
            for type_name, instance in rejected:
                if valid(type_name, instance):
                    failures.append("%s accepted %r" % (type_name, instance))
            print("\n".join(failures))
            sys.exit(1 if failures else 0)
            """#
        let result = try ExternalTool.run(
            ["python3", "-c", script, directory.appendingPathComponent("JSONSchema/openiap.schema.json").path,
             Self.specFolder.appendingPathComponent("payload.json").path],
            in: directory)
        #expect(result.status == 0, "jsonschema disagreed:\n\(result.output)")
    }

    /// No raw control or invisible format character reaches any output file:
    /// every one is written as an escape.
    @Test func outputHoldsNoRawControlCharacters() throws {
        let directory = try Self.render()
        defer { try? FileManager.default.removeItem(at: directory) }
        for folder in ["Swift", "SwiftBridge", "JSONSchema", "TypeScript", "Kotlin"] {
            let path = directory.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: path.path) {
                let text = try String(contentsOf: path.appendingPathComponent(name), encoding: .utf8)
                let bad = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && InvisibleCharacters.needsEscape($0) }
                #expect(bad.isEmpty, "\(folder)/\(name) holds \(bad.map { String($0.value, radix: 16) })")
            }
        }
    }
}
