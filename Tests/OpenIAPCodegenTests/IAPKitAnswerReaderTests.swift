import Foundation
import Testing

@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen

/// The TypeScript IAPKit client's reading of answers, with the real tools:
/// the client of a small spec whose answer reaches every kind of type the
/// reader knows (an open enum with aliases, a closed enum, an opaque string
/// whose empty value is absent, a field alias, a degrading field, a `oneOf`
/// record, a map, unions that keep and that refuse unknown members) is
/// compiled with `tsc --strict --noUnusedLocals --noUnusedParameters` and
/// run with `node` over a `fetch` that answers canned bodies. Each expected
/// outcome is what the generated Swift decoders do with the same body (see
/// `TypeScriptAnswerReaders`); scripts/iapkit.sh proves, against the test
/// server, that the repository's three clients return the same values.
@Suite struct IAPKitAnswerReaderTests {
    static let spec = """
        spec:
          version: 1.0.0
        enums:
          State:
            aliases: UPPER_SNAKE
            values:
              entitled: Granted.
              pending-acknowledgment: Waiting.
          Format:
            closed: true
            values: [toml, json]
          Kind:
            values: [plain, other]
        strings:
          Env:
            emptyIsAbsent: true
            values:
              Sandbox: Test purchases.
        records:
          Payload:
            fields:
              format: Format
              body: String
          Found:
            oneOf: true
            fields:
              single: Payload?
              several: Payload[]?
          Plain:
            fields:
              kind: Kind
              note: String
          Other:
            fields:
              kind: Kind
              count: Int
          Answer:
            fields:
              state: State
              env: Env?
              title:
                type: String
                aliases: [name]
              payload:
                type: Payload?
                degrade: true
              found: Found?
              byName: map<State>?
              items: Item[]?
              strict: Strict?
              count: Int?
          IapkitErrorResponse:
            fields:
              errors: IapkitError[]
          IapkitError:
            fields:
              code: String
              message: String
              path: String?
        unions:
          Item:
            discriminator: kind
            unknown: keep
            members:
              plain: Plain
              other: Other
          Strict:
            discriminator: kind
            unknown: fail
            members:
              plain: Plain
        routes:
          getAnswer:
            method: GET
            path: /v1/answer
            auth: bearer
            responses:
              200: Answer
              default: IapkitErrorResponse

        """

