import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The generated TypeScript API and client, proved with the real tools:
/// `tsc --strict` for the type-level cases (`Tests/TypeScript/client-types.ts`,
/// whose `@ts-expect-error` lines must each fail), `node` for the runtime
/// (`Tests/TypeScript/client-runtime.ts`), and the client examples of README
/// and Docs/TypeScript.md.
@Suite struct TypeScriptClientTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The flags every compile here uses: no DOM library, so the Node
    /// declarations of `Tests/CrossLanguage/node.d.ts` are the only globals.
    static func flags(lib: String = "es2020") -> [String] {
        ["--strict", "--target", "es2020", "--lib", lib, "--module", "commonjs", "--pretty", "false"]
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openiap-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func typeLevelCasesCompileOrFailAsMarked() throws {
        let result = try ExternalTool.run(
            ["tsc"] + Self.flags() + ["--noEmit", "Tests/TypeScript/client-types.ts"], in: Self.packageRoot)
        #expect(result.status == 0, "tsc disagreed with Tests/TypeScript/client-types.ts:\n\(result.output)")
    }

    /// The directives are real: without them, tsc reports an error on
    /// every line they stood above.
    @Test func everyExpectedErrorIsAnError() throws {
        let source = try String(contentsOf: Self.packageRoot.appendingPathComponent("Tests/TypeScript/client-types.ts"), encoding: .utf8)
        var lines = source.components(separatedBy: "\n")
        var expected: Set<Int> = []
        for index in lines.indices where lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("// @ts-expect-error") {
            // Blank the directive, keeping the line numbers.
            lines[index] = ""
            expected.insert(index + 2)
        }
        #expect(expected.count >= 20)
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = Self.packageRoot.appendingPathComponent("Tests/TypeScript/client-types-undirected.ts")
        try lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = try ExternalTool.run(
            ["tsc"] + Self.flags() + ["--noEmit", "Tests/TypeScript/client-types-undirected.ts"], in: Self.packageRoot)
        var failing: Set<Int> = []
        for line in result.output.components(separatedBy: "\n") where line.hasPrefix("Tests/TypeScript/client-types-undirected.ts(") {
            let number = line.dropFirst("Tests/TypeScript/client-types-undirected.ts(".count).prefix { $0.isNumber }
            if let number = Int(number) { failing.insert(number) }
        }
        #expect(failing == expected, "\(result.output)")
    }

    @Test func theRuntimeDoesNotTrustItsTransport() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiled = try ExternalTool.run(
            ["tsc"] + Self.flags() + ["--outDir", directory.path, "--rootDir", ".", "Tests/TypeScript/client-runtime.ts"],
            in: Self.packageRoot)
        #expect(compiled.status == 0, "tsc:\n\(compiled.output)")
        let run = try ExternalTool.run(["node", "Tests/TypeScript/client-runtime.js"], in: directory)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(" passed, 0 failed"), "\(run.output)")
    }

    /// Every TypeScript block that README.md or a page of Docs/ marks
    /// `<!-- compiled by TypeScriptClientTests -->` (README's example and
    /// "A JavaScript client" in Docs/TypeScript.md) compiles against the
    /// generated files, so that none can fall behind them.
    @Test func theDocsExamplesCompile() throws {
        let marker = "<!-- compiled by TypeScriptClientTests -->\n```ts\n"
        let docs = Self.packageRoot.appendingPathComponent("Docs")
        let pages = ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: docs.path))
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
        var examples: [(page: String, text: String)] = []
        for page in pages {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(page), encoding: .utf8)
            var from = text.startIndex
            while let start = text.range(of: marker, range: from..<text.endIndex) {
                let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex), "\(page): unterminated example")
                examples.append((page, String(text[start.upperBound..<end.lowerBound])))
                from = end.upperBound
            }
        }
        #expect(examples.contains { $0.page == "README.md" }, "README.md has no compiled TypeScript example")
        #expect(
            examples.contains { $0.page == "Docs/TypeScript.md" && $0.text.contains("finishTransaction({ purchase") },
            "Docs/TypeScript.md has no compiled client example")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in [TypeScriptTarget.fileName, TypeScriptTarget.clientFileName] {
            try FileManager.default.copyItem(
                at: Self.packageRoot.appendingPathComponent("Generated/TypeScript/\(name)"), to: directory.appendingPathComponent(name))
        }
        // One module per example (each imports or exports), compiled together;
        // tsc names the file of each error, and the file names the page.
        var files: [String] = []
        for (index, example) in examples.enumerated() {
            #expect(example.text.contains("createOpenIAPClient"), "\(example.page): the example makes no client")
            let file = example.page.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".md", with: "-\(index).ts")
            try example.text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
            files.append(file)
        }
        let result = try ExternalTool.run(["tsc"] + Self.flags(lib: "es2020,dom") + ["--noEmit"] + files, in: directory)
        #expect(result.status == 0, "an example of the docs does not compile:\n\(result.output)")
    }

    /// A spec without `PurchaseError` or events (as the golden spec and
    /// small specs are) still gets a client that compiles: the error record
    /// is the file's own, and `addListener` is left out.
    @Test func aSmallSpecGetsAClientThatCompiles() throws {
        let spec = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: """
            spec:
              version: 1.0.0
            records:
              Answer:
                fields:
                  ok: Bool
            queries:
              ask:
                args:
                  question: String
                result: Answer?
              ping:
                result: Bool
            """)])
        let templates = try TemplateSet.load(
            directory: Self.packageRoot.appendingPathComponent("Templates/typescript").path, displayPath: "Templates/typescript")
        let files = try TypeScriptTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: "1.0.0"))
        #expect(files.map(\.path) == [TypeScriptTarget.fileName, TypeScriptTarget.clientFileName])
        let declarations = files[0].contents
        #expect(declarations.contains("export interface OpenIAPErrorRecord {"))
        #expect(!declarations.contains("addListener(event"))
        #expect(!files[1].contents.contains("OpenIAPEventTransport"))
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        let uses = """
            import { createOpenIAPClient } from "./openiap-client";
            export async function use(): Promise<boolean> {
              const client = createOpenIAPClient(async () => ({ result: null }));
              // One argument, passed as itself.
              const answer = await client.ask("?");
              // @ts-expect-error the answer may be null
              const ok: boolean = answer.ok;
              return ok && (await client.ping());
            }
            """
        try uses.write(to: directory.appendingPathComponent("uses.ts"), atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(["tsc"] + Self.flags() + ["--noEmit", "uses.ts"], in: directory)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Hostile text in every place an operation puts it: docs, reasons,
    /// argument names and docs, error codes and stores (`*/`, quotes, `${`,
    /// backticks, a line break, a leading `@`). Both TypeScript files
    /// compile with the values intact, and the JSON Schema passes its
    /// metaschema and keeps them.
    @Test func hostileOperationTextIsEscaped() throws {
        let spec = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: #"""
            spec:
              version: 1.0.0
            enums:
              ErrorCode:
                values:
                  "*/ end": "A code that ends */ a comment."
                  "say \"hi\"": Quotes.
                  unknown: Unknown.
              IapStore:
                values:
                  "st`ore ${x}": A store.
            records:
              PurchaseError:
                fields:
                  code: ErrorCode
                  message: String
              Answer:
                doc: "@internal */ not a tag"
                fields:
                  ok: Bool
            queries:
              askNastily:
                doc: "Ends */ a comment,\nhas ${x}, `ticks` and \"quotes\"."
                args:
                  "ki\"nd":
                    type: String
                    doc: "*/ again, and @param fake"
                  "*/":
                    type: Int?
                    default: 3
                result:
                  type: Answer?
                  doc: "@returns */ tricky"
                errors:
                  "*/ end": "Fails with */ and \"quotes\" and ${x}."
                  "say \"hi\"": "@throws nothing"
            events:
              nastyEvent:
                doc: "*/ an event"
                args:
                  "</script>": String?
                payload: Answer
            """#)])
        let typescript = try TemplateSet.load(
            directory: Self.packageRoot.appendingPathComponent("Templates/typescript").path, displayPath: "Templates/typescript")
        let files = try TypeScriptTarget().render(spec, templates: typescript, header: GeneratedHeader(specVersion: "1.0.0"))
        let declarations = files[0].contents
        #expect(declarations.contains(#"errors: "*/ end" | "say \"hi\"";"#))
        #expect(declarations.contains(#"stores: "st`ore ${x}";"#))
        #expect(declarations.contains(#"  "ki\"nd": string;"#))
        #expect(declarations.contains(#"@throws `*\/ end` Fails with *\/ and "quotes" and ${x}."#))
        #expect(!declarations.contains("* @throws nothing"))
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        let uses = #"""
            import { createOpenIAPClient } from "./openiap-client";
            export async function use(): Promise<boolean> {
              const client = createOpenIAPClient(async () => ({ result: null }), () => () => undefined);
              client.addListener("nastyEvent", (answer) => void answer.ok, "x");
              const answer = await client.askNastily({ "ki\"nd": "k", "*/": 1 });
              return answer?.ok ?? false;
            }
            """#
        try uses.write(to: directory.appendingPathComponent("uses.ts"), atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(["tsc"] + Self.flags() + ["--noEmit", "uses.ts"], in: directory)
        #expect(result.status == 0, "\(result.output)")

        let schemaTemplates = try TemplateSet.load(
            directory: Self.packageRoot.appendingPathComponent("Templates/jsonschema").path, displayPath: "Templates/jsonschema")
        let schema = try JSONSchemaTarget().render(spec, templates: schemaTemplates, header: GeneratedHeader(specVersion: "1.0.0"))
        try schema[0].contents.write(to: directory.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
        let script = #"""
            import json
            from jsonschema import Draft202012Validator
            document = json.load(open("schema.json", encoding="utf-8"))
            Draft202012Validator.check_schema(document)
            call = {"$ref": "#/$defs/OpenIAPCall", "$defs": document["$defs"]}
            ok = {"operation": "askNastily", "args": {"ki\"nd": "k", "*/": 1}}
            bad = {"operation": "askNastily", "args": {"*/": 1}}
            assert not list(Draft202012Validator(call).iter_errors(ok)), "a good call"
            assert list(Draft202012Validator(call).iter_errors(bad)), "a call without its required argument"
            assert "- */ end: Fails with */" in document["$defs"]["AskNastilyReply"]["description"]
            print("hostile schema ok")
            """#
        let check = try ExternalTool.run(["python3", "-c", script], in: directory)
        #expect(check.status == 0 && check.output.contains("hostile schema ok"), "\(check.output)")
    }

    /// The client's conversions wherever the spec puts a named choice or a
    /// `oneOf` record: as an argument or result itself, in a list, a map,
    /// a record, a union member, an event's payload; and a choice without a
    /// tag. Compiled with `noUnusedLocals` (only the converters some
    /// operation needs are generated) and run with node.
    @Test func theClientConvertsWhereverTheShapesDiffer() throws {
        let spec = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: """
            spec:
              version: 1.0.0
            enums:
              Kind:
                values: [one, many]
            records:
              Thing:
                fields:
                  id: String
              Found:
                oneOf: true
                fields:
                  single: Thing?
                  several: Thing[]?
              Page:
                fields:
                  found: Found
                  byName: map<Found>?
                  pages: Found[]?
                  note: String?
              Plain:
                fields:
                  kind: String
                  found: Found
              Other:
                fields:
                  kind: String
                  id: String
            unions:
              Answer:
                discriminator: kind
                members: {plain: Plain, other: Other}
            inputs:
              Order:
                exactlyOne:
                  as: item
                  tag: kind
                  cases:
                    first: {name: single, tag: one}
                    rest: {name: several, tag: many}
                fields:
                  first: String?
                  rest: String[]?
                  kind: Kind?
                  note: String?
              Gift:
                exactlyOne:
                  as: item
                  cases: {card: card, cash: cash}
                fields:
                  card: String?
                  cash: Int?
              Basket:
                fields:
                  orders: Order[]
                  byName: map<Order>?
                  first: Order?
            queries:
              look:
                args:
                  basket: Basket
                result: Page
              answers:
                result: Answer[]
            mutations:
              order:
                args:
                  order: Order
                  gift: Gift?
                result: Found?
            events:
              found:
                payload: Found
            """)])
        let templates = try TemplateSet.load(
            directory: Self.packageRoot.appendingPathComponent("Templates/typescript").path, displayPath: "Templates/typescript")
        let files = try TypeScriptTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: "1.0.0"))
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        try FileManager.default.copyItem(
            at: Self.packageRoot.appendingPathComponent("Tests/CrossLanguage/node.d.ts"), to: directory.appendingPathComponent("node.d.ts"))
        let script = #"""
            /// <reference path="./node.d.ts" />
            import { createOpenIAPClient } from "./openiap-client";
            const item = { id: "i" };
            const sent: object[] = [];
            let reply: unknown = null;
            let deliver: (payload: unknown) => void = () => undefined;
            const client = createOpenIAPClient(async (_operation, args) => {
              sent.push(args);
              return { result: reply };
            }, (_event, _args, callback) => {
              deliver = callback;
              return () => undefined;
            });
            const problems: string[] = [];
            function same(what: string, actual: unknown, expected: unknown): void {
              if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`${what}: ${JSON.stringify(actual)}`);
            }
            async function main(): Promise<void> {
              reply = { found: { several: [item] }, byName: { a: { single: item }, b: {} }, pages: [{ single: item }, { several: null }], note: "n" };
              const page = await client.look({
                orders: [{ item: "x", kind: "one" }, { item: ["y"], kind: "many", note: "kept" }],
                byName: { a: { item: "z", kind: "one" } },
                first: null,
              });
              same("a record's oneOf fields", page, { found: [item], byName: { a: item, b: null }, pages: [item, null], note: "n" });
              same("choices in a list, a map and a null", sent.pop(), {
                basket: {
                  orders: [{ kind: "one", first: "x" }, { kind: "many", note: "kept", rest: ["y"] }],
                  byName: { a: { kind: "one", first: "z" } },
                  first: null,
                },
              });
              reply = [{ kind: "plain", found: { single: item } }, { kind: "other", id: "o" }, { kind: "later", found: { single: item } }];
              same("union members", await client.answers(), [{ kind: "plain", found: item }, { kind: "other", id: "o" }, { kind: "later", found: { single: item } }]);
              reply = { several: [item] };
              same("a oneOf result", await client.order({ order: { item: "x", kind: "one" }, gift: { item: { cash: 5 } } }), [item]);
              same("several arguments with a tagless choice", sent.pop(), { order: { kind: "one", first: "x" }, gift: { cash: 5 } });
              reply = null;
              same("an optional result left out", await client.order({ order: { item: ["x"], kind: "many" } }), null);
              same("an optional argument left out", sent.pop(), { order: { kind: "many", rest: ["x"] } });
              const payloads: unknown[] = [];
              client.addListener("found", (found) => payloads.push(found));
              deliver({ single: item });
              same("an event's payload", payloads, [item]);
              console.log(problems.length === 0 ? "conversions ok" : problems.join("\n"));
            }
            main().catch((error: unknown) => console.log(`crashed: ${String(error)}`));
            """#
        try script.write(to: directory.appendingPathComponent("uses.ts"), atomically: true, encoding: .utf8)
        let compiled = try ExternalTool.run(
            ["tsc"] + Self.flags() + ["--noUnusedLocals", "--outDir", "out", "uses.ts"], in: directory)
        #expect(compiled.status == 0, "\(compiled.output)")
        let run = try ExternalTool.run(["node", "out/uses.js"], in: directory)
        #expect(run.output.contains("conversions ok"), "\(run.output)")
    }

    /// Events alone: the declarations compile, and no runtime file is
    /// written (a client has nothing to call).
    @Test func aSpecWithEventsOnlyGetsNoClient() throws {
        let spec = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: """
            spec:
              version: 1.0.0
            events:
              ticked:
                payload: Int
            """)])
        let templates = try TemplateSet.load(
            directory: Self.packageRoot.appendingPathComponent("Templates/typescript").path, displayPath: "Templates/typescript")
        let files = try TypeScriptTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: "1.0.0"))
        #expect(files.map(\.path) == [TypeScriptTarget.fileName])
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try files[0].contents.write(to: directory.appendingPathComponent("openiap.ts"), atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(["tsc"] + Self.flags() + ["--noEmit", "openiap.ts"], in: directory)
        #expect(result.status == 0, "\(result.output)")
        #expect(files[0].contents.contains("ticked: {\n    args: OpenIAPNoArgs;\n    payload: number;"))
    }
}
