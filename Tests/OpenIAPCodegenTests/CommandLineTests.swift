import Foundation
import Testing
@testable import OpenIAPSpec
@testable import OpenIAPTemplates
@testable import OpenIAPCodegen
@testable import OpenIAPSpecTools
@testable import OpenIAPCommandLine

/// The `generator` command as users run it: exit codes, messages, `--check`,
/// and that a failed run leaves the output folder exactly as it was.
@Suite struct CommandLineTests {
    static let goldenSpec = CommandHarness.goldenSpec
    static let templates = CommandHarness.templates

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        CommandHarness.run(arguments)
    }

    /// Removes this test's folders when the test is over.
    let scratch = ScratchFolders(prefix: "openiap-cli")

    func temporaryDirectory() throws -> String {
        try scratch.make()
    }

    /// Every file under `root` with its bytes, for before/after comparisons.
    func snapshot(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            result[path] = isDirectory.boolValue ? Data("<dir>".utf8) : FileManager.default.contents(atPath: root + "/" + path)
        }
        return result
    }

    @Test func helpAndVersion() {
        #expect(run(["--help"]).status == 0)
        #expect(run(["--help"]).out.hasPrefix("usage: generator"))
        #expect(run(["--version"]).out == "generator \(GeneratorCommand.version)\n")
    }

    @Test func misuseExitsWithTwo() {
        let result = run(["--bogus"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("generator: error: unknown argument '--bogus'"))
        #expect(run(["--output"]).status == 2)
    }

    @Test func unknownTargetIsAnError() throws {
        let out = try temporaryDirectory()
        let result = run(["--schema", Self.goldenSpec, "--output", out, "--target", "cobol"])
        #expect(result.status == 1)
        #expect(result.err == "generator: error: unknown target 'cobol'; expected one of: \(Generator.allTargets.map(\.name).joined(separator: ", "))\n")
    }

    @Test func checkListsChangesThenPassesAfterGenerating() throws {
        let out = try temporaryDirectory()
        let before = run(["--schema", Self.goldenSpec, "--output", out, "--check"])
        #expect(before.status == 1)
        #expect(before.err.contains("added: \(out)/Swift/Records.swift"))
        #expect(snapshot(out).isEmpty, "--check must not write")

        #expect(run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        #expect(run(["--schema", Self.goldenSpec, "--output", out, "--check"]).status == 0)

        let file = out + "/Swift/Records.swift"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try original.replacingOccurrences(of: "public var quantity", with: "public var quantityX")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let stale = run(["--schema", Self.goldenSpec, "--output", out, "--check"])
        #expect(stale.status == 1)
        #expect(stale.err.contains("changed: \(out)/Swift/Records.swift"))
        #expect(stale.err.contains("-    public var quantityX: Int?"))
        #expect(stale.err.contains("+    public var quantity: Int?"))
    }

    @Test func fsyncWritesTheSameFiles() throws {
        let plain = try temporaryDirectory()
        let flushed = try temporaryDirectory()
        #expect(run(["--schema", Self.goldenSpec, "--output", plain]).status == 0)
        let result = run(["--schema", Self.goldenSpec, "--output", flushed, "--fsync"])
        #expect(result.status == 0)
        #expect(result.out.hasSuffix("files changed\n"))
        #expect(!snapshot(flushed).isEmpty)
        #expect(snapshot(flushed) == snapshot(plain))
    }

    @Test func aBadSpecLeavesTheOutputUntouched() throws {
        let out = try temporaryDirectory()
        #expect(run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        let before = snapshot(out)
        let spec = try temporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.goldenSpec) {
            try FileManager.default.copyItem(atPath: Self.goldenSpec + "/" + name, toPath: spec + "/" + name)
        }
        try "records:\n  Broken:\n    fields:\n      x: Missing\n".write(toFile: spec + "/zz.yaml", atomically: true, encoding: .utf8)
        let result = run(["--schema", spec, "--output", out])
        #expect(result.status == 1)
        #expect(result.err == "\(spec)/zz.yaml:4:7: error: unknown type 'Missing'\n")
        #expect(snapshot(out) == before)
    }

    @Test func aBadTemplateLeavesTheOutputUntouched() throws {
        let out = try temporaryDirectory()
        #expect(run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        let before = snapshot(out)
        let overrides = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: overrides + "/swift", withIntermediateDirectories: true)
        try "{{header}}\n{{#types}}\n{{nope}}\n".write(toFile: overrides + "/swift/file.tmpl", atomically: true, encoding: .utf8)
        let result = run(["--schema", Self.goldenSpec, "--output", out, "--templates", overrides])
        #expect(result.status == 1)
        #expect(result.err == "\(overrides)/swift/file.tmpl:2:1: error: unclosed section 'types'\n")
        #expect(snapshot(out) == before)
    }

    @Test func aTemplateOverrideReplacesOneFile() throws {
        let out = try temporaryDirectory()
        let overrides = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: overrides + "/swift", withIntermediateDirectories: true)
        let original = try String(contentsOfFile: Self.templates + "/swift/fieldSet.tmpl", encoding: .utf8)
        try original.replacingOccurrences(of: "public protocol", with: "// customised\npublic protocol")
            .write(toFile: overrides + "/swift/fieldSet.tmpl", atomically: true, encoding: .utf8)
        #expect(run(["--schema", Self.goldenSpec, "--output", out, "--templates", overrides, "--target", "swift"]).status == 0)
        let records = try String(contentsOfFile: out + "/Swift/Records.swift", encoding: .utf8)
        #expect(records.contains("// customised\npublic protocol Common"))
        #expect(records.contains("public struct PurchaseA"))
    }

    @Test func aKotlinTemplateOverrideReplacesOneFileToo() throws {
        let out = try temporaryDirectory()
        let overrides = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: overrides + "/kotlin", withIntermediateDirectories: true)
        let original = try String(contentsOfFile: Self.templates + "/kotlin/record.tmpl", encoding: .utf8)
        try original.replacingOccurrences(of: "data class {{name}}(", with: "@Suppress(\"unused\")\ndata class {{name}}(")
            .write(toFile: overrides + "/kotlin/record.tmpl", atomically: true, encoding: .utf8)
        #expect(run(["--schema", Self.goldenSpec, "--output", out, "--templates", overrides, "--target", "kotlin"]).status == 0)
        let records = try String(contentsOfFile: out + "/Kotlin/Records.kt", encoding: .utf8)
        #expect(records.contains("@Suppress(\"unused\")\ndata class PurchaseA("))
        // The other Kotlin templates, and the other targets, are the built-in ones.
        #expect(records.contains("sealed class Purchase : OpenIAPModel, Common {"))
        #expect(!FileManager.default.fileExists(atPath: out + "/Swift"))
        let misspelled = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: misspelled + "/kotlin", withIntermediateDirectories: true)
        try "x".write(toFile: misspelled + "/kotlin/recrod.tmpl", atomically: true, encoding: .utf8)
        let result = run(["--schema", Self.goldenSpec, "--output", out, "--templates", misspelled, "--target", "kotlin"])
        #expect(result.status == 1)
        #expect(result.err.contains("template override '\(misspelled)/kotlin/recrod.tmpl' replaces no built-in kotlin template"))
    }

    @Test func anOverrideThatReplacesNothingIsAnError() throws {
        let out = try temporaryDirectory()
        let overrides = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: overrides + "/swift", withIntermediateDirectories: true)
        try "x".write(toFile: overrides + "/swift/recrod.tmpl", atomically: true, encoding: .utf8)
        let result = run(["--schema", Self.goldenSpec, "--output", out, "--templates", overrides])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix(
            "generator: error: template override '\(overrides)/swift/recrod.tmpl' replaces no built-in swift template and no template includes it; the built-in ones are: alias, closedEnum, decode, decodeKey, dispatchAnswer, dispatchBody, dispatcher, encode, enum, "))
        #expect(snapshot(out).isEmpty)
    }

    @Test func anOverrideMayAddAPartialItIncludes() throws {
        let out = try temporaryDirectory()
        let overrides = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: overrides + "/swift", withIntermediateDirectories: true)
        let original = try String(contentsOfFile: Self.templates + "/swift/fieldSet.tmpl", encoding: .utf8)
        try ("{{> banner}}\n" + original).write(toFile: overrides + "/swift/fieldSet.tmpl", atomically: true, encoding: .utf8)
        try "// shared field set\n".write(toFile: overrides + "/swift/banner.tmpl", atomically: true, encoding: .utf8)
        #expect(run(["--schema", Self.goldenSpec, "--output", out, "--templates", overrides, "--target", "swift"]).status == 0)
        let records = try String(contentsOfFile: out + "/Swift/Records.swift", encoding: .utf8)
        #expect(records.contains("// shared field set\n"))
    }

    @Test func outputPathThatIsAFile() throws {
        let dir = try temporaryDirectory()
        let file = dir + "/Generated"
        try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
        let result = run(["--schema", Self.goldenSpec, "--output", file])
        #expect(result.status == 1)
        #expect(result.err.contains("is a file, not a directory"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder")
    }

    /// A spec with operations whose error record a bridge cannot use gets
    /// no `Generated/SwiftBridge`, and the run says why on stderr; a spec
    /// with a bridge, or without operations, gets no note.
    @Test func aSpecWithoutABridgeIsToldWhy() throws {
        let spec = try temporaryDirectory()
        let text = """
            spec:
              version: 1.0.0
            records:
              Answer:
                fields:
                  ok: Bool
            queries:
              ask:
                result: Answer

            """
        try text.write(toFile: spec + "/openiap.yaml", atomically: true, encoding: .utf8)
        let out = try temporaryDirectory()
        let result = run(["--schema", spec, "--output", out])
        #expect(result.status == 0)
        // Lint warnings (the spec has no docs) come first; the notes follow.
        #expect(Self.withoutLint(result.err) == """
            generator: note: no SwiftBridge (the OpenIAPBridge library: JSON dispatcher and reply types) for this spec: \
            the spec has no record 'PurchaseError' with a required 'code' and 'message' and no other required field; \
            a package that vendors it declares no OpenIAPBridge target

            """)
        #expect(!FileManager.default.fileExists(atPath: out + "/SwiftBridge"))
        // Only the bridge target has the note.
        #expect(Self.withoutLint(run(["--schema", spec, "--output", out, "--target", "swift"]).err).isEmpty)
        try text.replacingOccurrences(of: "queries:\n  ask:\n    result: Answer\n", with: "")
            .write(toFile: spec + "/openiap.yaml", atomically: true, encoding: .utf8)
        #expect(Self.withoutLint(run(["--schema", spec, "--output", out]).err).isEmpty)
        #expect(Self.withoutLint(run(["--schema", Self.goldenSpec, "--output", out]).err).isEmpty)
    }

    /// Standard error without the lint warnings (`path: warning: [RULE] …`).
    static func withoutLint(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(": warning: [") }
            .joined(separator: "\n")
    }

    @Test func oneTargetNeverRemovesAnothersFiles() throws {
        let out = try temporaryDirectory()
        #expect(run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        let before = snapshot(out).keys.filter { !$0.hasPrefix("Swift") }
        #expect(run(["--schema", Self.goldenSpec, "--output", out, "--target", "swift"]).status == 0)
        #expect(Set(snapshot(out).keys.filter { !$0.hasPrefix("Swift") }) == Set(before))
    }

    @Test func staleGeneratedFilesAreRemovedButHandWrittenOnesStay() throws {
        let out = try temporaryDirectory()
        #expect(run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        try "// \(GeneratedHeader.marker) from an older spec\n".write(toFile: out + "/Swift/Old.swift", atomically: true, encoding: .utf8)
        try "// mine\n".write(toFile: out + "/Swift/Mine.swift", atomically: true, encoding: .utf8)
        #expect(run(["--schema", Self.goldenSpec, "--output", out]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/Swift/Old.swift"))
        #expect(FileManager.default.fileExists(atPath: out + "/Swift/Mine.swift"))
    }
}