    /// Canned answer -> what the client returns (canonical JSON, keys
    /// sorted), or `undecodableBody`.
    static let cases: [(answer: String, read: String)] = [
        // Aliases read as the value; undeclared members dropped; null optional left out.
        (#"{"state":"PENDING_ACKNOWLEDGMENT","title":"t","extra":{"x":1},"count":null}"#,
         #"{"state":"pending-acknowledgment","title":"t"}"#),
        // An open enum's unknown value kept exactly; an empty Env is absent; the alias of a field.
        (#"{"state":"GRACE_WINDOW","env":"","name":"old"}"#, #"{"state":"GRACE_WINDOW","title":"old"}"#),
        // The name wins over the alias; a degrading field with a closed enum's unknown value is absent.
        (#"{"state":"entitled","title":"new","name":"old","payload":{"format":"yaml","body":"b"}}"#,
         #"{"state":"entitled","title":"new"}"#),
        // oneOf: the first field present; a map of enum values; union members by tag, an unknown one kept whole.
        (#"{"state":"entitled","title":"t","found":{"several":[{"format":"toml","body":"b","x":1}]},"byName":{"a":"ENTITLED","__proto__":"entitled"},"items":[{"kind":"plain","note":"n","x":1},{"kind":"later","what":2}]}"#,
         #"{"byName":{"__proto__":"entitled","a":"entitled"},"found":{"several":[{"body":"b","format":"toml"}]},"items":[{"kind":"plain","note":"n"},{"kind":"later","what":2}],"state":"entitled","title":"t"}"#),
        // A oneOf object with none of its fields is kept whole.
        (#"{"state":"entitled","title":"t","found":{"later":[1]}}"#, #"{"found":{"later":[1]},"state":"entitled","title":"t"}"#),
        // Refused: a missing required field, a wrong JSON type, an unknown member of a union that fails, a fraction for an Int.
        (#"{"state":"entitled"}"#, "undecodableBody"),
        (#"{"state":"entitled","title":5}"#, "undecodableBody"),
        (#"{"state":"entitled","title":"t","strict":{"kind":"other","count":1}}"#, "undecodableBody"),
        (#"{"state":"entitled","title":"t","count":1.5}"#, "undecodableBody"),
        (#"[]"#, "undecodableBody"),
    ]

    @Test func theTypeScriptClientReadsAnswersAsTheTypesDo() throws {
        let spec = try SpecLoader.build(from: [SpecLoader.Source(path: "a.yaml", text: Self.spec)])
        let root = TypeScriptClientTests.packageRoot
        let templates = try TemplateSet.load(
            directory: root.appendingPathComponent("Templates/typescript").path, displayPath: "Templates/typescript")
        let files = try TypeScriptTarget().render(spec, templates: templates, header: GeneratedHeader(specVersion: "1.0.0"))
        let directory = try TypeScriptClientTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            try file.contents.write(to: directory.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Tests/CrossLanguage/node.d.ts"), to: directory.appendingPathComponent("node.d.ts"))
        let answers = Self.cases.map { JSONEscaping.quoted($0.answer) }.joined(separator: ", ")
        let script = #"""
            /// <reference path="./node.d.ts" />
            import { createIapkitClient, IapkitTransportError } from "./iapkit-client";
            declare class TextEncoder {
              encode(text: string): Uint8Array;
            }
            const answers: string[] = [\#(answers)];
            let next = "";
            const client = createIapkitClient({
              apiKey: "openiap-kit_sk_test",
              baseUrl: "http://127.0.0.1:9",
              fetch: async () => {
                const bytes = new TextEncoder().encode(next);
                let done = false;
                return {
                  status: 200,
                  headers: { get: () => null },
                  body: {
                    getReader: () => ({
                      read: async () => (done ? { done: true } : ((done = true), { done: false, value: bytes })),
                      cancel: async () => undefined,
                    }),
                  },
                };
              },
            });
            function canonical(value: unknown): string {
              if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
              if (typeof value === "object" && value !== null) {
                const record = value as { [key: string]: unknown };
                return "{" + Object.keys(record).sort().map((key) => JSON.stringify(key) + ":" + canonical(record[key])).join(",") + "}";
              }
              return JSON.stringify(value);
            }
            async function main(): Promise<void> {
              for (const answer of answers) {
                next = answer;
                try {
                  console.log(canonical(await client.getAnswer()));
                } catch (error) {
                  console.log(error instanceof IapkitTransportError ? error.reason : `unexpected ${String(error)}`);
                }
              }
            }
            main().catch((error: unknown) => console.log(`crashed: ${String(error)}`));
            """#
        try script.write(to: directory.appendingPathComponent("uses.ts"), atomically: true, encoding: .utf8)
        let compiled = try ExternalTool.run(
            ["tsc"] + TypeScriptClientTests.flags() + ["--noUnusedLocals", "--noUnusedParameters", "--outDir", "out", "uses.ts"],
            in: directory)
        #expect(compiled.status == 0, "\(compiled.output)")
        let run = try ExternalTool.run(["node", "out/uses.js"], in: directory)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines == Self.cases.map(\.read), "\(run.output)")
    }

    /// The readers table holds the types the answers reach and no other
    /// (an opaque string reads as a string and has no entry), in the order
    /// of `spec.types`.
    @Test func onlyTheTypesTheAnswersReachAreDescribed() throws {
        let spec = try SpecLoader.build(from: [
            SpecLoader.Source(path: "a.yaml", text: Self.spec + "  unused:\n    method: GET\n    path: /v1/unused\n    responses:\n      204: {type: Void, doc: Nothing.}\n")
        ])
        let names = TypeScriptAnswerReaders(spec: spec).readers().compactMap { reader -> String? in
            guard case let .object(object) = reader, case let .string(name)? = object["name"] else { return nil }
            return name
        }
        #expect(names == ["Answer", "Format", "Found", "IapkitError", "IapkitErrorResponse", "Item", "Kind", "Other", "Payload", "Plain", "State", "Strict"])
    }
}
